import { App, Checkbox, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { AreaCascader } from '@/shared';
import { showFieldErrors } from '../form-errors';
import { contactPhoneRule } from '../phone-rule';
import { useSaveReturnAddress } from '../shop.queries';
import type { AddressRow } from './return-address-columns';

/** A new address ('new') or one to edit. */
export type AddressEditing = 'new' | AddressRow;

interface Values {
  name: string;
  phone: string;
  area: string[];
  address: string;
  isDefault: boolean;
}

interface Props {
  editing: AddressEditing | null;
  /** No address yet: the new one becomes the default anyway. */
  first: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** 新增 / 编辑退货地址. */
export function ReturnAddressModal({ editing, first, onClose, onSaved }: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const saveAddress = useSaveReturnAddress();
  const row = editing && editing !== 'new' ? editing : null;
  // The default is never taken away here: another address is made the default instead.
  const defaultFixed = row?.isDefault === 1 || (!row && first);

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(
      row
        ? { name: row.name, phone: row.phone, area: row.area, address: row.address, isDefault: row.isDefault === 1 }
        : { name: '', phone: '', area: [], address: '', isDefault: first },
    );
  }, [editing, row, first, form]);

  const save = async (v: Values) => {
    try {
      await saveAddress.mutateAsync({
        id: row?.id,
        name: v.name,
        phone: v.phone,
        area: v.area,
        address: v.address,
        isDefault: v.isDefault ? 1 : 0,
      });
      message.success('保存成功');
      onSaved();
    } catch (e) {
      if (!showFieldErrors(form, e)) message.error((e as Error).message);
    }
  };

  return (
    <Modal
      title={row ? '编辑退货地址' : '新增退货地址'}
      open={editing !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="保存"
      cancelText="取消"
      confirmLoading={saveAddress.isPending}
      width={560}
      forceRender
    >
      <Form<Values> form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 18 }} onFinish={save}>
        <Form.Item
          name="name"
          label="联系人"
          rules={[
            { required: true, whitespace: true, message: '请输入联系人' },
            { max: 20, message: '联系人不能超过20个字' },
          ]}
        >
          <Input maxLength={20} placeholder="收货人姓名" />
        </Form.Item>
        <Form.Item
          name="phone"
          label="联系电话"
          rules={[{ required: true, whitespace: true, message: '请输入联系电话' }, contactPhoneRule('联系电话')]}
        >
          <Input maxLength={20} placeholder="手机号或固话，如 0571-88888888" />
        </Form.Item>
        <Form.Item name="area" label="所在地区" rules={[{ required: true, type: 'array', min: 1, message: '请选择所在地区' }]}>
          <AreaCascader />
        </Form.Item>
        <Form.Item
          name="address"
          label="详细地址"
          rules={[
            { required: true, whitespace: true, message: '请输入详细地址' },
            { max: 100, message: '详细地址不能超过100个字' },
          ]}
        >
          <Input.TextArea rows={2} maxLength={100} showCount placeholder="街道、门牌号" />
        </Form.Item>
        <Form.Item
          name="isDefault"
          valuePropName="checked"
          wrapperCol={{ offset: 5 }}
          extra={defaultFixed ? (row ? '这是默认地址；要更换，请把其他地址设为默认' : '第一个地址自动成为默认地址') : undefined}
        >
          <Checkbox disabled={defaultFixed}>设为默认退货地址</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
