import type { contract, DataOf } from '@contract/index';
import { Form, Input, InputNumber, Modal, Radio, Select } from 'antd';

export interface GrowthForm {
  direction: 1 | -1;
  amount: number;
  reason: string;
}

interface ModalProps<T> {
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (v: T) => void;
}

/** 调整成长值: add or take off growth, with the reason. */
export function GrowthModal({ open, growth, busy, onCancel, onSubmit }: ModalProps<GrowthForm> & { growth: number }) {
  const [growthForm] = Form.useForm<GrowthForm>();
  return (
    <Modal title="调整成长值" open={open} onCancel={onCancel} onOk={() => growthForm.submit()} confirmLoading={busy} destroyOnHidden>
      <p>当前成长值：{growth}。调整后等级将按成长值自动变化。</p>
      <Form<GrowthForm> form={growthForm} layout="vertical" onFinish={onSubmit} preserve={false} initialValues={{ direction: 1 }}>
        <Form.Item name="direction" label="调整方式">
          <Radio.Group
            options={[
              { value: 1, label: '增加' },
              { value: -1, label: '扣减' },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label="成长值"
          rules={[
            { required: true, message: '请输入调整的成长值' },
            { type: 'integer', min: 1, max: 1_000_000, message: '请输入1到1000000之间的整数' },
          ]}
        >
          <InputNumber min={1} max={1_000_000} precision={0} style={{ width: 200 }} placeholder="正整数" />
        </Form.Item>
        <Form.Item
          name="reason"
          label="调整原因"
          rules={[
            { required: true, whitespace: true, message: '请输入调整原因' },
            { max: 100, message: '调整原因不能超过100个字' },
          ]}
        >
          <Input.TextArea rows={3} maxLength={100} showCount placeholder="如：活动奖励、误操作扣回" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

type PaidLevel = DataOf<typeof contract.memberDetail.GetUserVip>['paidLevels'][number];

/** 设置付费等级: one of the enabled paid levels, valid from today. */
export function PaidLevelModal({ open, levels, busy, onCancel, onSubmit }: ModalProps<{ levelId: string }> & { levels: PaidLevel[] }) {
  const [levelForm] = Form.useForm<{ levelId: string }>();
  return (
    <Modal title="设置付费等级" open={open} onCancel={onCancel} onOk={() => levelForm.submit()} confirmLoading={busy} destroyOnHidden>
      <p>设置后会员立即享有该等级的权益，有效期按等级设置的天数从今天算起。</p>
      <Form form={levelForm} layout="vertical" onFinish={onSubmit} preserve={false}>
        <Form.Item name="levelId" label="付费等级" rules={[{ required: true, message: '请选择付费等级' }]}>
          <Select
            placeholder="请选择"
            notFoundContent="暂无启用的付费等级，请先在「付费等级」中创建"
            options={levels.map((l) => ({
              value: l.id,
              label: `${l.name}（${l.validDays > 0 ? `${l.validDays}天` : '长期有效'}）`,
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
