import { BUY_TYPE_MSG, BUY_YEARS_MAX, BUY_YEARS_MSG, type buyInfoData, MD_OR_NF } from '@contract/index';
import { App, Button, Form, InputNumber, Radio, Space, Typography } from 'antd';
import type { z } from 'zod';
import { yuan, yuanTimes } from '@/shared/money';

export type BuyInfo = z.output<typeof buyInfoData>;
export interface BuyValues {
  MdOrNf: number;
  BuyNS: number;
}

export const DEFAULT_YEARS = 1;

/** Annual when the version allows it, else buyout (spec 000 §4 step 1). */
export const defaultBuyType = (d: BuyInfo) => (d.usagenf ? MD_OR_NF.annual : MD_OR_NF.buyout);

/** The total the buyer will pay: the buyout price, or the annual price times the years. */
export function buyTotal(d: BuyInfo, type: number | undefined, years: number | null | undefined): number {
  if (type === MD_OR_NF.buyout) return d.buyoutPrice;
  return yuanTimes(d.annualPrice, Math.max(0, years ?? 0));
}

interface Props {
  info: BuyInfo;
  submitting: boolean;
  onSubmit: (v: BuyValues) => void;
  onCancel: () => void;
}

/** The buy form: type (only the allowed ones), years (annual only, min 0, default 1) and the total before confirming. */
export function BuyForm({ info: d, submitting, onSubmit, onCancel }: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm<BuyValues>();
  const type = Form.useWatch('MdOrNf', form) ?? defaultBuyType(d);
  const years = Form.useWatch('BuyNS', form);

  const submit = async () => {
    try {
      const v = await form.validateFields();
      onSubmit({ MdOrNf: v.MdOrNf, BuyNS: v.MdOrNf === MD_OR_NF.annual ? v.BuyNS : 0 });
    } catch {
      message.error('提交数据失败');
    }
  };

  return (
    <Form form={form} labelCol={{ span: 5 }} initialValues={{ MdOrNf: defaultBuyType(d), BuyNS: DEFAULT_YEARS }}>
      <Form.Item label="购买产品">
        <Typography.Text strong>{d.name}</Typography.Text>
        {d.serviceendtime && <Typography.Text type="secondary">（当前到期时间 {d.serviceendtime}）</Typography.Text>}
      </Form.Item>
      <Form.Item label="购买类型" name="MdOrNf" rules={[{ required: true, message: BUY_TYPE_MSG }]}>
        <Radio.Group>
          {d.usagenf && <Radio value={MD_OR_NF.annual}>年费（{yuan(d.annualPrice)}/年）</Radio>}
          {d.usagemd && <Radio value={MD_OR_NF.buyout}>买断（{yuan(d.buyoutPrice)}）</Radio>}
        </Radio.Group>
      </Form.Item>
      {type === MD_OR_NF.annual && (
        <Form.Item label="购买年数" required>
          <Space.Compact>
            <Form.Item
              noStyle
              name="BuyNS"
              rules={[
                {
                  validator: (_r, v) => (typeof v === 'number' && v > 0 ? Promise.resolve() : Promise.reject(new Error(BUY_YEARS_MSG))),
                },
              ]}
            >
              <InputNumber min={0} max={BUY_YEARS_MAX} precision={0} style={{ width: 120 }} aria-label="购买年数" />
            </Form.Item>
            <Button disabled tabIndex={-1}>
              年
            </Button>
          </Space.Compact>
        </Form.Item>
      )}
      <Form.Item label="应付金额">
        <Typography.Text strong style={{ fontSize: 18, color: '#f5222d' }} data-testid="buy-amount">
          {yuan(buyTotal(d, type, years))}
        </Typography.Text>
      </Form.Item>
      <div style={{ textAlign: 'right' }}>
        <Space>
          <Button onClick={onCancel}>取消</Button>
          <Button type="primary" loading={submitting} onClick={submit}>
            确认购买
          </Button>
        </Space>
      </div>
    </Form>
  );
}
