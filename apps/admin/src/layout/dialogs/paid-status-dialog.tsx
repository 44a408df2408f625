import type { VersionInfo } from '@contract/index';
import { Button, Descriptions, Modal, Typography } from 'antd';

interface Props {
  open: boolean;
  version: VersionInfo;
  /** Only the owner pays: others are told whom to ask. */
  canBuy: boolean;
  onBuy: () => void;
  onClose: () => void;
}

/** 立即续费 for a paid annual version, 立即购买 otherwise. */
export const buyLabel = (v: VersionInfo) => (v.issy !== 1 && v.mdornf === 2 ? '立即续费' : '立即购买');

/** 企业付费状态 (650 px): name, product, days left or buyout, service end; buy or renew (spec 000 §2.3). */
export function PaidStatusDialog({ open, version, canBuy, onBuy, onClose }: Props) {
  const buyable = version.usagemd || version.usagenf;
  const footer = !buyable ? null : canBuy ? (
    <Button type="primary" onClick={onBuy}>
      {buyLabel(version)}
    </Button>
  ) : (
    <Typography.Text type="secondary">请联系企业所有者续费</Typography.Text>
  );
  return (
    <Modal title="企业付费状态" width={650} open={open} onCancel={onClose} footer={footer}>
      <Descriptions column={1} bordered size="middle">
        <Descriptions.Item label="企业名称">{version.shopname}</Descriptions.Item>
        <Descriptions.Item label="产品名称">{version.productName}</Descriptions.Item>
        <Descriptions.Item label="版本">
          {version.issy === 1 ? '试用版' : version.mdornf === 1 ? '正式版（买断）' : '正式版（年费）'}
        </Descriptions.Item>
        <Descriptions.Item label="剩余天数">{version.mdornf === 1 ? '买断（永久使用）' : `${version.timeend} 天`}</Descriptions.Item>
        <Descriptions.Item label="服务到期时间">{version.mdornf === 1 ? '永久' : version.serviceendtime}</Descriptions.Item>
      </Descriptions>
    </Modal>
  );
}
