import { PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Descriptions, Form, Modal, Skeleton, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useShipInfo, useShipOrder } from './goods-orders.queries';
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
import { ShipParcelCard } from './ship-parcel-card';

interface Props {
  /** The order to ship; null: closed. */
  orderId: string | null;
  onClose: () => void;
}

/** 发货: one or more parcels (company, tracking no, which lines and how many units each). */
export function ShipModal({ orderId, onClose }: Props) {
  const { message } = App.useApp();
  const info = useShipInfo(orderId ?? '', orderId !== null);
  const [form] = Form.useForm<{ parcels: ParcelDraft[] }>();
  const parcels = (Form.useWatch('parcels', form) ?? []) as ParcelDraft[];
  const ship = useShipOrder();
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
    try {
      const r = await ship.mutateAsync({ id: orderId, parcels: parcelsBody(lines, list) });
      message.success(r.shipped ? '发货成功' : '已部分发货，剩余商品可继续发货');
      onClose();
    } catch {
      // the server's message is shown by the api client
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
      confirmLoading={ship.isPending}
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
                    <ShipParcelCard
                      key={field.key}
                      field={field}
                      index={i}
                      lines={lines}
                      companies={companies}
                      onRemove={fields.length > 1 ? () => remove(field.name) : undefined}
                    />
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
