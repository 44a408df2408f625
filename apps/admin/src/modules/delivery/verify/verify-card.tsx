import type { contract, DataOf } from '@contract/index';
import { Alert, Button, Card, Descriptions, Image, List, Space, Tag, Typography } from 'antd';
import { yuan } from '@/shared/money';

export type VerifyMatch = DataOf<typeof contract.verify.Check>['matches'][number];

const STATUS_COLOR: Record<string, string> = { 待发货: 'orange', 待核销: 'orange', 已完成: 'green' };

/** What a code opens, for the staff to check before 确认核销: the goods (with pictures) or the form's answers. */
export function VerifyCard({
  m,
  busy,
  canTake,
  onTake,
}: {
  m: VerifyMatch;
  busy: boolean;
  canTake: boolean;
  onTake: (m: VerifyMatch) => void;
}) {
  return (
    <Card
      type="inner"
      data-testid={`verify-card-${m.kind}`}
      title={
        <Space>
          <Tag color={m.kind === 'pickup' ? 'blue' : 'purple'}>{m.kindText}</Tag>
          <span>订单号 {m.orderNo}</span>
          <Tag color={STATUS_COLOR[m.statusText] ?? 'default'}>{m.statusText}</Tag>
        </Space>
      }
      extra={
        canTake && (
          <Button type="primary" size="large" disabled={!m.takeable} loading={busy} onClick={() => onTake(m)}>
            确认核销
          </Button>
        )
      }
      style={{ marginBottom: 16 }}
    >
      {!m.takeable && <Alert type="warning" showIcon message={m.refusal} style={{ marginBottom: 12 }} />}
      {m.kind === 'pickup' && (
        <List
          size="small"
          dataSource={m.lines}
          style={{ marginBottom: 12 }}
          renderItem={(l) => (
            <List.Item extra={<Typography.Text strong>×{l.qty}</Typography.Text>}>
              <List.Item.Meta
                avatar={l.image ? <Image src={l.image} width={56} height={56} style={{ objectFit: 'cover' }} /> : null}
                title={l.title}
                description={
                  <Space>
                    {l.skuText && <span>{l.skuText}</span>}
                    <span>{yuan(l.price)}</span>
                  </Space>
                }
              />
            </List.Item>
          )}
        />
      )}
      <Descriptions column={2} size="small">
        {m.kind === 'form' && <Descriptions.Item label="表单">{m.formName}</Descriptions.Item>}
        {m.kind === 'form' &&
          m.answers.map((a) => (
            <Descriptions.Item key={a.label} label={a.label}>
              {a.value}
            </Descriptions.Item>
          ))}
        <Descriptions.Item label="实付金额">{yuan(m.amount)}</Descriptions.Item>
        <Descriptions.Item label={m.kind === 'pickup' ? '买家手机号' : '手机号'}>{m.phone || '—'}</Descriptions.Item>
        {m.kind === 'pickup' && <Descriptions.Item label="自提点">{m.pickupPointName || '本店'}</Descriptions.Item>}
        <Descriptions.Item label="支付时间">{m.payTime || '—'}</Descriptions.Item>
        {m.buyerNote && <Descriptions.Item label="买家留言">{m.buyerNote}</Descriptions.Item>}
        {m.takeTime && (
          <Descriptions.Item label="核销时间">
            {m.takeTime}
            {m.takeStaff && `（${m.takeStaff}）`}
          </Descriptions.Item>
        )}
      </Descriptions>
    </Card>
  );
}
