import type { TableProps } from 'antd';
import { useCallback, useState } from 'react';

export interface Sorter {
  field: string;
  order: 'asc' | 'desc';
}

export interface ListState<F> {
  page_index: number;
  page_size: number;
  keyword: string;
  sorter: Sorter[];
  filters: F;
}

/**
 * The state of a server-paged list (spec 000 §3 list request): page, size, keyword, sorter and the page's own
 * filters. Changing a filter or the keyword goes back to page 1.
 */
export function useListState<F extends object>(initial: F, pageSize = 10) {
  const [state, setState] = useState<ListState<F>>({ page_index: 1, page_size: pageSize, keyword: '', sorter: [], filters: initial });
  const setPage = useCallback((page_index: number, page_size: number) => setState((s) => ({ ...s, page_index, page_size })), []);
  const search = useCallback(
    (keyword: string, filters?: Partial<F>) => setState((s) => ({ ...s, page_index: 1, keyword, filters: { ...s.filters, ...filters } })),
    [],
  );
  const reset = useCallback(() => setState((s) => ({ ...s, page_index: 1, keyword: '', sorter: [], filters: initial })), [initial]);
  /** antd Table's onChange: maps its sorter to the request's sorter list. */
  const onTableChange = useCallback<NonNullable<TableProps<object>['onChange']>>((_p, _f, sorter) => {
    const list = (Array.isArray(sorter) ? sorter : [sorter])
      .filter((s) => s.order && (s.columnKey ?? s.field))
      .map((s) => ({ field: String(s.columnKey ?? s.field), order: s.order === 'ascend' ? ('asc' as const) : ('desc' as const) }));
    setState((s) => ({ ...s, page_index: 1, sorter: list }));
  }, []);
  /** The request body: list fields plus the filters. */
  const query = {
    page_index: state.page_index,
    page_size: state.page_size,
    keyword: state.keyword,
    sorter: state.sorter,
    ...state.filters,
  };
  /** antd's sortOrder for a column, so the header shows the server's sort. */
  const sortOrderOf = (field: string) => {
    const s = state.sorter.find((x) => x.field === field);
    return s ? (s.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null;
  };
  return { state, query, setPage, search, reset, onTableChange, sortOrderOf };
}
