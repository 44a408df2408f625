import { type CardLook, DEFAULT_CARD } from '@contract/index';
import { App, Button, Card, Col, Form, Input, List, Row, Space, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { ApiError } from '@/api/client';
import { useCan } from '@/hooks/use-can';
import { MemberCentreLink } from './member-centre-link';
import { HexColorInput } from '@/modules/members/shared/hex-color-input';
import { CentrePreview } from './centre-preview';
import { useRenovation, useSaveRenovation } from './levels.queries';

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
  const saveRenovation = useSaveRenovation();
  const canEdit = useCan()('DecorateLV', 'edit');
  const [form] = Form.useForm<PageValues>();
  const [cards, setCards] = useState<Record<string, CardLook>>({});
  const [current, setCurrent] = useState<string | null>(null);
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
    try {
      await saveRenovation.mutateAsync({ page: v, cards: Object.entries(cards).map(([id, card]) => ({ id, card })) });
      message.success('保存成功');
    } catch (e) {
      if (e instanceof ApiError) message.error(e.message);
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
            <Button type="primary" loading={saveRenovation.isPending} onClick={save}>
              保存
            </Button>
          )}
        </Space>
      }
    >
      <Row gutter={32}>
        <Col flex="360px">
          <CentrePreview page={page} level={cur} look={look} />
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
