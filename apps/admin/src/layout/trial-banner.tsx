import type { VersionInfo } from '@contract/index';
import { Alert } from 'antd';

/** The banner text of spec 000 §4, or null when no banner shows. */
export function trialBannerText(v: VersionInfo, servicePhone: string): string | null {
  if (v.issy !== 1 && v.timeend !== 0) return null;
  const contact = servicePhone ? `（客服电话 ${servicePhone}）` : '';
  if (v.timeend > 0) return `店铺免费试用剩余 ${v.timeend} 天，请联系客服订购${contact}`;
  if (v.issy === 1) return `店铺免费试用已结束，请联系客服订购后恢复使用${contact}`;
  return `店铺服务剩余 0 天，已到期，请联系客服续费${contact}`;
}

export function TrialBanner({ version, servicePhone }: { version: VersionInfo; servicePhone: string }) {
  const text = trialBannerText(version, servicePhone);
  if (!text) return null;
  return <Alert banner type={version.timeend > 0 ? 'info' : 'warning'} message={text} showIcon />;
}
