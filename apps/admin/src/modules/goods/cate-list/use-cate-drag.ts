import type { GoodsTypeNode } from '@contract/index';
import type { DragEvent, HTMLAttributes } from 'react';
import { useState } from 'react';
import { useMessage } from '@/shared';
import { siblingsOf } from './cate-tree';

/**
 * Native drag and drop of a category row onto a sibling: the dragged category takes the sibling's place
 * (`reorder(row, to)`). Off while the tree is filtered.
 */
export function useCateDrag(tree: GoodsTypeNode[], off: boolean, reorder: (row: GoodsTypeNode, to: number) => void) {
  const message = useMessage();
  const [dragging, setDragging] = useState<string | null>(null);
  return (row: GoodsTypeNode): HTMLAttributes<HTMLElement> =>
    off
      ? {}
      : {
          draggable: true,
          onDragStart: (e: DragEvent) => {
            e.stopPropagation();
            e.dataTransfer.effectAllowed = 'move';
            setDragging(row.id);
          },
          onDragOver: (e: DragEvent) => {
            if (dragging && dragging !== row.id) e.preventDefault();
          },
          onDragEnd: () => setDragging(null),
          onDrop: (e: DragEvent) => {
            e.preventDefault();
            const from = dragging;
            setDragging(null);
            if (!from || from === row.id) return;
            const at = siblingsOf(tree, from);
            const target = at?.siblings.findIndex((s) => s.id === row.id) ?? -1;
            if (!at || target < 0) {
              message.warning('只能在同级分类之间拖动排序');
              return;
            }
            reorder(at.siblings[at.index], target);
          },
          style: { opacity: dragging === row.id ? 0.5 : 1 },
        };
}
