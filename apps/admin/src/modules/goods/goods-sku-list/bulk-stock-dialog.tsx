import { App, Form, Modal } from 'antd';
import { useState } from 'react';
import { DigitsInput } from '@/shared';
import { useEditStock } from '../goods.queries';

interface Props {
  open: boolean;
  /** The selected SKU ids. */
  skuIds: string[];
  onClose: () => void;
  /** After the stock was set (the list reloads by itself). */
  onSaved: () => void;
}

/** 批量改库存: one stock for every selected SKU. */
export function BulkStockDialog({ open, skuIds, onClose, onSaved }: Props) {
  const { message } = App.useApp();
  const editStock = useEditStock();
  const [stock, setStock] = useState('');

  const save = async () => {
    if (stock === '') return message.error('请输入库存');
    try {
      await editStock.mutateAsync(skuIds.map((skuId) => ({ skuId, stock: Number(stock) })));
      message.success('库存修改成功');
      onSaved();
    } catch {
      // the reason is shown
    }
  };

  return (
    <Modal
      title="批量改库存"
      open={open}
      onCancel={onClose}
      onOk={save}
      okText="保存"
      cancelText="取消"
      confirmLoading={editStock.isPending}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={`将选中的 ${skuIds.length} 个规格的库存设置为`} required>
          <DigitsInput aria-label="批量库存" placeholder="请输入库存" value={stock} onChange={setStock} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
