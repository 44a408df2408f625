import { DEFAULT_CARD, LEVEL_NAME_MAX, LEVEL_RANK_MAX } from '@contract/index';
import { App, Button, Card, Col, Form, Input, InputNumber, Row, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '@/api/client';
import { useCan } from '@/hooks/use-can';
import { AmountInput } from '@/shared';
import { fieldErrorsOf } from '@/shared/field-errors';
import { LevelCard } from './level-card';
import { LEVEL_INITIAL, type LevelValues as Values, levelBodyOf, levelValuesOf } from './level-form';
import { useLevel, useSaveLevel } from './levels.queries';
import { LevelRightsFields } from './level-rights-fields';

/** /EditLV: a new level (?needpay=0|1) or one to edit (&id=…), with the card's live preview. */
export default function LevelEditPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const needpay = params.get('needpay') === '1' ? 1 : 0;
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const detail = useLevel(id);
  const saveLevel = useSaveLevel();
  const canEdit = useCan()(needpay === 1 ? 'CardLV1' : 'CardLV0', 'edit');
  const back = () => navigate(`/CardLV/${needpay}`);
  const name = Form.useWatch('name', form) ?? '';
  const card = Form.useWatch('card', form) ?? DEFAULT_CARD;
  const growth = Form.useWatch('growth', form);
  const price = Form.useWatch('price', form);

  useEffect(() => {
    const d = detail.data;
    if (!d) return;
    form.setFieldsValue(levelValuesOf(d));
  }, [detail.data, form]);

  const save = async (v: Values) => {
    try {
      await saveLevel.mutateAsync(levelBodyOf(v, id, needpay));
      message.success('保存成功');
      back();
    } catch (e) {
      const known = fieldErrorsOf(e).filter((x) => ['name', 'rank', 'growth', 'price', 'validDays'].includes(x.field));
      if (known.length) form.setFields(known.map((x) => ({ name: x.field as keyof Values, errors: [x.msg] })));
      else if (e instanceof ApiError) message.error(e.message);
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
            initialValues={LEVEL_INITIAL}
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
            <LevelRightsFields />
            <Form.Item label=" " colon={false}>
              <Space>
                {canEdit && (
                  <Button type="primary" htmlType="submit" loading={saveLevel.isPending}>
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
