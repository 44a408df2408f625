import { FolderOpenOutlined, FolderOutlined, InboxOutlined, PictureOutlined } from '@ant-design/icons';
import type { DirRow } from '@contract/index';
import { Tree, type TreeDataNode } from 'antd';
import { type ReactNode, useMemo } from 'react';

/** Tree keys: every file, the root (未分组), and directory ids. */
export const ALL_KEY = 'all';
export const ROOT_KEY = '0';

export interface DirTreeProps {
  dirs: DirRow[];
  total: number;
  rootCount: number;
  /** ALL_KEY, ROOT_KEY or a directory id. */
  selected: string;
  onSelect: (key: string) => void;
  /** Buttons shown beside a directory (the 素材库 screen's rename / delete). */
  actions?: (dir: DirRow) => ReactNode;
}

/** The directory tree built from the flat GetTree rows, with 全部 and 未分组 on top. */
export function buildTree(dirs: DirRow[], title: (d: DirRow) => ReactNode): TreeDataNode[] {
  const byParent = new Map<string, DirRow[]>();
  for (const d of dirs) byParent.set(d.parentId, [...(byParent.get(d.parentId) ?? []), d]);
  const nodes = (parentId: string, seen: Set<string>): TreeDataNode[] =>
    (byParent.get(parentId) ?? [])
      .filter((d) => !seen.has(d.id))
      .map((d) => {
        const children = nodes(d.id, new Set([...seen, d.id]));
        return { key: d.id, title: title(d), children: children.length ? children : undefined, isLeaf: children.length === 0 };
      });
  return nodes(ROOT_KEY, new Set());
}

export function DirTree({ dirs, total, rootCount, selected, onSelect, actions }: DirTreeProps) {
  const treeData = useMemo<TreeDataNode[]>(
    () => [
      { key: ALL_KEY, title: `全部文件 (${total})`, icon: <PictureOutlined />, isLeaf: true },
      { key: ROOT_KEY, title: `未分组 (${rootCount})`, icon: <InboxOutlined />, isLeaf: true },
      ...buildTree(dirs, (d) => (
        <span className="media-dir-title">
          <span className="media-dir-name" title={d.name}>
            {d.name} ({d.fileCount})
          </span>
          {actions && (
            <span className="media-dir-actions" onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
              {actions(d)}
            </span>
          )}
        </span>
      )),
    ],
    [dirs, total, rootCount, actions],
  );
  return (
    <Tree
      className="media-dir-tree"
      blockNode
      showIcon
      defaultExpandAll
      icon={(p) => ((p as { expanded?: boolean }).expanded ? <FolderOpenOutlined /> : <FolderOutlined />)}
      treeData={treeData}
      selectedKeys={[selected]}
      onSelect={(keys) => keys[0] !== undefined && onSelect(String(keys[0]))}
    />
  );
}
