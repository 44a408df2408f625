import type { contract, DataOf } from '@contract/index';
import { Alert, Button, Modal, QRCode, Space, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useUserBind, useWechatQr } from '../account.queries';

type Qr = DataOf<typeof contract.account.GetOfficial>;

interface Props {
  open: boolean;
  onClose: () => void;
  onBound: () => void;
}

/** 绑定微信: a QR code to scan; the binding state is polled until the scan has bound a WeChat. */
export function WechatBindModal({ open, onClose, onBound }: Props) {
  const [qr, setQr] = useState<Qr | null>(null);
  const [expired, setExpired] = useState(false);
  const bind = useUserBind(open && qr && !expired ? 2000 : false);
  const { mutateAsync: newQr } = useWechatQr();

  const refresh = useCallback(async () => {
    setExpired(false);
    setQr(null);
    try {
      setQr(await newQr());
    } catch {
      onClose();
    }
  }, [onClose, newQr]);

  useEffect(() => {
    if (open) refresh();
    else setQr(null);
  }, [open, refresh]);
  useEffect(() => {
    if (!qr) return;
    const timer = setTimeout(() => setExpired(true), qr.expireSeconds * 1000);
    return () => clearTimeout(timer);
  }, [qr]);
  useEffect(() => {
    if (open && qr && bind.data?.wechat) onBound();
  }, [open, qr, bind.data, onBound]);

  return (
    <Modal title="绑定微信" open={open} onCancel={onClose} footer={null} width={410} destroyOnHidden>
      <Space direction="vertical" align="center" style={{ width: '100%' }}>
        <QRCode value={qr?.url ?? '-'} size={200} status={!qr ? 'loading' : expired ? 'expired' : 'active'} onRefresh={refresh} />
        <Typography.Text>{expired ? '二维码已过期，请点击刷新' : '请使用微信扫描二维码完成绑定'}</Typography.Text>
        {qr?.dev && (
          <Alert
            type="info"
            showIcon
            message="开发环境：未连接真实微信"
            description={
              <>
                可在手机或新窗口打开
                <Button type="link" size="small" href={qr.url} target="_blank" rel="noreferrer" disabled={expired}>
                  模拟扫码页
                </Button>
                ，以模拟的微信用户确认绑定。
              </>
            }
          />
        )}
      </Space>
    </Modal>
  );
}
