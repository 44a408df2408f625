import { PROPERTY_KEY_NAME_MAX, PROPERTY_VALUE_MAX } from '@contract/index';
import { App, Form, Input, Modal, Select } from 'antd';
import { ApiError } from '@/api/client';
import type { KeyRow } from './property-keys-columns';
import { useSavePropertyKey } from './property-keys.queries';

interface KeyValues {
  name: string;
  values: string[];
}

/** 新建 / 编辑扩展属性: name and preset values; the server's refusals show under their fields. */
export function PropertyKeyForm({ row, onClose, onSaved }: { row: KeyRow | null; onClose: () => void; onSaved: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<KeyValues>();
  const saveKey = useSavePropertyKey();
  const submit = async (v: KeyValues) => {
    try {
      await saveKey.mutateAsync({ id: row?.id, name: v.name, values: (v.values ?? []).map((x) => x.trim()).filter(Boolean) });
      message.success('保存成功');
      onSaved();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const errors = (e.data as { errors?: { field: string; msg: string }[] } | null)?.errors ?? [];
      const onForm = errors.filter((x) => x.field === 'name' || x.field === 'values');
      if (onForm.length) form.setFields(onForm.map((x) => ({ name: x.field as keyof KeyValues, errors: [x.msg] })));
      else message.error(e.message);
    }
  };
  return (
    <Modal
      open
      title={row ? '编辑扩展属性' : '新建扩展属性'}
      okText="保存"
      cancelText="取消"
      confirmLoading={saveKey.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<KeyValues> form={form} layout="vertical" initialValues={{ name: row?.name ?? '', values: row?.values ?? [] }} onFinish={submit}>
        <Form.Item
          name="name"
          label="属性名称"
          rules={[
            { required: true, whitespace: true, message: '请输入属性名称' },
            { max: PROPERTY_KEY_NAME_MAX, message: `属性名称不能超过${PROPERTY_KEY_NAME_MAX}个字` },
          ]}
        >
          <Input maxLength={PROPERTY_KEY_NAME_MAX} showCount placeholder="如 产地、材质、保质期" />
        </Form.Item>
        <Form.Item
          name="values"
          label="可选值"
          extra="输入后回车添加；商品表单中可从这些值里选，也可以自己填写"
          rules={[
            {
              validator: (_r, vs: string[] = []) =>
                vs.some((x) => x.trim().length > PROPERTY_VALUE_MAX)
                  ? Promise.reject(new Error(`属性值不能超过${PROPERTY_VALUE_MAX}个字`))
                  : Promise.resolve(),
            },
          ]}
        >
          <Select
            mode="tags"
            aria-label="可选值"
            placeholder="如 云南、四川"
            open={false}
            suffixIcon={null}
            tokenSeparators={[',', '，']}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
