import type { DirRow, MediaFile, MediaKind } from '@contract/index';
import { Input, Segmented, Skeleton } from 'antd';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useListState } from '../list/use-list-state';
import { DEFAULT_WRAPPER_PAGE_SIZE, Pager } from '../pagination/pagination';
import { useMessage } from '../use-message';
import { ALL_KEY, DirTree } from './dir-tree';
import { FileGrid } from './file-grid';
import { useDirTree, useFilePage } from './media.queries';
import './media.css';

export interface MediaBrowserProps {
  /** ALL_KEY, ROOT_KEY or a directory id. */
  dir: string;
  onDirChange: (dir: string) => void;
  selected: MediaFile[];
  onSelectedChange: (files: MediaFile[]) => void;
  multiple?: boolean;
  /** Most files that may be selected (multiple only). */
  max?: number;
  /** Only this kind is listed and the kind filter is hidden. */
  kind?: MediaKind;
  /** Above the tree (新建目录). */
  treeHeader?: ReactNode;
  treeActions?: (dir: DirRow) => ReactNode;
  /** Right of the search row (upload, move, delete…). */
  toolbar?: ReactNode;
  /** Between the search row and the grid (upload progress). */
  notice?: ReactNode;
  cardActions?: (file: MediaFile) => ReactNode;
  /** Do not toast refusals (the picker explains a missing grant itself). */
  silent?: boolean;
  pageSize?: number;
}

const KIND_OPTIONS = [
  { label: '全部', value: '' },
  { label: '图片', value: 'image' },
  { label: '视频', value: 'video' },
];

/** The library: directory tree on the left, the directory's files as a paged grid with search and kind on the right. */
export function MediaBrowser(props: MediaBrowserProps) {
  const { dir, onDirChange, selected, onSelectedChange, multiple = false, max, kind, silent } = props;
  const message = useMessage();
  const list = useListState<{ kind: '' | MediaKind }>(
    useMemo(() => ({ kind: '' as const }), []),
    props.pageSize ?? DEFAULT_WRAPPER_PAGE_SIZE,
  );
  const { setPage } = list;
  const pageSize = list.state.page_size;
  // A new directory starts on its first page.
  useEffect(() => {
    if (dir) setPage(1, pageSize);
  }, [dir, setPage, pageSize]);
  const tree = useDirTree(silent);
  const page = useFilePage({ ...list.query, kind: kind ?? list.state.filters.kind, dirId: dir === ALL_KEY ? '' : dir }, silent);
  const selectedIds = useMemo(() => new Set(selected.map((f) => f.id)), [selected]);

  const toggle = (f: MediaFile) => {
    if (selectedIds.has(f.id)) return onSelectedChange(selected.filter((x) => x.id !== f.id));
    if (!multiple) return onSelectedChange([f]);
    if (max && selected.length >= max) return void message.warning(`最多选择${max}个文件`);
    onSelectedChange([...selected, f]);
  };

  return (
    <div className="media-layout">
      <aside className="media-side">
        {props.treeHeader}
        {tree.data ? (
          <DirTree
            key={tree.data.dirs.length === 0 ? 'empty' : 'loaded'}
            dirs={tree.data.dirs}
            total={tree.data.total}
            rootCount={tree.data.rootCount}
            selected={dir}
            onSelect={onDirChange}
            actions={props.treeActions}
          />
        ) : (
          <Skeleton active paragraph={{ rows: 4 }} title={false} />
        )}
      </aside>
      <section className="media-main">
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'space-between', marginBottom: 12 }}>
          <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
            <Input.Search placeholder="搜索文件名称" allowClear onSearch={(v) => list.search(v.trim())} style={{ width: 220 }} />
            {!kind && (
              <Segmented
                options={KIND_OPTIONS}
                value={list.state.filters.kind}
                onChange={(v) => list.search(list.state.keyword, { kind: v as '' | MediaKind })}
              />
            )}
          </div>
          <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>{props.toolbar}</div>
        </div>
        {props.notice}
        <FileGrid
          files={page.data?.rows ?? []}
          selectedIds={selectedIds}
          onToggle={toggle}
          loading={page.isFetching}
          actions={props.cardActions}
          emptyText={list.state.keyword ? '没有找到相关文件' : '这里还没有文件'}
        />
        <Pager
          total={page.data?.total_count ?? 0}
          pageIndex={list.state.page_index}
          pageSize={pageSize}
          pageSizeOptions={[20, 40, 60, 100]}
          onChange={list.setPage}
        />
      </section>
    </div>
  );
}
