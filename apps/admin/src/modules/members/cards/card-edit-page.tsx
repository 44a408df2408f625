import { type CardLook, VIP_CARD_DAYS_MAX, VIP_CARD_NAME_MAX, VIP_CARD_NOTICE_MAX, VIP_CARD_PRICE_MAX } from '@contract/index';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Checkbox, Col, Form, Input, InputNumber, Radio, Row, Skeleton, Space } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, api } from '@/api/client';
import { useCan } from '@/hooks/use-can';
import { HexColorInput } from '@/modules/members/shared/hex-color-input';
import { AmountInput, DebouncedButton, ExceptionPage } from '@/shared';
import { MediaPicker } from '@/shared/media-picker';
import { CardPreviewPanel } from './card-preview';
import { type RightsForm, rightsFromForm, rightsToForm } from './cards-format';
import { cardKeys, useCardDetail } from './cards.queries';

interface Values extends RightsForm {
  name: string;
  needpay: 0 | 1;
  price: string;
  /** 0 永久有效, 1 领取后N天. */
  validKind: 0 | 1;
  validDays: number | null;
  bgColor: string;
  bgImage: string;
  textColor: string;
  notice: string;
  status: 0 | 1;
}

/** Server field paths and the form item that shows their message. */
const FIELD_OF: Record<string, keyof Values> = {
  name: 'name',
  needpay: 'needpay',
  price: 'price',
  validDays: 'validDays',
  'rights.discount': 'discount',
  'rights.pointsTimes': 'pointsTimes',
  'rights.birthdayPoints': 'birthdayPoints',
  'cover.bgColor': 'bgColor',
  'cover.bgImage': 'bgImage',
  'cover.textColor': 'textColor',
  notice: 'notice',
};

const COLORS = ['#1f1f1f', '#2f54eb', '#c41d7f', '#d4380d', '#d48806', '#389e0d', '#8c6a3f'];
const DEFAULTS: Partial<Values> = {
  needpay: 0,
  price: '',
  validKind: 0,
  validDays: 365,
  discountOn: false,
  discount: 9.5,
  pointsOn: false,
  pointsTimes: 2,
  freeShipping: false,
  birthdayOn: false,
  birthdayPoints: 100,
  bgColor: '#1f1f1f',
  bgImage: '',
  textColor: '#ffffff',
  notice: '',
  status: 1,
};

/** 新建 / 编辑权益卡 (/addrights, ?id= to edit), with the card's live preview. */
export default function CardEditPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const loaded = useCardDetail(id);
  const [saving, setSaving] = useState(false);
  const canEdit = useCan()('equityCard', 'edit');
  const watched = Form.useWatch([], form) as Values | undefined;
  const v = { ...DEFAULTS, ...watched } as Values;

  useEffect(() => {
    const d = loaded.data;
    if (!d) return;
    form.setFieldsValue({
      name: d.name,
      needpay: d.needpay as Values['needpay'],
      price: d.needpay === 1 ? String(d.price) : '',
      validKind: d.validDays === 0 ? 0 : 1,
      validDays: d.validDays === 0 ? 365 : d.validDays,
      ...rightsToForm(d.rights),
      bgColor: d.cover.bgColor,
      bgImage: d.cover.bgImage,
      textColor: d.cover.textColor,
      notice: d.notice,
      status: d.status as Values['status'],
    });
  }, [loaded.data, form]);

  if (id && loaded.isLoading) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (id && loaded.error) return <ExceptionPage status={404} onHome={() => navigate('/equityCard')} />;

  const look = (x: Values): CardLook => ({ bgColor: x.bgColor, bgImage: x.bgImage ?? '', textColor: x.textColor });
  const back = () => (window.history.state?.idx > 0 ? navigate(-1) : navigate('/equityCard'));

  const save = async (x: Values) => {
    setSaving(true);
    try {
      await api.vipCards.save(
        {
          id: id ?? undefined,
          name: x.name,
          needpay: x.needpay,
          price: x.needpay === 1 ? x.price : undefined,
          validDays: x.validKind === 0 ? 0 : (x.validDays ?? 0),
          rights: rightsFromForm(x),
          cover: look(x),
          notice: x.notice ?? '',
          status: x.status,
        },
        { silent: true },
      );
      message.success('保存成功');
      await qc.invalidateQueries({ queryKey: cardKeys.all });
      navigate('/equityCard');
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const errors = (e.data as { errors?: { field: string; msg: string }[] } | null)?.errors ?? [];
      const onForm = errors.filter((x) => FIELD_OF[x.field]);
      if (onForm.length) form.setFields(onForm.map((x) => ({ name: FIELD_OF[x.field], errors: [x.msg] })));
      message.error(e.message);
    } finally {
      setSaving(false);
    }
  };

  const sub = (on: keyof Values, name: keyof Values, node: ReactNode, rules: object[]) => (
    <Form.Item noStyle dependencies={[on]}>
      {({ getFieldValue }) =>
        getFieldValue(on) ? (
          <Form.Item name={name} rules={rules} style={{ display: 'inline-block', margin: '0 0 0 8px' }}>
            {node}
          </Form.Item>
        ) : null
      }
    </Form.Item>
  );

  return (
    <Form<Values>
      form={form}
      labelCol={{ flex: '110px' }}
      onFinish={save}
      disabled={!canEdit}
      initialValues={DEFAULTS}
      scrollToFirstError={{ behavior: 'smooth', block: 'center', focus: true }}
    >
      <Card title={!canEdit ? '查看权益卡' : id ? '编辑权益卡' : '新建权益卡'} style={{ marginBottom: 16 }}>
        <Row gutter={24}>
          <Col flex="auto">
            <Form.Item
              name="name"
              label="权益卡名称"
              rules={[
                { required: true, whitespace: true, message: '请输入权益卡名称' },
                { max: VIP_CARD_NAME_MAX, message: `权益卡名称不能超过${VIP_CARD_NAME_MAX}个字` },
              ]}
            >
              <Input maxLength={VIP_CARD_NAME_MAX} showCount placeholder="如：黑金卡" style={{ maxWidth: 360 }} />
            </Form.Item>
            <Form.Item name="needpay" label="领取方式">
              <Radio.Group
                options={[
                  { value: 0, label: '免费领取' },
                  { value: 1, label: '付费购买' },
                ]}
              />
            </Form.Item>
            {v.needpay === 1 && (
              <Form.Item
                name="price"
                label="售价"
                required
                rules={[
                  {
                    validator: (_, p: string) => {
                      if (p === undefined || p === '') return Promise.reject(new Error('请输入售价'));
                      if (!(Number(p) > 0)) return Promise.reject(new Error('售价须大于0'));
                      if (Number(p) > VIP_CARD_PRICE_MAX) return Promise.reject(new Error(`售价不能超过${VIP_CARD_PRICE_MAX}元`));
                      return Promise.resolve();
                    },
                  },
                ]}
                extra="会员在店铺下单购买（订单功能上线后开放）"
              >
                <AmountInput aria-label="售价" addonAfter="元" placeholder="0.00" style={{ width: 180 }} />
              </Form.Item>
            )}
            <Form.Item label="有效期" required style={{ marginBottom: 0 }}>
              <Space align="start">
                <Form.Item name="validKind">
                  <Radio.Group
                    options={[
                      { value: 0, label: '永久有效' },
                      { value: 1, label: '领取后' },
                    ]}
                  />
                </Form.Item>
                {v.validKind === 1 && (
                  <Form.Item
                    name="validDays"
                    rules={[
                      { required: true, message: '请输入有效天数' },
                      { type: 'integer', min: 1, max: VIP_CARD_DAYS_MAX, message: `有效天数须为1到${VIP_CARD_DAYS_MAX}的整数` },
                    ]}
                    extra="天内有效；已持卡会员再次获得时顺延"
                  >
                    <InputNumber
                      aria-label="有效天数"
                      min={1}
                      max={VIP_CARD_DAYS_MAX}
                      precision={0}
                      addonAfter="天"
                      style={{ width: 160 }}
                    />
                  </Form.Item>
                )}
              </Space>
            </Form.Item>
          </Col>
          <Col flex="360px">
            <CardPreviewPanel
              name={v.name}
              look={look(v)}
              rights={rightsFromForm(v)}
              validDays={v.validKind === 0 ? 0 : (v.validDays ?? 0)}
              price={Number(v.price) || 0}
              needpay={v.needpay}
            />
          </Col>
        </Row>
      </Card>

      <Card title="会员权益" style={{ marginBottom: 16 }}>
        <Form.Item label="会员折扣">
          <Form.Item name="discountOn" valuePropName="checked" noStyle>
            <Checkbox>享受折扣</Checkbox>
          </Form.Item>
          {sub(
            'discountOn',
            'discount',
            <InputNumber aria-label="折扣" min={0.1} max={9.9} step={0.1} precision={1} addonAfter="折" style={{ width: 140 }} />,
            [
              { required: true, message: '请输入折扣' },
              { type: 'number', min: 0.1, max: 9.9, message: '折扣须在0.1折到9.9折之间' },
            ],
          )}
        </Form.Item>
        <Form.Item label="积分倍率">
          <Form.Item name="pointsOn" valuePropName="checked" noStyle>
            <Checkbox>消费获得积分翻倍</Checkbox>
          </Form.Item>
          {sub(
            'pointsOn',
            'pointsTimes',
            <InputNumber aria-label="积分倍率" min={1.1} max={10} step={0.1} precision={1} addonAfter="倍" style={{ width: 140 }} />,
            [
              { required: true, message: '请输入积分倍率' },
              { type: 'number', min: 1.1, max: 10, message: '积分倍率须在1.1倍到10倍之间' },
            ],
          )}
        </Form.Item>
        <Form.Item label="包邮" name="freeShipping" valuePropName="checked">
          <Checkbox>下单包邮</Checkbox>
        </Form.Item>
        <Form.Item label="生日礼">
          <Form.Item name="birthdayOn" valuePropName="checked" noStyle>
            <Checkbox>生日赠送积分</Checkbox>
          </Form.Item>
          {sub(
            'birthdayOn',
            'birthdayPoints',
            <InputNumber aria-label="生日赠送积分" min={1} max={1_000_000} precision={0} addonAfter="积分" style={{ width: 180 }} />,
            [
              { required: true, message: '请输入生日赠送积分' },
              { type: 'integer', min: 1, max: 1_000_000, message: '生日赠送积分须为1到1000000的整数' },
            ],
          )}
        </Form.Item>
      </Card>

      <Card title="卡面与说明" style={{ marginBottom: 16 }}>
        <Form.Item name="bgColor" label="背景颜色">
          <HexColorInput presets={[{ label: '推荐', colors: COLORS }]} showText />
        </Form.Item>
        <Form.Item name="bgImage" label="背景图片" extra="可选，建议 600×350；设置后覆盖背景颜色">
          <MediaPicker kind="image" disabled={!canEdit} />
        </Form.Item>
        <Form.Item name="textColor" label="文字颜色">
          <HexColorInput presets={[{ label: '推荐', colors: ['#ffffff', '#1f1f1f', '#f5d08a'] }]} showText />
        </Form.Item>
        <Form.Item
          name="notice"
          label="使用须知"
          rules={[{ max: VIP_CARD_NOTICE_MAX, message: `使用须知不能超过${VIP_CARD_NOTICE_MAX}个字` }]}
        >
          <Input.TextArea rows={4} maxLength={VIP_CARD_NOTICE_MAX} showCount placeholder="如：本卡仅限本人使用，不可转让" />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Radio.Group
            options={[
              { value: 1, label: '启用' },
              { value: 0, label: '停用' },
            ]}
          />
        </Form.Item>
      </Card>

      <Card>
        <Space>
          {canEdit && (
            <DebouncedButton type="primary" htmlType="submit" loading={saving}>
              保存
            </DebouncedButton>
          )}
          <Button disabled={false} onClick={back}>
            {canEdit ? '取消' : '返回'}
          </Button>
        </Space>
      </Card>
    </Form>
  );
}
