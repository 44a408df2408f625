import { Descriptions, Modal } from 'antd';
import type { LoginInfo } from '@/store/session';

interface Props {
  open: boolean;
  info: LoginInfo;
  phone: string;
  roleName: string;
  onClose: () => void;
}

/** 登录信息 of the current session (until the login-history screen exists). */
export function LoginInfoDialog({ open, info, phone, roleName, onClose }: Props) {
  const expires = new Date(info.expires);
  const pad = (n: number) => String(n).padStart(2, '0');
  const fmt = `${expires.getFullYear()}-${pad(expires.getMonth() + 1)}-${pad(expires.getDate())} ${pad(expires.getHours())}:${pad(expires.getMinutes())}:${pad(expires.getSeconds())}`;
  return (
    <Modal title="登录信息" width={500} open={open} onCancel={onClose} footer={null}>
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label="用户">{info.uname}</Descriptions.Item>
        <Descriptions.Item label="手机号">{phone}</Descriptions.Item>
        <Descriptions.Item label="当前企业">{info.userCustomer?.name}</Descriptions.Item>
        <Descriptions.Item label="产品">{info.userCustomer?.productName}</Descriptions.Item>
        <Descriptions.Item label="角色">{roleName}</Descriptions.Item>
        <Descriptions.Item label="登录有效期至">{fmt}</Descriptions.Item>
      </Descriptions>
    </Modal>
  );
}
