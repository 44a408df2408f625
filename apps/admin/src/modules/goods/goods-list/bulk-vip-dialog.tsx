import { Form, Modal, Radio } from 'antd';
import { useState } from 'react';
import { useSetVipFlags } from '../goods.queries';
import { type BulkDialogProps, countTitle, useBulkSubmit } from './use-bulk-submit';

type Tri = 'keep' | 'on' | 'off';
const FLAGS = [
  { key: 'joinvip', label: '参与会员折扣' },
  { key: 'showvipprice', label: '显示会员价' },
  { key: 'havevipprice', label: '有会员价' },
] as const;

/** 会员价设置 of the selected goods: each flag kept, turned on or off. */
export function VipDialog({ ids, onCancel, onDone }: BulkDialogProps) {
  const [flags, setFlags] = useState<Record<(typeof FLAGS)[number]['key'], Tri>>({
    joinvip: 'keep',
    showvipprice: 'keep',
    havevipprice: 'keep',
  });
  const setVipFlags = useSetVipFlags();
  const { saving, run } = useBulkSubmit(onDone);
  const changed = FLAGS.filter((f) => flags[f.key] !== 'keep');
  return (
    <Modal
      open
      title={countTitle('会员价设置', ids.length)}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      okButtonProps={{ disabled: changed.length === 0 }}
      onCancel={onCancel}
      onOk={() =>
        run(
          () => setVipFlags.mutateAsync({ ids, flags: changed.map((f) => ({ key: f.key, value: flags[f.key] === 'on' })) }),
          '会员价设置已修改',
        )
      }
      destroyOnHidden
    >
      <Form layout="horizontal" labelCol={{ flex: '110px' }}>
        {FLAGS.map((f) => (
          <Form.Item key={f.key} label={f.label} style={{ marginBottom: 12 }}>
            <Radio.Group
              aria-label={f.label}
              optionType="button"
              value={flags[f.key]}
              onChange={(e) => setFlags((x) => ({ ...x, [f.key]: e.target.value }))}
              options={[
                { value: 'keep', label: '不修改' },
                { value: 'on', label: '开启' },
                { value: 'off', label: '关闭' },
              ]}
            />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
