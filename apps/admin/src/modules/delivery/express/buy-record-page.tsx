import { EXPRESS_BUY_STATUS, EXPRESS_BUY_STATUS_NAMES } from '@contract/index';
import { App, Button, Card, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import type { contract, DataOf } from '@contract/index';
import { useCan } from '@/hooks/use-can';
import { ListTable, useListState } from '@/shared';
import { useBuyList, useCloseBuy, useInvalidateBuys, usePackages, useResumeBuy } from '../delivery.queries';
import { BuyPackageModal, type PayData } from './buy-package-modal';

type Row = DataOf<typeof contract.delivery.BuyPage>['rows'][number];

const STATUS_COLOR: Record<number, string> = { 1: 'orange', 2: 'green', 3: 'default' };
const FILTERS = { status: 0 };

/** 快递购买记录 (/Express/buyrecord): waybill packages bought, 待支付 ones paid or closed; 购买电子面单 opens the packages. */
export default function BuyRecordPage() {
  const { message } = App.useApp();
  const can = useCan();
  const canBuy = can('ExpressBuyrecord', 'edit');
  const canClose = can('ExpressBuyrecord', 'delete');
  const list = useListState(FILTERS);
  const q = useBuyList(list.query);
  const packages = usePackages();
  const changed = useInvalidateBuys();
  const resumeBuy = useResumeBuy();
  const closeBuy = useCloseBuy();
  const [open, setOpen] = useState(false);
  const [resume, setResume] = useState<PayData | null>(null);

  const payAgain = async (r: Row) => {
    try {
      setResume(await resumeBuy.mutateAsync(r.id));
      setOpen(true);
    } catch {
      // the reason is shown; the list is read again
    }
  };

  const close = async (r: Row) => {
    try {
      await closeBuy.mutateAsync(r.id);
      message.success('已关闭');
    } catch {
      // the reason is shown
    }
  };

  const columns: ColumnsType<Row> = [
    { title: '套餐', dataIndex: 'packageName' },
    { title: '面单数', dataIndex: 'waybills', width: 110 },
    { title: '金额', dataIndex: 'Total', width: 120, render: (v: string) => `¥${v}` },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      render: (v: number) => <Tag color={STATUS_COLOR[v]}>{EXPRESS_BUY_STATUS_NAMES[v]}</Tag>,
    },
    { title: '下单时间', dataIndex: 'createTime', width: 180 },
    { title: '支付时间', dataIndex: 'paidTime', width: 180, render: (v: string) => v || '—' },
    {
      title: '操作',
      key: 'op',
      width: 170,
      render: (_, r) =>
        r.status === EXPRESS_BUY_STATUS.unpaid ? (
          <Space size={0}>
            {canBuy && (
              <Button type="link" size="small" onClick={() => payAgain(r)}>
                去支付
              </Button>
            )}
            {canClose && (
              <Popconfirm title="确定关闭该购买?" description="关闭后支付码失效" okText="确定" cancelText="取消" onConfirm={() => close(r)}>
                <Button type="link" size="small" danger>
                  关闭
                </Button>
              </Popconfirm>
            )}
          </Space>
        ) : null,
    },
  ];

  return (
    <Card title="快递购买记录">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Space>
          <Select
            aria-label="状态"
            style={{ width: 140 }}
            value={list.state.filters.status}
            onChange={(status) => list.search(list.state.keyword, { status })}
            options={[{ value: 0, label: '全部状态' }, ...[1, 2, 3].map((s) => ({ value: s, label: EXPRESS_BUY_STATUS_NAMES[s] }))]}
          />
          <Typography.Text>
            剩余电子面单：<Typography.Text strong>{packages.data?.quota ?? '—'}</Typography.Text> 单
          </Typography.Text>
        </Space>
        {canBuy && (
          <Button
            type="primary"
            onClick={() => {
              setResume(null);
              setOpen(true);
            }}
          >
            购买电子面单
          </Button>
        )}
      </Space>
      <ListTable<Row>
        rowKey="id"
        list={list}
        result={q}
        columns={columns}
        locale={{ emptyText: q.isLoading ? '加载中…' : '还没有购买记录' }}
      />
      <BuyPackageModal
        open={open}
        resume={resume}
        onClose={() => {
          setOpen(false);
          setResume(null);
          changed();
        }}
        onChanged={changed}
      />
    </Card>
  );
}
