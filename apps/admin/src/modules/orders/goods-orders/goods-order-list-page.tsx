import { GOODS_ORDER_TABS } from '@contract/index';
import { Card, Empty, Space, Tabs, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCan } from '@/hooks/use-can';
import { DebouncedButton, ListTable, PaySandboxNotice, useUrlListState } from '@/shared';
import { BulkShipModal } from './bulk-ship-modal';
import { GoodsOrderExportButton } from './export-button';
import { type GoodsOrderRow, goodsOrderColumns, shippable } from './goods-order-columns';
import { exportRequest, goodsOrderRequest, INITIAL_FILTERS, tabLabel } from './goods-order-filter';
import { GoodsOrderFilterForm } from './goods-order-filter-form';
import { useGoodsOrders, useInvalidateGoodsOrders } from './goods-orders.queries';
import { useNewOrderNotice } from './new-order-notice';
import { ShipModal } from './ship-modal';

/**
 * 商品订单: status tabs with their counts, filters kept in the address, server paging and sorting, 发货 per row,
 * 批量发货 of the selected 待发货 orders, background export, and the notice of a newly paid order.
 */
export default function GoodsOrderListPage() {
  const navigate = useNavigate();
  const can = useCan();
  const canEdit = can('GoodsOrderList', 'edit');
  const canExport = can('GoodsOrderList', 'export');
  const list = useUrlListState(INITIAL_FILTERS, 20);
  const { keyword, filters } = list.state;
  const body = useMemo(() => goodsOrderRequest(keyword, filters), [keyword, filters]);
  const q = useGoodsOrders({ page_index: list.state.page_index, page_size: list.state.page_size, sorter: list.state.sorter, ...body });
  const refresh = useInvalidateGoodsOrders();
  const [selected, setSelected] = useState<GoodsOrderRow[]>([]);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [shipId, setShipId] = useState<string | null>(null);

  useNewOrderNotice(
    () => void refresh(),
    (id) => navigate(`/GoodsOrderDetail?id=${id}`),
  );

  const counts = new Map((q.data?.tabs ?? []).map((t) => [t.tab, t]));
  const columns = goodsOrderColumns({ sortOrderOf: list.sortOrderOf, canEdit, onShip: (r) => setShipId(r.id) });
  const narrowed = Boolean(body.keyword || body.stime || body.deliveryMethod || body.payMethod);

  return (
    <Card>
      <PaySandboxNotice />
      <GoodsOrderFilterForm
        keyword={keyword}
        filters={filters}
        onSearch={(k, f) => {
          setSelected([]);
          list.search(k, f);
        }}
        onReset={() => {
          setSelected([]);
          list.reset();
        }}
      />
      <Tabs
        activeKey={String(body.tab)}
        onChange={(k) => {
          setSelected([]);
          list.search(keyword, { tab: Number(k) });
        }}
        items={GOODS_ORDER_TABS.map((t) => ({ key: String(t.tab), label: tabLabel(t.text, counts.get(t.tab)) }))}
      />
      <Space style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }} wrap>
        <Space wrap>
          {canEdit && (
            <DebouncedButton type="primary" disabled={!selected.length} onClick={() => setBulkOpen(true)}>
              批量发货
            </DebouncedButton>
          )}
          {canEdit && (
            <Typography.Text type="secondary">
              {selected.length ? `已选 ${selected.length} 个待发货订单` : '勾选待发货的快递 / 同城订单可批量发货'}
            </Typography.Text>
          )}
        </Space>
        {canExport && <GoodsOrderExportButton filters={exportRequest(body)} total={q.data?.total_count ?? 0} />}
      </Space>
      <ListTable<GoodsOrderRow>
        list={list}
        result={q}
        rowKey="id"
        columns={columns}
        rowSelection={
          canEdit
            ? {
                selectedRowKeys: selected.map((r) => r.id),
                preserveSelectedRowKeys: true,
                onChange: (_keys, rows) => setSelected(rows.filter(Boolean)),
                getCheckboxProps: (r) => ({ disabled: !shippable(r), 'aria-label': `选择订单${r.orderNo}` }),
              }
            : undefined
        }
        locale={{ emptyText: q.isLoading ? '加载中…' : <Empty description={narrowed ? '没有符合条件的订单' : '暂无订单'} /> }}
      />
      <BulkShipModal
        rows={selected}
        open={bulkOpen}
        onClose={() => {
          setBulkOpen(false);
          setSelected([]);
        }}
      />
      <ShipModal orderId={shipId} onClose={() => setShipId(null)} />
    </Card>
  );
}
