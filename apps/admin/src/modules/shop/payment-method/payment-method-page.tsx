import { PAY_METHOD_NONE_MSG, WX_API_V3_KEY_RE, WX_MCH_ID_RE, WX_PRIVATE_KEY_RE, WX_SERIAL_NO_RE } from '@contract/index';
import { Alert, Card, Form, Input, Skeleton, Switch, Tag } from 'antd';
import type { FormRule } from 'antd';
import { PaySandboxNotice } from '@/shared';
import { useCan } from '@/hooks/use-can';
import { SaveBar } from '../save-bar';
import { useSettingsForm } from '../use-settings-form';
import { usePayMethod, useSavePayMethod } from '../shop.queries';

interface Values {
  wxEnabled: boolean;
  wxMchId: string;
  wxApiV3Key: string;
  wxSerialNo: string;
  wxPrivateKey: string;
  balanceEnabled: boolean;
  codEnabled: boolean;
}

const SET_HINT = '已设置，留空表示不修改';

/** A pattern checked only when the field is filled. */
const pattern = (re: RegExp, message: string): FormRule => ({
  validator: async (_r, v: string | undefined) => {
    const s = (v ?? '').trim();
    if (s && !re.test(s)) throw new Error(message);
  },
});

/** Needed when WeChat Pay is on (unless `stored`: a secret already kept on the server). */
const neededForWechat = (message: string, stored = false): FormRule => ({
  validator: async (_r, v: string | undefined) => {
    if (!stored && !(v ?? '').trim()) throw new Error(message);
  },
});

/** 支付方式: which methods customers may pay with; WeChat Pay's merchant settings, its secrets kept encrypted. */
export default function PaymentMethodPage() {
  const q = usePayMethod();
  const savePay = useSavePayMethod();
  const canEdit = useCan()('paymentMethod', 'edit');
  const {
    form,
    saving,
    onFinish: save,
  } = useSettingsForm<NonNullable<typeof q.data>, Values>(q, savePay, (data) => ({ ...data, wxApiV3Key: '', wxPrivateKey: '' }));
  const wxEnabled = Form.useWatch('wxEnabled', form);
  const d = q.data;

  if (q.isLoading || !d) return <Skeleton active />;

  const atLeastOne: FormRule = {
    validator: async () => {
      const { wxEnabled: wx, balanceEnabled, codEnabled } = form.getFieldsValue();
      if (!wx && !balanceEnabled && !codEnabled) throw new Error(PAY_METHOD_NONE_MSG);
    },
  };
  const wxRules = (message: string, stored = false) => (wxEnabled ? [neededForWechat(message, stored)] : []);
  const setTag = (isSet: boolean) => (isSet ? <Tag color="green">已设置</Tag> : <Tag>未设置</Tag>);

  return (
    <Card title="支付方式">
      <PaySandboxNotice />
      <Form<Values> form={form} labelCol={{ span: 4 }} wrapperCol={{ span: 14 }} onFinish={save} disabled={!canEdit}>
        <Form.Item
          name="wxEnabled"
          label="微信支付"
          valuePropName="checked"
          dependencies={['balanceEnabled', 'codEnabled']}
          rules={[atLeastOne]}
          extra="顾客在公众号、小程序和H5商城中用微信付款"
        >
          <Switch checkedChildren="开启" unCheckedChildren="关闭" />
        </Form.Item>
        <Form.Item
          name="wxMchId"
          label="商户号"
          dependencies={['wxEnabled']}
          rules={[...wxRules('开启微信支付须填写商户号'), pattern(WX_MCH_ID_RE, '商户号须为8-10位数字')]}
        >
          <Input placeholder="微信支付商户平台的商户号（mch_id）" maxLength={10} />
        </Form.Item>
        <Form.Item
          name="wxApiV3Key"
          label={<span>APIv3密钥</span>}
          dependencies={['wxEnabled']}
          rules={[...wxRules('开启微信支付须填写APIv3密钥', d.wxApiV3KeySet), pattern(WX_API_V3_KEY_RE, 'APIv3密钥须为32位字母或数字')]}
          extra={<span>{setTag(d.wxApiV3KeySet)} 商户平台 › 账户中心 › API安全 中设置的32位密钥</span>}
        >
          <Input.Password placeholder={d.wxApiV3KeySet ? SET_HINT : '32位字母或数字'} autoComplete="new-password" maxLength={32} />
        </Form.Item>
        <Form.Item
          name="wxSerialNo"
          label="证书序列号"
          dependencies={['wxEnabled']}
          rules={[...wxRules('开启微信支付须填写证书序列号'), pattern(WX_SERIAL_NO_RE, '证书序列号须为40位十六进制字符')]}
        >
          <Input placeholder="商户API证书的序列号（40位）" maxLength={40} />
        </Form.Item>
        <Form.Item
          name="wxPrivateKey"
          label="商户私钥"
          dependencies={['wxEnabled']}
          rules={[
            ...wxRules('开启微信支付须填写商户私钥', d.wxPrivateKeySet),
            pattern(WX_PRIVATE_KEY_RE, '商户私钥须为 apiclient_key.pem 的内容（-----BEGIN PRIVATE KEY----- 开头）'),
          ]}
          extra={<span>{setTag(d.wxPrivateKeySet)} apiclient_key.pem 文件的全部内容，加密保存，不会再显示</span>}
        >
          <Input.TextArea
            rows={4}
            placeholder={d.wxPrivateKeySet ? SET_HINT : '-----BEGIN PRIVATE KEY-----\n…\n-----END PRIVATE KEY-----'}
            autoComplete="off"
            spellCheck={false}
          />
        </Form.Item>
        <Form.Item
          name="balanceEnabled"
          label="储值支付"
          valuePropName="checked"
          extra="顾客用储值卡余额付款"
          dependencies={['wxEnabled', 'codEnabled']}
          rules={[atLeastOne]}
        >
          <Switch checkedChildren="开启" unCheckedChildren="关闭" />
        </Form.Item>
        <Form.Item
          name="codEnabled"
          label="货到付款"
          valuePropName="checked"
          extra="顾客收到商品时再付款（仅快递发货与同城配送）"
          dependencies={['wxEnabled', 'balanceEnabled']}
          rules={[atLeastOne]}
        >
          <Switch checkedChildren="开启" unCheckedChildren="关闭" />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 4, span: 14 }}>
          <Alert type="info" showIcon message="请至少开启一种支付方式。密钥与私钥加密保存，保存后只显示“已设置”。" />
        </Form.Item>
        <SaveBar saving={saving} canEdit={canEdit} />
      </Form>
    </Card>
  );
}
