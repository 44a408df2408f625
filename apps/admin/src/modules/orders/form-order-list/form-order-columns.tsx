import type { contract, DataOf } from '@contract/index';
import { Badge } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router-dom';
import { yuanPlain } from '@/shared/money';

export type FormOrderRowData = DataOf<typeof contract.formOrder.list>['rows'][number];

export const ORDER_BADGE: Record<number, 'warning' | 'processing' | 'success' | 'default' | 'error'> = {
  0: 'warning',
  1: 'processing',
  2: 'success',
  3: 'default',
  4: 'error',
};

export function formOrderColumns(sortOrderOf: (f: string) => 'ascend' | 'descend' | null): ColumnsType<FormOrderRowData> {
  const sortable = (key: string) => ({ key, sorter: true, sortOrder: sortOrderOf(key) });
  return [
    {
      title: '订单号',
      dataIndex: 'orderNo',
      width: 180,
      ...sortable('orderNo'),
      render: (v: string, r) => <Link to={`/FormOrderDetail?id=${r.id}`}>{v}</Link>,
    },
    { title: '表单', dataIndex: 'formName', ellipsis: true },
    { title: '手机号', dataIndex: 'phone', width: 130 },
    { title: '金额（元）', dataIndex: 'amount', width: 110, align: 'right', ...sortable('amount'), render: (v: number) => yuanPlain(v) },
    {
      title: '状态',
      dataIndex: 'statusText',
      width: 100,
      ...sortable('status'),
      render: (t: string, r) => <Badge status={ORDER_BADGE[r.status]} text={t} />,
    },
    { title: '支付时间', dataIndex: 'payTime', width: 170, ...sortable('payTime'), render: (v: string) => v || '—' },
    { title: '下单时间', dataIndex: 'createTime', width: 170, ...sortable('createTime') },
    { title: '操作', key: 'op', width: 80, render: (_, r) => <Link to={`/FormOrderDetail?id=${r.id}`}>详情</Link> },
  ];
}
