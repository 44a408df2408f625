import { Card, Descriptions, Drawer, Empty, Skeleton, Space, Tag, Timeline } from 'antd';
import { useLogistics } from './goods-orders.queries';

const STATE_COLOR: Record<number, string> = { 0: 'default', 1: 'blue', 2: 'processing', 3: 'orange', 4: 'green' };

/** 查看物流: every parcel of the order with its tracking timeline (newest first); `parcelId` first when given. */
export function LogisticsDrawer({
  orderId,
  parcelId,
  open,
  onClose,
}: {
  orderId: string;
  parcelId?: string;
  open: boolean;
  onClose: () => void;
}) {
  const q = useLogistics(orderId, open);
  const parcels = [...(q.data?.parcels ?? [])].sort((a, b) => Number(b.id === parcelId) - Number(a.id === parcelId));
  return (
    <Drawer title="物流信息" open={open} onClose={onClose} width={520} destroyOnHidden>
      {q.isLoading ? (
        <Skeleton active />
      ) : !parcels.length ? (
        <Empty description="暂无物流信息" />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }} size={16}>
          {parcels.map((p, i) => (
            <Card key={p.id} size="small" title={`包裹${i + 1}`} extra={<Tag color={STATE_COLOR[p.state]}>{p.stateText}</Tag>}>
              <Descriptions size="small" column={1}>
                <Descriptions.Item label="快递公司">{p.companyName}</Descriptions.Item>
                <Descriptions.Item label="快递单号">{p.trackingNo}</Descriptions.Item>
                <Descriptions.Item label="商品">{p.items.map((x) => `${x.title} ×${x.qty}`).join('，')}</Descriptions.Item>
              </Descriptions>
              {p.traces.length ? (
                <Timeline
                  style={{ marginTop: 12 }}
                  items={p.traces.map((t, k) => ({
                    color: k === 0 ? 'green' : 'gray',
                    children: (
                      <div>
                        <div>{t.text}</div>
                        <div style={{ color: '#999' }}>{t.time}</div>
                      </div>
                    ),
                  }))}
                />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无物流轨迹" />
              )}
            </Card>
          ))}
        </Space>
      )}
    </Drawer>
  );
}
