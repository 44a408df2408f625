import type { contract, DataOf } from '@contract/index';
import { Badge, Card, Input, Select, Tabs } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ListSearch, ListTable, PaySandboxNotice, useUrlListState } from '@/shared';
import { yuanPlain } from '@/shared/money';
import { KIND_TEXT, type MemberOrderKind, useMemberOrders, useOrderItems } from './member-order.queries';

type Row = DataOf<typeof contract.lvOrder.list>['rows'][number];

export const MEMBER_ORDER_BADGE: Record<number, 'warning' | 'success' | 'default' | 'error'> = {
  0: 'warning',
  1: 'success',
  2: 'default',
  3: 'error',
};

const TABS = [
  { key: '-1', label: '全部', count: 'all' },
  { key: '0', label: '待支付', count: 0 },
  { key: '1', label: '已完成', count: 1 },
  { key: '2', label: '已取消', count: 2 },
  { key: '3', label: '已退款', count: 3 },
] as const;

function columns(kind: MemberOrderKind, sortOrderOf: (f: string) => 'ascend' | 'descend' | null): ColumnsType<Row> {
  const t = KIND_TEXT[kind];
  const sortable = (key: string) => ({ key, sorter: true, sortOrder: sortOrderOf(key) });
  return [
    { title: '订单号', dataIndex: 'orderNo', width: 190, render: (v: string, r) => <Link to={`${t.detail}?id=${r.id}`}>{v}</Link> },
    { title: '会员', dataIndex: 'memberName', width: 120, render: (v: string) => v || '—' },
    { title: '手机号', dataIndex: 'phone', width: 130 },
    { title: t.item, dataIndex: 'itemName', ellipsis: true },
    { title: '有效期', dataIndex: 'validDays', width: 100, render: (d: number) => (d === 0 ? '永久有效' : `${d}天`) },
    { title: '实付（元）', dataIndex: 'amount', width: 110, align: 'right', ...sortable('amount'), render: (v: number) => yuanPlain(v) },
    { title: '已退（元）', dataIndex: 'refunded', width: 110, align: 'right', render: (v: number) => (v > 0 ? yuanPlain(v) : '—') },
    {
      title: '状态',
      dataIndex: 'statusText',
      width: 100,
      render: (s: string, r) => <Badge status={MEMBER_ORDER_BADGE[r.status]} text={s} />,
    },
    { title: '支付时间', dataIndex: 'payTime', width: 170, ...sortable('payTime'), render: (v: string) => v || '—' },
    { title: '下单时间', dataIndex: 'createTime', width: 170, ...sortable('createTime') },
    { title: '操作', key: 'op', width: 80, render: (_, r) => <Link to={`${t.detail}?id=${r.id}`}>详情</Link> },
  ];
}

/** 等级订单 / 权益卡订单: status tabs with counts; order no, buyer's phone, level or card, time range; server paging and sorting. */
function MemberOrderList({ kind }: { kind: MemberOrderKind }) {
  const t = KIND_TEXT[kind];
  const list = useUrlListState({ status: -1, phone: '', itemId: '', stime: '', endtime: '' });
  const f = list.state.filters;
  const q = useMemberOrders(kind, { ...list.query, orderNo: list.state.keyword });
  const items = useOrderItems(kind);
  const [phone, setPhone] = useState(f.phone);
  const counts = q.data?.counts;
  return (
    <Card title={t.title}>
      <PaySandboxNotice />
      <Tabs
        activeKey={String(f.status)}
        onChange={(k) => list.search(list.state.keyword, { status: Number(k) })}
        items={TABS.map((x) => ({ key: x.key, label: counts ? `${x.label}（${counts[x.count]}）` : x.label }))}
      />
      <ListSearch
        withRange
        placeholder="订单号"
        width={220}
        initial={{ keyword: list.state.keyword, stime: f.stime, endtime: f.endtime }}
        onSearch={(v) => list.search(v.keyword, { stime: v.stime, endtime: v.endtime, phone: phone.trim() })}
        onReset={() => {
          setPhone('');
          list.reset();
        }}
      >
        <Input.Search
          placeholder="会员手机号"
          allowClear
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          onSearch={(v) => list.search(list.state.keyword, { phone: v.trim() })}
          style={{ width: 180 }}
        />
        <Select
          placeholder={`全部${t.item}`}
          allowClear
          value={f.itemId || undefined}
          options={items.data ?? []}
          loading={items.isLoading}
          onChange={(v?: string) => list.search(list.state.keyword, { itemId: v ?? '' })}
          style={{ width: 180 }}
          aria-label={t.item}
        />
      </ListSearch>
      <ListTable list={list} result={q} rowKey="id" columns={columns(kind, list.sortOrderOf)} locale={{ emptyText: `暂无${t.title}` }} />
    </Card>
  );
}

export function LvOrderListPage() {
  return <MemberOrderList kind={1} />;
}

export function VipOrderListPage() {
  return <MemberOrderList kind={2} />;
}
