import { Button, Popover, Space, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useSession } from '@/store/session';

/** The address of the current shop's member centre on the customer side (the H5 page /h5/shop/<shopId>/member). */
export function memberCentreUrl(shopId: string, origin = window.location.origin): string {
  return `${origin}/h5/shop/${shopId}/member`;
}

/** 会员中心: a QR code and the link of the shop's member centre, where members see their level, growth and cards. */
export function MemberCentreLink() {
  const shopId = useSession((s) => s.info?.self.shopID ?? '');
  if (!shopId) return null;
  const url = memberCentreUrl(shopId);
  return (
    <Popover
      title="会员中心"
      trigger="click"
      content={
        <Space direction="vertical" align="center">
          <QRCodeSVG value={url} size={160} />
          <Typography.Text type="secondary">手机扫码打开会员中心</Typography.Text>
          <Typography.Link href={url} target="_blank" rel="noreferrer">
            在新窗口打开
          </Typography.Link>
        </Space>
      }
    >
      <Button>会员中心</Button>
    </Popover>
  );
}
