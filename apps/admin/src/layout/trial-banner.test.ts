import type { VersionInfo } from '@contract/index';
import { describe, expect, it } from 'vitest';
import { trialBannerAction, trialBannerText } from './trial-banner';

const v = (p: Partial<VersionInfo>): VersionInfo => ({
  issy: 1,
  timeend: 10,
  mdornf: 0,
  serviceendtime: '',
  shopname: '店',
  productName: '',
  usagemd: true,
  usagenf: true,
  ...p,
});

describe('trial banner (spec 000 §4)', () => {
  it('shows the days left of a trial with the service phone', () => {
    expect(trialBannerText(v({ timeend: 12 }), '400-1')).toBe('店铺免费试用剩余 12 天，请联系客服订购（客服电话 400-1）');
  });
  it('says the trial has ended at 0 days', () => {
    expect(trialBannerText(v({ timeend: 0 }), '')).toBe('店铺免费试用已结束，请联系客服订购后恢复使用');
  });
  it('says a paid shop has 0 days left when it runs out', () => {
    expect(trialBannerText(v({ issy: 0, timeend: 0, mdornf: 2 }), '')).toBe('店铺服务剩余 0 天，已到期，请联系客服续费');
  });
  it('shows nothing for a paid shop with days left', () => {
    expect(trialBannerText(v({ issy: 0, timeend: 200, mdornf: 2 }), '')).toBeNull();
  });
  it('offers to buy during and after a trial, and to renew a paid version that ran out', () => {
    expect(trialBannerAction(v({ timeend: 3 }))).toBe('立即购买');
    expect(trialBannerAction(v({ timeend: 0 }))).toBe('立即购买');
    expect(trialBannerAction(v({ issy: 0, timeend: 0, mdornf: 2 }))).toBe('立即续费');
  });
});
