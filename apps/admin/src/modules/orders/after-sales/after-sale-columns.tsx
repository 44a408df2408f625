import type { contract, DataOf } from '@contract/index';
import { Image, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router-dom';
import { yuan } from '@/shared/money';
import { AFTER_SALE_COLOR } from './after-sale-filter';

export type AfterSaleRow = DataOf<typeof contract.afterSale.serverlist>['rows'][number];

/** 售后维权's columns; 申请时间 and 申请金额 sort on the server. */
export function afterSaleColumns(sortOrderOf: (f: string) => 'ascend' | 'descend' | null): ColumnsType<AfterSaleRow> {
  return [
    {
      title: '售后单号 / 申请时间',
      key: 'createTime',
      width: 190,
      sorter: true,
      sortOrder: sortOrderOf('createTime'),
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <span>{r.afterSaleNo}</span>
          <Typography.Text type="secondary">{r.createTime}</Typography.Text>
        </Space>
      ),
    },
    {
      title: '商品',
      key: 'goods',
      width: 240,
      render: (_, r) => (
        <Space align="start">
          <Image
            src={r.items[0]?.image || undefined}
            width={40}
            height={40}
            preview={false}
            style={{ objectFit: 'cover', borderRadius: 4 }}
          />
          <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0, maxWidth: 170 }}>
            {r.items.map((i) => `${i.title} ×${i.qty}`).join('，')}
          </Typography.Paragraph>
        </Space>
      ),
    },
    {
      title: '订单编号',
      key: 'order',
      width: 190,
      render: (_, r) => <Link to={`/GoodsOrderDetail?id=${r.orderId}`}>{r.orderNo}</Link>,
    },
    { title: '买家手机号', dataIndex: 'memberPhone', width: 120, render: (v: string) => v || '—' },
    { title: '类型', dataIndex: 'typeText', width: 90 },
    { title: '原因', dataIndex: 'reason', width: 120, ellipsis: true },
    {
      title: '申请金额',
      dataIndex: 'amount',
      key: 'amount',
      width: 110,
      align: 'right',
      sorter: true,
      sortOrder: sortOrderOf('amount'),
      render: (v: number, r) => (r.type === 3 ? '—' : yuan(v)),
    },
    {
      title: '状态',
      key: 'status',
      width: 150,
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <Tag color={AFTER_SALE_COLOR[r.status]}>{r.statusText}</Tag>
          {r.deadline && <Typography.Text type="secondary">{r.deadline} 前</Typography.Text>}
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'op',
      width: 80,
      fixed: 'right',
      render: (_, r) => <Link to={`/SalesProtection/detail?id=${r.id}`}>处理</Link>,
    },
  ];
}
