import { type CardLook, DEFAULT_CARD, LEVEL_NAME_MAX, LEVEL_RANK_MAX, NO_RIGHTS, yuanText } from '@contract/index';
import { App, Button, Card, Col, Form, Input, InputNumber, Row, Space, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, api } from '@/api/client';
import { useCan } from '@/hooks/use-can';
import { HexColorInput } from '@/modules/members/shared/hex-color-input';
import { AmountInput } from '@/shared';
import { LevelCard } from './level-card';
import { useInvalidateLevels, useLevel } from './levels.queries';

interface Values {
  name: string;
  rank: number;
  growth?: number;
  price?: string;
  validDays: number;
  /** 折 (0.1–10). */
  discount: number;
  /** 倍 (1–10). */
  pointsTimes: number;
  freeShipping: boolean;
  birthdayPoints: number;
  description: string;
  card: CardLook;
}

/** /EditLV: a new level (?needpay=0|1) or one to edit (&id=…), with the card's live preview. */
export default function LevelEditPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const needpay = params.get('needpay') === '1' ? 1 : 0;
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const detail = useLevel(id);
  const refresh = useInvalidateLevels();
  const canEdit = useCan()(needpay === 1 ? 'CardLV1' : 'CardLV0', 'edit');
  const [saving, setSaving] = useState(false);
  const back = () => navigate(`/CardLV/${needpay}`);
  const name = Form.useWatch('name', form) ?? '';
  const card = Form.useWatch('card', form) ?? DEFAULT_CARD;
  const growth = Form.useWatch('growth', form);
  const price = Form.useWatch('price', form);

  useEffect(() => {
    const d = detail.data;
    if (!d) return;
    form.setFieldsValue({
      name: d.name,
      rank: d.rank,
      growth: d.growth,
      price: yuanText(d.price),
      validDays: d.validDays,
      discount: d.rights.discount / 100,
      pointsTimes: d.rights.pointsTimes / 10,
      freeShipping: d.rights.freeShipping,
      birthdayPoints: d.rights.birthdayPoints,
      description: d.description,
      card: d.card,
    });
  }, [detail.data, form]);

  const save = async (v: Values) => {
    setSaving(true);
    try {
      await api.levels.save(
        {
          id: id ?? undefined,
          needpay,
          name: v.name,
          rank: v.rank,
          growth: needpay === 0 ? v.growth : undefined,
          price: needpay === 1 ? v.price : undefined,
          validDays: needpay === 1 ? v.validDays : 0,
          rights: {
            discount: Math.round(v.discount * 100),
            pointsTimes: Math.round(v.pointsTimes * 10),
            freeShipping: v.freeShipping,
            birthdayPoints: v.birthdayPoints,
          },
          description: v.description ?? '',
          card: { bgColor: v.card.bgColor, textColor: v.card.textColor, bgImage: v.card.bgImage ?? '' },
        },
        { silent: true },
      );
      message.success('保存成功');
      await refresh();
      back();
    } catch (e) {
      const errors = ((e as ApiError).data as { errors?: { field: string; msg: string }[] } | null)?.errors ?? [];
      const known = errors.filter((x) => ['name', 'rank', 'growth', 'price', 'validDays'].includes(x.field));
      if (known.length) form.setFields(known.map((x) => ({ name: x.field as keyof Values, errors: [x.msg] })));
      else if (e instanceof ApiError) message.error(e.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={`${id ? '编辑' : '新增'}${needpay === 1 ? '付费' : '免费'}等级`} loading={Boolean(id) && detail.isLoading}>
      <Row gutter={32}>
        <Col flex="520px">
          <Form<Values>
            form={form}
            layout="horizontal"
            labelCol={{ flex: '110px' }}
            disabled={!canEdit}
            initialValues={{
              rank: 1,
              growth: 0,
              validDays: 365,
              discount: NO_RIGHTS.discount / 100,
              pointsTimes: NO_RIGHTS.pointsTimes / 10,
              freeShipping: false,
              birthdayPoints: 0,
              description: '',
              card: { ...DEFAULT_CARD },
            }}
            onFinish={save}
          >
            <Form.Item
              label="等级名称"
              name="name"
              rules={[
                { required: true, whitespace: true, message: '请输入等级名称' },
                { max: LEVEL_NAME_MAX, message: `等级名称不能超过${LEVEL_NAME_MAX}个字` },
              ]}
            >
              <Input placeholder="如：银卡会员" />
            </Form.Item>
            <Form.Item label="等级" name="rank" rules={[{ required: true, message: '请选择等级' }]} extra="数字越大等级越高">
              <InputNumber min={1} max={LEVEL_RANK_MAX} precision={0} addonBefore="LV" />
            </Form.Item>
            {needpay === 0 ? (
              <Form.Item
                label="所需成长值"
                name="growth"
                rules={[{ required: true, message: '请输入成长值' }]}
                extra="须高于上一等级、低于下一等级"
              >
                <InputNumber min={0} max={100_000_000} precision={0} style={{ width: 200 }} />
              </Form.Item>
            ) : (
              <>
                <Form.Item
                  label="价格"
                  name="price"
                  rules={[
                    { required: true, message: '请输入价格' },
                    { pattern: /^\d+(\.\d{1,2})?$/, message: '价格须为金额数字，如 12.50' },
                  ]}
                >
                  <AmountInput addonAfter="元" style={{ width: 200 }} />
                </Form.Item>
                <Form.Item label="有效期" name="validDays" rules={[{ required: true, message: '请输入有效期' }]} extra="0 表示永久有效">
                  <InputNumber min={0} max={3650} precision={0} addonAfter="天" />
                </Form.Item>
              </>
            )}
            <Typography.Title level={5}>等级权益</Typography.Title>
            <Form.Item label="会员折扣" name="discount" rules={[{ required: true, message: '请输入折扣' }]} extra="10 折为不打折">
              <InputNumber min={0.1} max={10} step={0.1} precision={1} addonAfter="折" />
            </Form.Item>
            <Form.Item label="积分倍率" name="pointsTimes" rules={[{ required: true, message: '请输入积分倍率' }]}>
              <InputNumber min={1} max={10} step={0.1} precision={1} addonAfter="倍" />
            </Form.Item>
            <Form.Item label="包邮" name="freeShipping" valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item label="生日赠送积分" name="birthdayPoints" rules={[{ required: true, message: '请输入生日赠送积分' }]}>
              <InputNumber min={0} max={1_000_000} precision={0} />
            </Form.Item>
            <Form.Item label="等级说明" name="description" rules={[{ max: 200, message: '等级说明不能超过200个字' }]}>
              <Input.TextArea rows={3} showCount maxLength={200} />
            </Form.Item>
            <Typography.Title level={5}>卡面</Typography.Title>
            <Form.Item label="背景颜色" name={['card', 'bgColor']}>
              <HexColorInput />
            </Form.Item>
            <Form.Item label="文字颜色" name={['card', 'textColor']}>
              <HexColorInput />
            </Form.Item>
            <Form.Item label="背景图片" name={['card', 'bgImage']} extra="图片地址，留空则使用背景颜色">
              <Input placeholder="https://…" allowClear />
            </Form.Item>
            <Form.Item label=" " colon={false}>
              <Space>
                {canEdit && (
                  <Button type="primary" htmlType="submit" loading={saving}>
                    保存
                  </Button>
                )}
                <Button disabled={false} onClick={back}>
                  返回
                </Button>
              </Space>
            </Form.Item>
          </Form>
        </Col>
        <Col flex="auto">
          <Typography.Text type="secondary">卡面预览</Typography.Text>
          <div style={{ marginTop: 12 }}>
            <LevelCard
              look={{
                bgColor: card.bgColor ?? DEFAULT_CARD.bgColor,
                textColor: card.textColor ?? DEFAULT_CARD.textColor,
                bgImage: card.bgImage ?? '',
              }}
              name={name}
              sub={needpay === 0 ? `成长值 ${growth ?? 0}` : `¥${price || '0.00'}`}
            />
          </div>
        </Col>
      </Row>
    </Card>
  );
}
