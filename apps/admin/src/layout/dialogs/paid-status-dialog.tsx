import type { VersionInfo } from '@contract/index';
import { Descriptions, Modal } from 'antd';

interface Props {
  open: boolean;
  version: VersionInfo;
  onClose: () => void;
}

/** 企业付费状态 (650 px): name, product, days left or buyout, service end. */
export function PaidStatusDialog({ open, version, onClose }: Props) {
  return (
    <Modal title="企业付费状态" width={650} open={open} onCancel={onClose} footer={null}>
      <Descriptions column={1} bordered size="middle">
        <Descriptions.Item label="企业名称">{version.shopname}</Descriptions.Item>
        <Descriptions.Item label="产品名称">{version.productName}</Descriptions.Item>
        <Descriptions.Item label="剩余天数">{version.mdornf === 1 ? '买断（永久使用）' : `${version.timeend} 天`}</Descriptions.Item>
        <Descriptions.Item label="服务到期时间">{version.mdornf === 1 ? '永久' : version.serviceendtime}</Descriptions.Item>
      </Descriptions>
    </Modal>
  );
}
