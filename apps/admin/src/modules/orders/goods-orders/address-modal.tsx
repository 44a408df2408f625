import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { AreaCascader } from '@/shared';
import { useEditOrderAddress } from './goods-orders.queries';

interface Address {
  name: string;
  phone: string;
  area: string[];
  areaText: string;
  address: string;
}

/** 修改地址 (before shipping): consignee, phone, area and street address. */
export function AddressModal({
  orderId,
  address,
  open,
  onClose,
}: {
  orderId: string;
  address: Address | null;
  open: boolean;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const edit = useEditOrderAddress();
  const [form] = Form.useForm<Address>();
  const [areaText, setAreaText] = useState(address?.areaText ?? '');

  const submit = async (v: Address) => {
    try {
      await edit.mutateAsync({ id: orderId, name: v.name, phone: v.phone, area: v.area, areaText, address: v.address });
      message.success('收货地址已修改');
      onClose();
    } catch {
      // shown by the api client
    }
  };
  return (
    <Modal title="修改收货地址" open={open} onCancel={onClose} onOk={() => form.submit()} confirmLoading={edit.isPending} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={address ?? undefined} onFinish={submit} preserve={false}>
        <Form.Item
          name="name"
          label="收货人"
          rules={[
            { required: true, whitespace: true, message: '请输入收货人' },
            { max: 20, message: '收货人不能超过20个字' },
          ]}
        >
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item
          name="phone"
          label="手机号"
          rules={[
            { required: true, message: '请输入收货人手机号' },
            { pattern: /^1\d{10}$/, message: '手机号格式不正确' },
          ]}
        >
          <Input maxLength={11} />
        </Form.Item>
        <Form.Item name="area" label="所在地区" rules={[{ required: true, type: 'array', min: 1, message: '请选择所在地区' }]}>
          <AreaCascader onTextChange={setAreaText} />
        </Form.Item>
        <Form.Item
          name="address"
          label="详细地址"
          rules={[
            { required: true, whitespace: true, message: '请输入详细地址' },
            { max: 100, message: '详细地址不能超过100个字' },
          ]}
        >
          <Input.TextArea rows={2} maxLength={100} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
