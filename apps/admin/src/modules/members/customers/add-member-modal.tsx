import { PHONE_RE } from '@contract/index';
import { Form, Input, Modal, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { ApiError } from '@/api/client';
import { ProfileFields } from '@/modules/members/shared/profile-fields';
import { useMessage } from '@/shared';
import { fieldErrorsOf } from '@/shared/field-errors';
import { useCreateMember, useFindOptions } from './customers.queries';

interface Values {
  phone: string;
  name?: string;
  sex: number;
  birthday?: Dayjs;
  remark?: string;
  tagIds?: string[];
}

interface Props {
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}

/** 添加会员: phone required and unique; a customer with that phone becomes a member. */
export function AddMemberModal({ open, onClose, onDone }: Props) {
  const [form] = Form.useForm<Values>();
  const message = useMessage();
  const options = useFindOptions();
  const createMember = useCreateMember();
  const save = async (v: Values) => {
    try {
      const r = await createMember.mutateAsync({
        phone: v.phone.trim(),
        name: v.name?.trim() ?? '',
        sex: v.sex,
        birthday: v.birthday ? v.birthday.format('YYYY-MM-DD') : undefined,
        remark: v.remark?.trim() ?? '',
        tagIds: v.tagIds ?? [],
      });
      message.success(r.converted ? '该客户已转为会员' : '添加会员成功');
      form.resetFields();
      onDone();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const known = ['phone', 'name', 'sex', 'birthday', 'remark', 'tagIds'];
      const onForm = fieldErrorsOf(e).filter((x) => known.includes(x.field));
      if (onForm.length) form.setFields(onForm.map((x) => ({ name: x.field as keyof Values, errors: [x.msg] })));
      else message.error(e.message);
    }
  };
  return (
    <Modal
      title="添加会员"
      open={open}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      onOk={() => form.submit()}
      okText="保存"
      confirmLoading={createMember.isPending}
      forceRender
    >
      <Form<Values> form={form} labelCol={{ flex: '80px' }} onFinish={save} initialValues={{ sex: 0 }}>
        <Form.Item
          label="手机号"
          name="phone"
          rules={[
            { required: true, message: '请输入手机号' },
            { pattern: PHONE_RE, message: '手机号格式不正确' },
          ]}
        >
          <Input maxLength={11} placeholder="会员手机号" />
        </Form.Item>
        <ProfileFields
          beforeRemark={
            <Form.Item label="标签" name="tagIds">
              <Select
                mode="multiple"
                placeholder="选择手动标签（选填）"
                options={(options.data?.tags ?? []).filter((t) => t.kind === 1).map((t) => ({ value: t.id, label: t.name }))}
                optionFilterProp="label"
              />
            </Form.Item>
          }
        />
      </Form>
    </Modal>
  );
}
