import { Card, Table, Tag } from 'antd';
import { Link } from 'react-router-dom';
import { useCan } from '@/hooks/use-can';
import { yuan } from '@/shared/money';
import { AFTER_SALE_COLOR } from './after-sale-filter';
import { useAfterSales } from './after-sales.queries';

/** The order's after-sales on its detail page (for staff who may see 售后维权), each linking to its 售后详情. */
export function OrderAfterSalesCard({ orderNo }: { orderNo: string }) {
  const allowed = useCan()('SalesProtection', 'view');
  const q = useAfterSales({ keyword: orderNo, page_size: 50 }, allowed);
  if (!allowed || !q.data?.rows.length) return null;
  return (
    <Card title="售后记录">
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={q.data.rows}
        columns={[
          { title: '售后单号', key: 'no', render: (_, r) => <Link to={`/SalesProtection/detail?id=${r.id}`}>{r.afterSaleNo}</Link> },
          { title: '类型', dataIndex: 'typeText', width: 100 },
          { title: '商品', key: 'items', render: (_, r) => r.items.map((i) => `${i.title} ×${i.qty}`).join('，') },
          { title: '申请金额', dataIndex: 'amount', width: 110, align: 'right', render: (v: number, r) => (r.type === 3 ? '—' : yuan(v)) },
          { title: '状态', key: 'status', width: 120, render: (_, r) => <Tag color={AFTER_SALE_COLOR[r.status]}>{r.statusText}</Tag> },
          { title: '申请时间', dataIndex: 'createTime', width: 170 },
        ]}
      />
    </Card>
  );
}
