import { Card, Tabs } from 'antd';
import { useState } from 'react';
import { ListSearch, ListTable, PaySandboxNotice, useListState } from '@/shared';
import { useFormOrders, useTakes } from '../orders.queries';
import { formOrderColumns } from './form-order-columns';
import { VerifyCodeBox } from './verify-code-box';

const STATUS_TABS = [
  { key: '-1', label: '全部' },
  { key: '0', label: '待支付' },
  { key: '1', label: '待核销' },
  { key: '2', label: '已完成' },
  { key: '3', label: '已取消' },
  { key: '4', label: '已退款' },
];

function TakeList() {
  const list = useListState({ stime: '', endtime: '' });
  const q = useTakes(list.query);
  return (
    <>
      <ListSearch
        withRange
        placeholder="订单号 / 核销码"
        onSearch={(v) => list.search(v.keyword, { stime: v.stime, endtime: v.endtime })}
        onReset={list.reset}
      />
      <ListTable
        list={list}
        result={q}
        rowKey="id"
        locale={{ emptyText: '暂无核销记录' }}
        columns={[
          { title: '核销时间', dataIndex: 'createTime', width: 170 },
          { title: '订单号', dataIndex: 'orderNo', width: 180 },
          { title: '表单', dataIndex: 'formName' },
          { title: '核销码', dataIndex: 'code', width: 120 },
          { title: '核销员', dataIndex: 'staffName', width: 120 },
        ]}
      />
    </>
  );
}

/** 表单订单: by status, time range and keyword; the verification box; the verification records. */
export default function FormOrderListPage() {
  const [view, setView] = useState<'orders' | 'takes'>('orders');
  const list = useListState({ status: -1, stime: '', endtime: '' });
  const q = useFormOrders(list.query);

  return (
    <Card
      tabList={[
        { key: 'orders', tab: '表单订单' },
        { key: 'takes', tab: '核销记录' },
      ]}
      activeTabKey={view}
      onTabChange={(k) => setView(k as 'orders' | 'takes')}
      tabBarExtraContent={<VerifyCodeBox />}
    >
      <PaySandboxNotice />
      {view === 'takes' ? (
        <TakeList />
      ) : (
        <>
          <Tabs
            activeKey={String(list.state.filters.status)}
            onChange={(k) => list.search(list.state.keyword, { status: Number(k) })}
            items={STATUS_TABS}
          />
          <ListSearch
            withRange
            placeholder="订单号 / 手机号 / 表单名称"
            width={280}
            onSearch={(v) => list.search(v.keyword, { stime: v.stime, endtime: v.endtime })}
            onReset={list.reset}
          />
          <ListTable
            list={list}
            result={q}
            rowKey="id"
            columns={formOrderColumns(list.sortOrderOf)}
            locale={{ emptyText: '暂无表单订单' }}
          />
        </>
      )}
    </Card>
  );
}
