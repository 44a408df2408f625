import { Button, Card, Select, Space } from 'antd';
import { useMemo } from 'react';
import { DateRangePicker, type DateRangeValue, ListTable, useListState } from '@/shared';
import { useLoginLogs } from '../account.queries';
import { type LoginLogRow, loginInfoColumns } from './login-info-columns';

const RESULT_OPTIONS = [
  { value: -1, label: '全部结果' },
  { value: 1, label: '成功' },
  { value: 0, label: '失败' },
];

interface Filters {
  stime: string;
  endtime: string;
  timename: string;
  ok: number;
}

/** 登录信息: the current user's own login history (successful and failed), newest first. */
export default function LoginInfoPage() {
  const initial = useMemo<Filters>(() => ({ stime: '', endtime: '', timename: '', ok: -1 }), []);
  const list = useListState<Filters>(initial);
  const { timename, ...query } = list.query;
  const q = useLoginLogs(query);
  const { filters } = list.state;
  const range: DateRangeValue | undefined = filters.timename ? { stime: filters.stime, endtime: filters.endtime, timename } : undefined;
  const filtered = filters.stime !== '' || filters.ok !== -1;

  return (
    <Card title="登录信息">
      <Space style={{ marginBottom: 16 }} wrap>
        <DateRangePicker
          allowAll
          value={range}
          onChange={(v) => list.search('', { stime: v.stime, endtime: v.endtime, timename: v.timename })}
        />
        <Select
          aria-label="登录结果"
          value={filters.ok}
          options={RESULT_OPTIONS}
          style={{ width: 120 }}
          onChange={(ok) => list.search('', { ok })}
        />
        <Button onClick={list.reset}>重置</Button>
      </Space>
      <ListTable<LoginLogRow>
        rowKey="id"
        list={list}
        result={q}
        columns={loginInfoColumns}
        locale={{ emptyText: q.isLoading ? '加载中…' : filtered ? '没有符合条件的登录记录' : '暂无登录记录' }}
      />
    </Card>
  );
}
