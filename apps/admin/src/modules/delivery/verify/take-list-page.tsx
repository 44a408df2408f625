import { VERIFY_KINDS } from '@contract/index';
import type { contract, DataOf, InputOf } from '@contract/index';
import { Card, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useCan } from '@/hooks/use-can';
import { ListSearch, ListTable, useUrlListState } from '@/shared';
import { yuan } from '@/shared/money';
import { useTakeRecords, useVerifyStaff } from '../delivery.queries';

type Row = DataOf<typeof contract.verify.List>['rows'][number];
type Kind = InputOf<typeof contract.verify.List>['kind'];

const FILTERS: { kind: Kind; staffUserId: string; stime: string; endtime: string } = { kind: '', staffUserId: '', stime: '', endtime: '' };

/** 核销记录 (/TakeList): every verification (pick-up and form orders) in one list, newest first, paged on the server. */
export default function TakeListPage() {
  const can = useCan();
  const list = useUrlListState(FILTERS);
  const q = useTakeRecords(list.query);
  const [staffKeyword, setStaffKeyword] = useState('');
  const staff = useVerifyStaff(staffKeyword);
  const f = list.state.filters;
  const set = (change: Partial<typeof FILTERS>) => list.search(list.state.keyword, { ...f, ...change });

  const orderLink = (r: Row) =>
    r.kind === 'pickup' && can('GoodsOrderList', 'view') ? (
      <Link to={`/GoodsOrderDetail?id=${r.orderId}`}>{r.orderNo}</Link>
    ) : r.kind === 'form' && can('FormOrderList', 'view') ? (
      <Link to={`/FormOrderDetail?id=${r.orderId}`}>{r.orderNo}</Link>
    ) : (
      r.orderNo
    );

  const columns: ColumnsType<Row> = [
    {
      title: '核销时间',
      dataIndex: 'createTime',
      key: 'createTime',
      width: 170,
      sorter: true,
      sortOrder: list.sortOrderOf('createTime') ?? 'descend',
    },
    {
      title: '类型',
      dataIndex: 'kindText',
      width: 100,
      render: (v: string, r) => <Tag color={r.kind === 'pickup' ? 'blue' : 'purple'}>{v}</Tag>,
    },
    { title: '核销码', dataIndex: 'code', width: 110 },
    { title: '订单号', dataIndex: 'orderNo', width: 200, render: (_, r) => orderLink(r) },
    { title: '核销内容', dataIndex: 'what', ellipsis: true },
    { title: '金额', dataIndex: 'amount', width: 110, align: 'right', render: (v: number) => yuan(v) },
    { title: '核销人', dataIndex: 'staffName', width: 120, render: (v: string) => v || '—' },
    { title: '自提点', dataIndex: 'pickupPointName', width: 140, render: (v: string, r) => (r.kind === 'pickup' ? v || '本店' : '—') },
  ];

  return (
    <Card title="核销记录">
      <ListSearch
        withRange
        placeholder="核销码 / 订单号"
        initial={{ keyword: list.state.keyword, stime: f.stime, endtime: f.endtime }}
        onSearch={(v) => list.search(v.keyword, { ...f, stime: v.stime, endtime: v.endtime })}
        onReset={() => {
          setStaffKeyword('');
          list.reset();
        }}
      >
        <Select<Kind>
          aria-label="核销类型"
          style={{ width: 130 }}
          value={f.kind}
          onChange={(kind) => set({ kind })}
          options={[{ value: '', label: '全部类型' }, ...VERIFY_KINDS.map((k) => ({ value: k.kind, label: k.text }))]}
        />
        <Select
          aria-label="核销人"
          style={{ width: 180 }}
          showSearch
          allowClear
          placeholder="全部核销人"
          filterOption={false}
          onSearch={setStaffKeyword}
          value={f.staffUserId || undefined}
          onChange={(v?: string) => set({ staffUserId: v ?? '' })}
          options={(staff.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          notFoundContent={staff.isFetching ? '加载中…' : '没有匹配的员工'}
        />
      </ListSearch>
      <ListTable<Row>
        rowKey={(r) => `${r.kind}-${r.id}`}
        list={list}
        result={q}
        columns={columns}
        locale={{ emptyText: q.isLoading ? '加载中…' : '暂无核销记录' }}
      />
    </Card>
  );
}
