import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Descriptions, Form, Input, InputNumber, Modal, Select, Skeleton, Space, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '@/api/client';
import { useInvalidateGoodsOrders, useShipInfo } from './goods-orders.queries';
import {
  firstParcel,
  leftOf,
  nextParcel,
  type ParcelDraft,
  parcelProblems,
  parcelsBody,
  type ShipLine,
  shipsEverything,
} from './parcel-rules';

interface Props {
  /** The order to ship; null: closed. */
  orderId: string | null;
  onClose: () => void;
}

/** 发货: one or more parcels (company, tracking no, which lines and how many units each). */
export function ShipModal({ orderId, onClose }: Props) {
  const { message } = App.useApp();
  const info = useShipInfo(orderId ?? '', orderId !== null);
  const refresh = useInvalidateGoodsOrders();
  const [form] = Form.useForm<{ parcels: ParcelDraft[] }>();
  const parcels = (Form.useWatch('parcels', form) ?? []) as ParcelDraft[];
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const d = info.data;
  const lines: ShipLine[] = (d?.lines ?? []).filter((l) => l.toShipQty > 0);

  useEffect(() => {
    if (d && orderId) {
      form.setFieldsValue({ parcels: [firstParcel(d.lines.filter((l) => l.toShipQty > 0))] });
      setProblems([]);
    }
  }, [d, orderId, form]);

  const submit = async (v: { parcels: ParcelDraft[] }) => {
    const list = v.parcels ?? [];
    const found = parcelProblems(lines, list);
    setProblems(found);
    if (found.length || !orderId) return;
    setBusy(true);
    try {
      const r = await api.goodsOrder.AddLogistics({ id: orderId, parcels: parcelsBody(lines, list) });
      message.success(r.shipped ? '发货成功' : '已部分发货，剩余商品可继续发货');
      await refresh();
      onClose();
    } catch {
      // the server's message is shown by the api client
    } finally {
      setBusy(false);
    }
  };

  const companies = (d?.companies ?? []).map((c) => ({ value: c.code, label: c.name }));
  const all = lines.length > 0 && shipsEverything(lines, parcels);

  return (
    <Modal
      title={d ? `发货　订单 ${d.orderNo}` : '发货'}
      open={orderId !== null}
      width={760}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="确认发货"
      confirmLoading={busy}
      okButtonProps={{ disabled: !lines.length }}
      destroyOnHidden
    >
      {info.isLoading || !d ? (
        <Skeleton active />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          {d.address && (
            <Descriptions size="small" column={1}>
              <Descriptions.Item label="收货信息">
                {d.address.name} {d.address.phone} {d.address.areaText} {d.address.address}
              </Descriptions.Item>
              {d.buyerNote && <Descriptions.Item label="买家留言">{d.buyerNote}</Descriptions.Item>}
            </Descriptions>
          )}
          {!lines.length && <Alert type="info" showIcon message="该订单没有待发货的商品" />}
          <Form form={form} layout="vertical" onFinish={submit} onValuesChange={() => setProblems([])}>
            <Form.List name="parcels">
              {(fields, { add, remove }) => (
                <Space direction="vertical" style={{ width: '100%' }}>
                  {fields.map((field, i) => (
                    <Card
                      key={field.key}
                      size="small"
                      title={`包裹${i + 1}`}
                      extra={
                        fields.length > 1 && (
                          <Button
                            type="text"
                            danger
                            icon={<DeleteOutlined />}
                            onClick={() => remove(field.name)}
                            aria-label={`删除包裹${i + 1}`}
                          />
                        )
                      }
                    >
                      <Space style={{ width: '100%' }} align="start">
                        <Form.Item
                          name={[field.name, 'companyCode']}
                          label="快递公司"
                          rules={[{ required: true, message: '请选择快递公司' }]}
                          style={{ width: 200 }}
                        >
                          <Select
                            placeholder="请选择"
                            options={companies}
                            showSearch
                            optionFilterProp="label"
                            aria-label={`包裹${i + 1}快递公司`}
                          />
                        </Form.Item>
                        <Form.Item
                          name={[field.name, 'trackingNo']}
                          label="快递单号"
                          rules={[
                            { required: true, whitespace: true, message: '请输入快递单号' },
                            { max: 40, message: '快递单号不能超过40个字符' },
                            { pattern: /^\s*[A-Za-z0-9-]+\s*$/, message: '快递单号只能包含字母、数字和-' },
                          ]}
                          style={{ width: 260 }}
                        >
                          <Input placeholder="请输入快递单号" aria-label={`包裹${i + 1}快递单号`} />
                        </Form.Item>
                      </Space>
                      <Table<ShipLine>
                        size="small"
                        rowKey="id"
                        pagination={false}
                        dataSource={lines}
                        columns={[
                          { title: '商品', key: 'title', render: (_, l) => `${l.title}${l.skuText ? `（${l.skuText}）` : ''}` },
                          { title: '待发', dataIndex: 'toShipQty', width: 70 },
                          {
                            title: '本包裹数量',
                            key: 'qty',
                            width: 140,
                            render: (_, l) => (
                              <Form.Item name={[field.name, 'qty', l.id]} noStyle>
                                <InputNumber min={0} max={l.toShipQty} precision={0} aria-label={`包裹${i + 1} ${l.title} 数量`} />
                              </Form.Item>
                            ),
                          },
                        ]}
                      />
                    </Card>
                  ))}
                  {lines.length > 0 && (
                    <Button
                      type="dashed"
                      block
                      icon={<PlusOutlined />}
                      disabled={fields.length >= 20 || lines.every((l) => leftOf(l, parcels) <= 0)}
                      onClick={() => add(nextParcel(lines, parcels))}
                    >
                      再加一个包裹（分包发货）
                    </Button>
                  )}
                </Space>
              )}
            </Form.List>
          </Form>
          {problems.length > 0 && <Alert type="error" showIcon message={problems.join('；')} />}
          {lines.length > 0 && (
            <Typography.Text type="secondary">
              {all ? '全部商品发出后，订单将变为已发货。' : '还有商品未放入包裹：订单保持待发货（部分发货），剩余商品可稍后再发。'}
            </Typography.Text>
          )}
        </Space>
      )}
    </Modal>
  );
}
