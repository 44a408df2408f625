import { Button, Col, Descriptions, Row, Space, Steps, Typography } from 'antd';
import { yuan } from '@/shared/money';
import { stepsOf } from './detail-steps';
import type { GoodsOrderDetail } from './goods-order-detail-cards';

/** The head of 订单详情: its steps, the close reason, buyer and address, payment. */
export function GoodsOrderInfo({ o, pickup, onEditAddress }: { o: GoodsOrderDetail; pickup: boolean; onEditAddress?: () => void }) {
  const steps = stepsOf(o);
  return (
    <>
      <Steps current={steps.current} status={steps.status} items={steps.items} size="small" style={{ marginBottom: 24 }} />
      {o.closeReason && <Typography.Paragraph type="secondary">关闭原因：{o.closeReason}</Typography.Paragraph>}
      <Row gutter={24}>
        <Col xs={24} lg={12}>
          <Descriptions title="买家与收货" column={1} size="small">
            <Descriptions.Item label="买家手机号">{o.memberPhone || '—'}</Descriptions.Item>
            <Descriptions.Item label="配送方式">{o.deliveryText}</Descriptions.Item>
            {o.address ? (
              <Descriptions.Item label="收货信息">
                <Space wrap>
                  <span>
                    {o.address.name} {o.address.phone} {o.address.areaText} {o.address.address}
                  </span>
                  {onEditAddress && (
                    <Button type="link" size="small" onClick={onEditAddress}>
                      修改地址
                    </Button>
                  )}
                </Space>
              </Descriptions.Item>
            ) : (
              pickup && <Descriptions.Item label="核销码">{o.pickupCode ? '买家到店出示' : '付款后生成'}</Descriptions.Item>
            )}
            <Descriptions.Item label="买家留言">{o.buyerNote || '—'}</Descriptions.Item>
          </Descriptions>
        </Col>
        <Col xs={24} lg={12}>
          <Descriptions title="付款信息" column={1} size="small">
            <Descriptions.Item label="支付方式">{o.payMethodText || '—'}</Descriptions.Item>
            <Descriptions.Item label="付款时间">{o.payTime || '未付款'}</Descriptions.Item>
            <Descriptions.Item label="实付金额">{yuan(o.paidAmount)}</Descriptions.Item>
            {o.refundedAmount > 0 && <Descriptions.Item label="已退款">{yuan(o.refundedAmount)}</Descriptions.Item>}
          </Descriptions>
        </Col>
      </Row>
    </>
  );
}
