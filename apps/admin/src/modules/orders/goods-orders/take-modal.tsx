import type { contract, DataOf } from '@contract/index';
import { Alert, App, Button, Descriptions, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { yuan } from '@/shared/money';
import { useTakeGoodsOrder, useTakePreview } from './goods-orders.queries';

type Preview = DataOf<typeof contract.goodsOrder.takeOrder>;

/** 核销 (pick-up): the buyer's 8-digit code → the order it opens (preview) → 确认核销. */
export function TakeModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const lookUp = useTakePreview();
  const takeOrder = useTakeGoodsOrder();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [preview, setPreview] = useState<Preview | null>(null);

  const close = () => {
    setCode('');
    setError('');
    setPreview(null);
    onClose();
  };
  const look = async () => {
    if (!/^\d{8}$/.test(code.trim())) return setError('核销码为8位数字');
    try {
      setPreview(await lookUp.mutateAsync(code.trim()));
    } catch {
      setPreview(null);
    }
  };
  const take = async () => {
    try {
      await takeOrder.mutateAsync(code.trim());
      message.success('核销成功');
      close();
    } catch {
      // shown by the api client
    }
  };

  return (
    <Modal
      title="自提核销"
      open={open}
      onCancel={close}
      footer={
        preview ? (
          <Space>
            <Button onClick={() => setPreview(null)}>重新输入</Button>
            <Button type="primary" disabled={!preview.takeable} loading={takeOrder.isPending} onClick={take}>
              确认核销
            </Button>
          </Space>
        ) : (
          <Button type="primary" loading={lookUp.isPending} onClick={look}>
            查询
          </Button>
        )
      }
      destroyOnHidden
    >
      {!preview ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Input
            placeholder="请输入8位核销码"
            maxLength={8}
            value={code}
            status={error ? 'error' : undefined}
            onChange={(e) => {
              setCode(e.target.value.replace(/\D/g, ''));
              setError('');
            }}
            onPressEnter={look}
            aria-label="核销码"
          />
          {error && <span style={{ color: '#ff4d4f' }}>{error}</span>}
        </Space>
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          {!preview.takeable && <Alert type="warning" showIcon message={preview.refusal} />}
          <Descriptions column={1} size="small">
            <Descriptions.Item label="订单编号">{preview.orderNo}</Descriptions.Item>
            <Descriptions.Item label="订单状态">{preview.statusText}</Descriptions.Item>
            <Descriptions.Item label="商品">
              {preview.lines.map((l) => `${l.title}${l.skuText ? `（${l.skuText}）` : ''} ×${l.qty}`).join('，')}
            </Descriptions.Item>
            <Descriptions.Item label="实付金额">{yuan(preview.payAmount)}</Descriptions.Item>
            <Descriptions.Item label="买家手机号">{preview.memberPhone}</Descriptions.Item>
            {preview.buyerNote && <Descriptions.Item label="买家留言">{preview.buyerNote}</Descriptions.Item>}
          </Descriptions>
        </Space>
      )}
    </Modal>
  );
}
