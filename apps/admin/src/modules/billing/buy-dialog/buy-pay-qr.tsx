import { BUY_PAID_MSG, PAY_POLL_MS } from '@contract/index';
import { Typography } from 'antd';
import { PayQr } from '@/shared';

/** The purchase order waiting for payment. */
export interface PayData {
  PayOrderGUID: string;
  qr_code: string;
  Total: string;
}

/** The purchase's QR code and total; below it, how the payment is noticed, or that it was and the page reloads. */
export function BuyPayQr({ pay, paid }: { pay: PayData; paid: boolean }) {
  return (
    <PayQr
      qrCode={pay.qr_code}
      total={pay.Total}
      footer={
        paid ? (
          <Typography.Text type="success">{BUY_PAID_MSG}，页面即将刷新</Typography.Text>
        ) : (
          <>
            每 {PAY_POLL_MS / 1000} 秒自动查询支付结果；也可
            <a href={pay.qr_code} target="_blank" rel="noreferrer">
              在新窗口打开支付页面
            </a>
          </>
        )
      }
    />
  );
}
