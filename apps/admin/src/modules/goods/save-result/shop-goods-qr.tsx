import { Space, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useSession } from '@/store/session';

/** The address of a goods in the current shop's H5 shop (apps/shop: /h5/shop/<shopId>/goods/<goodsId>). */
export function shopGoodsUrl(shopId: string, goodsId: string, origin = window.location.origin): string {
  return `${origin}/h5/shop/${shopId}/goods/${goodsId}`;
}

/**
 * 手机扫码预览: the QR code of the goods in the H5 shop. Customers see a goods on sale, or scheduled once its time has
 * come; before that the page answers 商品不存在, so the code is shown with what the customer will see.
 */
export function ShopGoodsQr({ goodsId, status }: { goodsId: string; status: number }) {
  const shopId = useSession((s) => s.info?.self.shopID ?? '');
  if (!shopId) return null;
  const url = shopGoodsUrl(shopId, goodsId);
  return (
    <Space direction="vertical" align="center" size={4}>
      <QRCodeSVG value={url} size={128} aria-label="商品二维码" />
      <Typography.Text type="secondary">
        {status === 1 ? '手机扫码预览' : status === 2 ? '开售后可扫码购买' : '上架后顾客可扫码查看'}
      </Typography.Text>
      <Typography.Link href={url} target="_blank" rel="noreferrer">
        在新窗口打开
      </Typography.Link>
    </Space>
  );
}
