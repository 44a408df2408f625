import { PHONE_RE, VIP_CARD_GRANT_MAX } from '@contract/index';
import { App, Form, Input, Modal } from 'antd';
import { ApiError } from '@/api/client';
import { useGrantCard } from './cards.queries';

/** 发放权益卡: members by phone, one a line; a member who holds it gets it extended. */
export function GrantModal({ open, cardId, onClose, onDone }: { open: boolean; cardId: string; onClose: () => void; onDone: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ phones: string }>();
  const grantCard = useGrantCard();
  const phonesOf = (text: string) => [...new Set((text ?? '').split(/[\s,，;；]+/).filter(Boolean))];

  const submit = async () => {
    let v: { phones: string };
    try {
      v = await form.validateFields();
    } catch {
      return; // the messages are shown under the field
    }
    try {
      const r = await grantCard.mutateAsync({ cardId, phones: phonesOf(v.phones) });
      message.success(`发放成功：新发放 ${r.granted} 人，续期 ${r.extended} 人`);
      form.resetFields();
      onDone();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      form.setFields([{ name: 'phones', errors: [e.message] }]);
    }
  };

  return (
    <Modal
      title="发放权益卡"
      open={open}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={grantCard.isPending}
      okText="发放"
      cancelText="取消"
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="phones"
          label="会员手机号"
          extra={`每行一个，最多${VIP_CARD_GRANT_MAX}个；已持有且未过期的会员将顺延有效期`}
          rules={[
            {
              validator: (_, text: string) => {
                const list = phonesOf(text);
                if (list.length === 0) return Promise.reject(new Error('请输入会员手机号'));
                if (list.length > VIP_CARD_GRANT_MAX) return Promise.reject(new Error(`一次最多发放${VIP_CARD_GRANT_MAX}位会员`));
                const bad = list.find((p) => !PHONE_RE.test(p));
                return bad ? Promise.reject(new Error(`手机号 ${bad} 格式不正确`)) : Promise.resolve();
              },
            },
          ]}
        >
          <Input.TextArea rows={6} placeholder={'13800138000\n13900139000'} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
