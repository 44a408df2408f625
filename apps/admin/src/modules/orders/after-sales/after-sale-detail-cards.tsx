import { Card, Col, Descriptions, Empty, Image, Row, Space, Timeline, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { yuan } from '@/shared/money';
import type { AfterSaleDetail } from './step-modal';

/** The request (type, reason, evidence, amounts) beside its order (amounts, return address, parcels both ways). */
export function AfterSaleInfo({ d }: { d: AfterSaleDetail }) {
  return (
    <Row gutter={24}>
      <Col xs={24} lg={12}>
        <Descriptions title="售后申请" column={1} size="small">
          <Descriptions.Item label="售后类型">{d.typeText}</Descriptions.Item>
          <Descriptions.Item label="申请原因">{d.reason}</Descriptions.Item>
          <Descriptions.Item label="问题描述">{d.description || '—'}</Descriptions.Item>
          {d.images.length > 0 && (
            <Descriptions.Item label="凭证图片">
              <Evidence urls={d.images} />
            </Descriptions.Item>
          )}
          {d.type !== 3 && <Descriptions.Item label="申请金额">{yuan(d.amount)}</Descriptions.Item>}
          {d.type !== 3 && <Descriptions.Item label="已退款">{yuan(d.refundedAmount)}</Descriptions.Item>}
          <Descriptions.Item label="买家手机号">{d.memberPhone || '—'}</Descriptions.Item>
          <Descriptions.Item label="申请时间">{d.createTime}</Descriptions.Item>
          {d.finishTime && <Descriptions.Item label="结束时间">{d.finishTime}</Descriptions.Item>}
        </Descriptions>
      </Col>
      <Col xs={24} lg={12}>
        <Descriptions title="订单信息" column={1} size="small">
          <Descriptions.Item label="订单编号">
            <Link to={`/GoodsOrderDetail?id=${d.order.id}`}>{d.order.orderNo}</Link>
          </Descriptions.Item>
          <Descriptions.Item label="订单状态">{d.order.statusText}</Descriptions.Item>
          <Descriptions.Item label="实付金额">
            {yuan(d.order.paidAmount)}（含运费 {yuan(d.order.freightAmount)}）
          </Descriptions.Item>
          <Descriptions.Item label="订单已退款">{yuan(d.order.refundedAmount)}</Descriptions.Item>
          <Descriptions.Item label="付款时间">{d.order.payTime || '—'}</Descriptions.Item>
          {d.returnAddress && (
            <Descriptions.Item label="退货地址">
              {d.returnAddress.name} {d.returnAddress.phone} {d.returnAddress.address}
            </Descriptions.Item>
          )}
          {d.returnTrackingNo && (
            <Descriptions.Item label="退货物流">
              {d.returnCompany} {d.returnTrackingNo}
            </Descriptions.Item>
          )}
          {d.resendTrackingNo && (
            <Descriptions.Item label="换货物流">
              {d.resendCompany} {d.resendTrackingNo}
            </Descriptions.Item>
          )}
        </Descriptions>
      </Col>
    </Row>
  );
}

/** 协商历史: each step by the buyer, the merchant or the system, with its amount, note and images. */
export function AfterSaleHistoryCard({ logs }: { logs: AfterSaleDetail['logs'] }) {
  return (
    <Card title="协商历史">
      {logs.length ? (
        <Timeline
          items={logs.map((l) => ({
            color: l.by === '买家' ? 'blue' : l.by === '系统' ? 'gray' : 'green',
            children: (
              <div>
                <div>
                  <Typography.Text strong>{l.by}</Typography.Text>　{l.action}
                  {l.amount !== null && <Typography.Text type="secondary">　{yuan(l.amount)}</Typography.Text>}
                </div>
                {l.note && <div>{l.note}</div>}
                {l.images.length > 0 && <Evidence urls={l.images} size={56} />}
                <Typography.Text type="secondary">{l.time}</Typography.Text>
              </div>
            ),
          }))}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无记录" />
      )}
    </Card>
  );
}

/** The buyer's images (凭证图片): thumbnails that open the preview, browsing all of them. */
function Evidence({ urls, size = 72 }: { urls: string[]; size?: number }) {
  return (
    <Image.PreviewGroup>
      <Space wrap size={8}>
        {urls.map((u, i) => (
          <Image key={u} src={u} width={size} height={size} style={{ objectFit: 'cover', borderRadius: 4 }} alt={`凭证图片${i + 1}`} />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}
