import type { GoodsDelivery } from '@contract/index';
import { Form, Modal } from 'antd';
import { LogisticsFields } from '../goods-edit/logistics-fields';
import { useEditGoodsLogistics } from '../goods.queries';
import { type BulkDialogProps, countTitle, useBulkSubmit } from './use-bulk-submit';

interface LogisticsValues {
  delivery: GoodsDelivery[];
  postFeeMode: 1 | 2;
  freightTemplateId?: string | null;
  postFee: string;
}

/** 修改物流 of the selected goods. */
export function LogisticsDialog({ ids, onCancel, onDone }: BulkDialogProps) {
  const [form] = Form.useForm<LogisticsValues>();
  const editLogistics = useEditGoodsLogistics();
  const { saving, run } = useBulkSubmit(onDone);
  const submit = (v: LogisticsValues) =>
    run(
      () =>
        editLogistics.mutateAsync({
          ids,
          delivery: v.delivery,
          postFeeMode: v.postFeeMode,
          freightTemplateId: v.postFeeMode === 2 ? (v.freightTemplateId ?? null) : null,
          postFee: Number(v.postFee || 0),
        }),
      '物流设置已修改',
    );
  return (
    <Modal
      open
      title={countTitle('修改物流', ids.length)}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<LogisticsValues>
        form={form}
        layout="vertical"
        initialValues={{ delivery: ['express'], postFeeMode: 1, postFee: '0' }}
        onFinish={submit}
      >
        <LogisticsFields />
      </Form>
    </Modal>
  );
}
