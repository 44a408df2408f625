import { Table, type TableProps } from 'antd';
import { Pager } from '../pagination/pagination';
import type { useListState } from './use-list-state';

/** Spec 000 §2.4: page sizes 10, 20, 50, 100. */
export const LIST_PAGE_SIZES = [10, 20, 50, 100];

type ListControl = Pick<ReturnType<typeof useListState>, 'state' | 'setPage' | 'onTableChange'>;

interface Props<T> extends Omit<TableProps<T>, 'dataSource' | 'loading' | 'pagination' | 'onChange'> {
  /** The page's list state (page, size, sorter). */
  list: ListControl;
  /** The list query's result: {rows, total_count}. */
  result: { data?: { rows: T[]; total_count: number; total_estimated?: boolean }; isFetching: boolean };
  pageSizeOptions?: number[];
}

/**
 * A server-paged, server-sorted table with the shared pager under it. The row actions (the column keyed 'op') stay
 * pinned to the right and the table scrolls sideways inside its card when its columns are wider than the screen, so
 * no action is ever cut off (1280 px and up).
 */
export function ListTable<T extends object>({ list, result, pageSizeOptions = LIST_PAGE_SIZES, columns, scroll, ...table }: Props<T>) {
  return (
    <>
      <Table<T>
        {...table}
        columns={columns?.map((c) => (c.key === 'op' && c.fixed === undefined ? { ...c, fixed: 'right' as const } : c))}
        scroll={{ x: 'max-content', ...scroll }}
        loading={result.isFetching}
        dataSource={result.data?.rows ?? []}
        pagination={false}
        onChange={list.onTableChange as TableProps<T>['onChange']}
      />
      <Pager
        total={result.data?.total_count ?? 0}
        estimated={result.data?.total_estimated ?? false}
        pageIndex={list.state.page_index}
        pageSize={list.state.page_size}
        pageSizeOptions={pageSizeOptions}
        onChange={list.setPage}
      />
    </>
  );
}
