import type { ReactNode } from 'react';
import { type ListState, ListSearch } from '@/shared';

interface DateFilters {
  start: string;
  end: string;
}

interface RecordList<F extends DateFilters> {
  state: ListState<F>;
  search: (keyword: string, filters?: Partial<F>) => void;
  reset: () => void;
}

/** The request of a member record list (等级购买记录, 成长值记录): page, sort, the member's phone and the days. */
export function recordQuery<F extends DateFilters>({ state }: RecordList<F>) {
  return {
    page_index: state.page_index,
    page_size: state.page_size,
    sorter: state.sorter,
    phone: state.keyword,
    start: state.filters.start,
    end: state.filters.end,
  };
}

/** A member record list's search: member phone, a date range, and the list's own filter (children). */
export function RecordSearch<F extends DateFilters>({ list, children }: { list: RecordList<F>; children: ReactNode }) {
  const { keyword, filters } = list.state;
  return (
    <ListSearch
      placeholder="会员手机号"
      withRange
      initial={{ keyword, stime: filters.start, endtime: filters.end }}
      onSearch={(v) => list.search(v.keyword, { start: v.stime.slice(0, 10), end: v.endtime.slice(0, 10) } as Partial<F>)}
      onReset={list.reset}
    >
      {children}
    </ListSearch>
  );
}
