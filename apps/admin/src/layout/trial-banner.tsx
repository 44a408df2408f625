import type { VersionInfo } from '@contract/index';
import { Alert, Button } from 'antd';

/** The banner text of spec 000 §4, or null when no banner shows. */
export function trialBannerText(v: VersionInfo, servicePhone: string): string | null {
  if (v.issy !== 1 && v.timeend !== 0) return null;
  const contact = servicePhone ? `（客服电话 ${servicePhone}）` : '';
  if (v.timeend > 0) return `店铺免费试用剩余 ${v.timeend} 天，请联系客服订购${contact}`;
  if (v.issy === 1) return `店铺免费试用已结束，请联系客服订购后恢复使用${contact}`;
  return `店铺服务剩余 0 天，已到期，请联系客服续费${contact}`;
}

/** The banner's action: 立即续费 for a paid version that ran out, 立即购买 for a trial. */
export function trialBannerAction(v: VersionInfo): string {
  return v.issy === 1 ? '立即购买' : '立即续费';
}

interface Props {
  version: VersionInfo;
  servicePhone: string;
  /** Only the owner pays; the others see the text without the link. */
  canBuy: boolean;
  onBuy: () => void;
}

export function TrialBanner({ version, servicePhone, canBuy, onBuy }: Props) {
  const text = trialBannerText(version, servicePhone);
  if (!text) return null;
  const buyable = canBuy && (version.usagemd || version.usagenf);
  return (
    <Alert
      banner
      type={version.timeend > 0 ? 'info' : 'warning'}
      message={text}
      showIcon
      action={
        buyable ? (
          <Button size="small" type="link" onClick={onBuy}>
            {trialBannerAction(version)}
          </Button>
        ) : undefined
      }
    />
  );
}
