import { Form, Modal, Radio } from 'antd';
import { useState } from 'react';
import { useChangeGoodsType } from '../goods.queries';
import { type BulkDialogProps, countTitle, useBulkSubmit } from './use-bulk-submit';

/** 修改类型 of the selected goods. */
export function TypeDialog({ ids, onCancel, onDone }: BulkDialogProps) {
  const [type, setType] = useState<1 | 2 | 3>(1);
  const changeType = useChangeGoodsType();
  const { saving, run } = useBulkSubmit(onDone);
  return (
    <Modal
      open
      title={countTitle('修改类型', ids.length)}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      onCancel={onCancel}
      onOk={() => run(() => changeType.mutateAsync({ ids, type }), '修改成功')}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label="商品类型">
          <Radio.Group
            aria-label="商品类型"
            value={type}
            onChange={(e) => setType(e.target.value)}
            options={[
              { value: 1, label: '实物商品' },
              { value: 2, label: '虚拟商品' },
              { value: 3, label: '服务商品' },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
