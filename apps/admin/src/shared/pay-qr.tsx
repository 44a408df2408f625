import { QRCode, Typography } from 'antd';
import type { ReactNode } from 'react';

/** QR size of the pay step (spec 000 §9). */
export const PAY_QR_SIZE = 200;

interface Props {
  /** The pay link the QR code holds. */
  qrCode: string;
  /** Yuan text ('45.00'). */
  total: string;
  /** Under the amount: the polling hint, or the paid state. */
  footer: ReactNode;
}

/** The pay step of a purchase (billing's buy dialog, the waybill packages): QR code, amount, a line below. */
export function PayQr({ qrCode, total, footer }: Props) {
  return (
    <div style={{ textAlign: 'center' }}>
      <Typography.Paragraph>请使用手机扫码支付</Typography.Paragraph>
      <div role="img" aria-label="支付二维码" style={{ display: 'inline-block' }}>
        <QRCode value={qrCode} size={PAY_QR_SIZE} />
      </div>
      <Typography.Title level={4} style={{ marginTop: 16 }}>
        应付金额 <span data-testid="buy-total">¥{total}</span>
      </Typography.Title>
      <Typography.Paragraph type="secondary">{footer}</Typography.Paragraph>
    </div>
  );
}
