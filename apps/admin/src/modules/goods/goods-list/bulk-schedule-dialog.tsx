import { DatePicker, Form, Modal, Radio } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useSetStartSale } from '../goods.queries';
import { type BulkDialogProps, countTitle, useBulkSubmit } from './use-bulk-submit';

const FMT = 'YYYY-MM-DD HH:mm:ss';

/** 定时开售 of the selected goods, or its cancellation (back to the warehouse). */
export function ScheduleDialog({ ids, onCancel, onDone }: BulkDialogProps) {
  const [mode, setMode] = useState<'set' | 'cancel'>('set');
  const [at, setAt] = useState<Dayjs | null>(null);
  const [error, setError] = useState<string | null>(null);
  const setStartSale = useSetStartSale();
  const { saving, run } = useBulkSubmit(onDone);
  const submit = () => {
    if (mode === 'cancel') return run(() => setStartSale.mutateAsync({ ids, startSaleAt: null }), '已取消定时开售');
    if (!at) return setError('请选择开售时间');
    if (!at.isAfter(dayjs())) return setError('开售时间须晚于当前时间');
    return run(() => setStartSale.mutateAsync({ ids, startSaleAt: at.format(FMT) }), '定时开售设置成功');
  };
  return (
    <Modal
      open
      title={countTitle('定时开售', ids.length)}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      onCancel={onCancel}
      onOk={submit}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item>
          <Radio.Group
            value={mode}
            onChange={(e) => setMode(e.target.value)}
            options={[
              { value: 'set', label: '设置开售时间' },
              { value: 'cancel', label: '取消定时（放回仓库）' },
            ]}
          />
        </Form.Item>
        {mode === 'set' && (
          <Form.Item
            label="开售时间"
            required
            validateStatus={error ? 'error' : undefined}
            help={error ?? '到时间后自动上架；之前商品不在售'}
          >
            <DatePicker
              aria-label="开售时间"
              showTime
              format={FMT}
              value={at}
              disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
              onChange={(v) => {
                setAt(v);
                setError(null);
              }}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
