import { type CardLook, DEFAULT_CARD } from '@contract/index';
import { App, Button, Card, Col, Empty, Form, Input, List, Row, Space, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { ApiError, api } from '@/api/client';
import { useCan } from '@/hooks/use-can';
import { MemberCentreLink } from './member-centre-link';
import { HexColorInput } from '@/modules/members/shared/hex-color-input';
import { LevelCard } from './level-card';
import { useInvalidateLevels, useRenovation } from './levels.queries';

interface PageValues {
  title: string;
  bgColor: string;
  showNext: boolean;
  showRights: boolean;
}

const HEX = /^#[0-9a-fA-F]{6}$/;

/** /DecorateLV 等级装修: the level page's look and each level's card, with a live preview of the member centre. */
export default function DecoratePage() {
  const { message } = App.useApp();
  const data = useRenovation();
  const refresh = useInvalidateLevels();
  const canEdit = useCan()('DecorateLV', 'edit');
  const [form] = Form.useForm<PageValues>();
  const [cards, setCards] = useState<Record<string, CardLook>>({});
  const [current, setCurrent] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const page = Form.useWatch([], form);
  const levels = data.data?.levels ?? [];

  useEffect(() => {
    if (!data.data) return;
    form.setFieldsValue(data.data.page);
    setCards(Object.fromEntries(data.data.levels.map((l) => [l.id, l.card])));
    setCurrent((c) => c ?? data.data.levels[0]?.id ?? null);
  }, [data.data, form]);

  const cur = levels.find((l) => l.id === current);
  const look = (current && cards[current]) || DEFAULT_CARD;
  const setLook = (patch: Partial<CardLook>) => current && setCards((c) => ({ ...c, [current]: { ...look, ...patch } }));

  const save = async () => {
    const v = await form.validateFields();
    const bad = Object.entries(cards).find(([, c]) => !HEX.test(c.bgColor) || !HEX.test(c.textColor));
    if (bad) {
      message.error('卡面颜色格式不正确');
      return;
    }
    setSaving(true);
    try {
      await api.levels.savelvrenovation({ page: v, cards: Object.entries(cards).map(([id, card]) => ({ id, card })) }, { silent: true });
      message.success('保存成功');
      await refresh();
    } catch (e) {
      if (e instanceof ApiError) message.error(e.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      title="等级装修"
      loading={data.isLoading}
      extra={
        <Space>
          <MemberCentreLink />
          {canEdit && (
            <Button type="primary" loading={saving} onClick={save}>
              保存
            </Button>
          )}
        </Space>
      }
    >
      <Row gutter={32}>
        <Col flex="360px">
          <div
            aria-label="会员中心预览"
            style={{
              width: 340,
              minHeight: 520,
              borderRadius: 16,
              border: '1px solid #ddd',
              padding: 20,
              background: page?.bgColor ?? '#f5f5f5',
            }}
          >
            <Typography.Title level={5} style={{ textAlign: 'center' }}>
              {page?.title || '会员中心'}
            </Typography.Title>
            {cur ? (
              <>
                <LevelCard look={look} name={cur.name} sub={cur.needpay === 0 ? '成长值 520' : '有效期至 2027-01-01'} />
                {page?.showNext && cur.needpay === 0 && (
                  <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
                    再获得 480 成长值可升级到下一等级
                  </Typography.Paragraph>
                )}
                {page?.showRights && (
                  <Typography.Paragraph style={{ marginTop: 12 }}>等级权益：折扣、积分倍率、包邮、生日礼</Typography.Paragraph>
                )}
              </>
            ) : (
              <Empty description="还没有等级" />
            )}
          </div>
        </Col>
        <Col flex="auto">
          <Form<PageValues> form={form} layout="horizontal" labelCol={{ flex: '110px' }} disabled={!canEdit}>
            <Typography.Title level={5}>页面</Typography.Title>
            <Form.Item label="页面标题" name="title" rules={[{ max: 20, message: '页面标题不能超过20个字' }]}>
              <Input style={{ width: 240 }} />
            </Form.Item>
            <Form.Item label="页面背景" name="bgColor">
              <HexColorInput />
            </Form.Item>
            <Form.Item label="显示升级进度" name="showNext" valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item label="显示等级权益" name="showRights" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Form>
          <Typography.Title level={5}>卡面</Typography.Title>
          <Space align="start" size="large" wrap>
            <List
              bordered
              style={{ width: 200 }}
              dataSource={levels}
              locale={{ emptyText: '还没有等级' }}
              renderItem={(l) => (
                <List.Item
                  style={{ cursor: 'pointer', background: l.id === current ? '#e6f4ff' : undefined }}
                  onClick={() => setCurrent(l.id)}
                >
                  {l.needpay === 1 ? '付费' : '免费'} LV{l.rank} {l.name}
                </List.Item>
              )}
            />
            {cur && (
              <Form layout="horizontal" labelCol={{ flex: '90px' }} disabled={!canEdit}>
                <Form.Item label="背景颜色">
                  <HexColorInput value={look.bgColor} onChange={(bgColor) => setLook({ bgColor })} />
                </Form.Item>
                <Form.Item label="文字颜色">
                  <HexColorInput value={look.textColor} onChange={(textColor) => setLook({ textColor })} />
                </Form.Item>
                <Form.Item label="背景图片" extra="图片地址，留空则使用背景颜色">
                  <Input
                    style={{ width: 260 }}
                    value={look.bgImage}
                    allowClear
                    onChange={(e) => setLook({ bgImage: e.target.value.trim() })}
                  />
                </Form.Item>
              </Form>
            )}
          </Space>
        </Col>
      </Row>
    </Card>
  );
}
