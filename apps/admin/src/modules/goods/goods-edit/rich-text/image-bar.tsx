import type { Editor } from '@tiptap/react';
import { Button, Space } from 'antd';
import type { MouseEvent } from 'react';
import { IMAGE_WIDTHS } from './rich-text';

/** Shown while an image is selected (a click on it): its width, or its removal. */
export function ImageBar({ editor }: { editor: Editor }) {
  const keep = (e: MouseEvent) => e.preventDefault();
  // The new width replaces the image node, and with it the selection: it is put back so another width can follow.
  const setSize = (size: string) => {
    const at = editor.state.selection.from;
    editor.chain().focus().updateAttributes('image', { size }).setNodeSelection(at).run();
  };
  return (
    <Space className="rte-image-bar" size={4} wrap>
      <span>图片宽度：</span>
      {IMAGE_WIDTHS.map((w) => (
        <Button key={w || 'auto'} size="small" onMouseDown={keep} onClick={() => setSize(w)}>
          {w || '原图'}
        </Button>
      ))}
      <Button size="small" danger onMouseDown={keep} onClick={() => editor.chain().focus().deleteSelection().run()}>
        删除图片
      </Button>
    </Space>
  );
}
