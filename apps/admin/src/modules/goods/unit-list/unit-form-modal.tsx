import { GOOD_UNIT_NAME_MAX } from '@contract/index';
import { App, Form, Input, Modal, Switch } from 'antd';
import { useEffect } from 'react';
import { ApiError } from '@/api/client';
import type { UnitRowData } from './unit-columns';
import { useSaveUnit } from './units.queries';

/** A new unit ('new') or one to edit. */
export type UnitEditing = 'new' | UnitRowData;

interface Values {
  name: string;
  status: boolean;
}

interface Props {
  editing: UnitEditing | null;
  onClose: () => void;
  onSaved: () => void;
}

/** 新增 / 编辑单位: name and status; a name in use shows under the field. */
export function UnitFormModal({ editing, onClose, onSaved }: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const saveUnit = useSaveUnit();
  const row = editing && editing !== 'new' ? editing : null;

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(row ? { name: row.name, status: row.status === 1 } : { name: '', status: true });
  }, [editing, row, form]);

  const save = async (v: Values) => {
    try {
      await saveUnit.mutateAsync({ id: row?.id, name: v.name, status: v.status ? 1 : 0 });
      message.success('保存成功');
      onSaved();
    } catch (e) {
      const nameError = ((e as ApiError).data as { errors?: { field: string; msg: string }[] } | null)?.errors?.find(
        (x) => x.field === 'name',
      );
      if (nameError) form.setFields([{ name: 'name', errors: [nameError.msg] }]);
      else if (e instanceof ApiError) message.error(e.message);
    }
  };

  return (
    <Modal
      title={row ? '编辑单位' : '新增单位'}
      open={editing !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="保存"
      cancelText="取消"
      confirmLoading={saveUnit.isPending}
      forceRender
    >
      <Form<Values> form={form} layout="vertical" onFinish={save} initialValues={{ status: true }}>
        <Form.Item
          name="name"
          label="单位名称"
          rules={[
            { required: true, whitespace: true, message: '请输入单位名称' },
            { max: GOOD_UNIT_NAME_MAX, message: `单位名称不能超过${GOOD_UNIT_NAME_MAX}个字` },
          ]}
        >
          <Input maxLength={GOOD_UNIT_NAME_MAX} showCount placeholder="如：件、盒、千克" />
        </Form.Item>
        <Form.Item name="status" label="状态" valuePropName="checked" extra="禁用后发布商品时不能再选择该单位">
          <Switch checkedChildren="启用" unCheckedChildren="禁用" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
