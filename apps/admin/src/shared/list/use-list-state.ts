import type { TableProps } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

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

/** Query-string names of the list fields; a filter takes its own name and must not use these. */
const PAGE = 'page';
const SIZE = 'size';
const KEYWORD = 'keyword';
const SORT = 'sort';
const LIST_KEYS = new Set([PAGE, SIZE, KEYWORD, SORT]);

const freshState = <F>(initial: F, pageSize: number): ListState<F> => ({
  page_index: 1,
  page_size: pageSize,
  keyword: '',
  sorter: [],
  filters: initial,
});

/** A filter's value from the query string, typed like its initial value (a string filter stays a string). */
function filterValue(raw: string, initial: unknown): unknown {
  if (typeof initial === 'string') return raw;
  try {
    const v = JSON.parse(raw);
    if (typeof initial === 'number') return typeof v === 'number' ? v : initial;
    if (typeof initial === 'boolean') return typeof v === 'boolean' ? v : initial;
    return typeof v === 'string' || v === null ? raw : v;
  } catch {
    return initial === undefined ? raw : initial;
  }
}

const positive = (raw: string | null, fallback: number) => {
  const n = Number(raw);
  return raw !== null && Number.isInteger(n) && n > 0 ? n : fallback;
};

/** The list state a query string holds; what it lacks (or holds wrongly) is the initial state. */
export function listStateFromParams<F extends object>(params: URLSearchParams, initial: F, pageSize: number): ListState<F> {
  // Only the filters named in the initial state (an optional one with the value undefined): other parameters belong
  // to the page (an id…).
  const filters = { ...initial } as Record<string, unknown>;
  for (const key of Object.keys(initial)) {
    const raw = params.get(key);
    if (raw !== null && !LIST_KEYS.has(key)) filters[key] = filterValue(raw, (initial as Record<string, unknown>)[key]);
  }
  const sorter = (params.get(SORT) ?? '')
    .split(',')
    .map((s) => s.split('.'))
    .filter(([field, order]) => field && (order === 'asc' || order === 'desc'))
    .map(([field, order]) => ({ field, order: order as Sorter['order'] }));
  return {
    page_index: positive(params.get(PAGE), 1),
    page_size: positive(params.get(SIZE), pageSize),
    keyword: params.get(KEYWORD) ?? '',
    sorter,
    filters: filters as F,
  };
}

/**
 * The query string for a list state, beside the page's other parameters: only what differs from the initial state
 * is written, so an untouched list keeps a bare address.
 */
export function listStateToParams<F extends object>(
  base: URLSearchParams,
  state: ListState<F>,
  initial: F,
  pageSize: number,
): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const key of [...LIST_KEYS, ...Object.keys(initial)]) next.delete(key);
  if (state.page_index !== 1) next.set(PAGE, String(state.page_index));
  if (state.page_size !== pageSize) next.set(SIZE, String(state.page_size));
  if (state.keyword) next.set(KEYWORD, state.keyword);
  if (state.sorter.length) next.set(SORT, state.sorter.map((s) => `${s.field}.${s.order}`).join(','));
  for (const [key, value] of Object.entries(state.filters)) {
    if (!(key in initial)) continue;
    const start = (initial as Record<string, unknown>)[key];
    if (value === undefined || JSON.stringify(value) === JSON.stringify(start)) continue;
    next.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return next;
}

/**
 * The state of a server-paged list (spec 000 §3 list request): page, size, keyword, sorter and the page's own
 * filters. Changing a filter or the keyword goes back to page 1. The state stays with the component: for a list in a
 * dialog or a picker. A page's own list uses useUrlListState.
 */
export function useListState<F extends object>(initial: F, pageSize = 10) {
  const [state, setState] = useState<ListState<F>>(() => freshState(initial, pageSize));
  const initialRef = useRef(initial);
  initialRef.current = initial;
  return useListControls(state, setState, initialRef);
}

/**
 * useListState with the state in the page's query string (`?page=2&size=20&keyword=…&sort=price.asc&status=…`), so
 * opening a row and coming back (Back, 取消, reloading, a shared address) shows the same page, filters and sort.
 * The filters read back are those named in `initial` (an optional one with the value undefined).
 */
export function useUrlListState<F extends object>(initial: F, pageSize = 10) {
  const [params, setParams] = useSearchParams();
  const initialRef = useRef(initial);
  initialRef.current = initial;
  const state = listStateFromParams(params, initial, pageSize);
  // The address the last change asked for. The router commits a navigation later (the data router in a transition),
  // so a second change right after the first (a tab, then Enter in the keyword) must build on the first, not on the
  // address still shown. When the address changes (that navigation arriving, or Back) it is the truth again.
  const latest = useRef(params);
  const seen = useRef(params.toString());
  if (params.toString() !== seen.current) {
    seen.current = params.toString();
    latest.current = params;
  }
  const update = useCallback(
    (change: (s: ListState<F>) => ListState<F>) => {
      const prev = latest.current;
      const next = listStateToParams(prev, change(listStateFromParams(prev, initialRef.current, pageSize)), initialRef.current, pageSize);
      latest.current = next;
      // Replace, not push: Back leaves the list rather than stepping through each filter.
      setParams(next, { replace: true });
    },
    [setParams, pageSize],
  );
  return useListControls(state, update, initialRef);
}

function useListControls<F extends object>(
  state: ListState<F>,
  update: (change: (s: ListState<F>) => ListState<F>) => void,
  initialRef: { current: F },
) {
  const setPage = useCallback((page_index: number, page_size: number) => update((s) => ({ ...s, page_index, page_size })), [update]);
  const search = useCallback(
    (keyword: string, filters?: Partial<F>) => update((s) => ({ ...s, page_index: 1, keyword, filters: { ...s.filters, ...filters } })),
    [update],
  );
  const reset = useCallback(
    () => update((s) => ({ ...s, page_index: 1, keyword: '', sorter: [], filters: initialRef.current })),
    [update, initialRef],
  );
  /** antd Table's onChange: maps its sorter to the request's sorter list. */
  const onTableChange = useCallback<NonNullable<TableProps<object>['onChange']>>(
    (_p, _f, sorter) => {
      const list = (Array.isArray(sorter) ? sorter : [sorter])
        .filter((s) => s.order && (s.columnKey ?? s.field))
        .map((s) => ({ field: String(s.columnKey ?? s.field), order: s.order === 'ascend' ? ('asc' as const) : ('desc' as const) }));
      update((s) => ({ ...s, page_index: 1, sorter: list }));
    },
    [update],
  );
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
