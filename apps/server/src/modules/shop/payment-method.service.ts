import { createPrivateKey } from 'node:crypto';
import type { payMethodBody } from '@shop/contract';
import type { z } from 'zod';
import { audit } from '@/core/audit';
import { type Ctx, inTx, renterOf } from '@/core/context';
import { BizError, CODE, fieldError } from '@/core/errors';
import { openSecret, sealSecret, settingsKey } from './settings-crypto';
import { shopRepo } from './shop.repository';
import { tenantOf } from '@/core/tenant';

type PayMethodInput = z.output<typeof payMethodBody>;

/** The clear part of the 'payment' section (renter_configs.value). */
interface PayMethodValue {
  wxEnabled: boolean;
  wxMchId: string;
  wxSerialNo: string;
  balanceEnabled: boolean;
  codEnabled: boolean;
}

/** The encrypted part (renter_configs.secret). */
interface PaySecrets {
  wxApiV3Key?: string;
  wxPrivateKey?: string;
}

const DEFAULTS: PayMethodValue = { wxEnabled: false, wxMchId: '', wxSerialNo: '', balanceEnabled: true, codEnabled: false };

const aadOf = (renterId: string) => `${renterId}:payment`;
const keyOf = (ctx: Ctx) => settingsKey(ctx.services.config.dataDir);

function clearPartOf(stored: Record<string, unknown> | undefined): PayMethodValue {
  const v = { ...DEFAULTS, ...(stored ?? {}) };
  return {
    wxEnabled: v.wxEnabled === true,
    wxMchId: String(v.wxMchId ?? ''),
    wxSerialNo: String(v.wxSerialNo ?? ''),
    balanceEnabled: v.balanceEnabled === true,
    codEnabled: v.codEnabled === true,
  };
}

/**
 * The stored secrets; none when they no longer open (the key changed: SETTINGS_SECRET set later, a data dir moved).
 * Then the form asks for them again instead of failing.
 */
function secretsOf(ctx: Ctx, renterId: string, sealed: string): PaySecrets {
  try {
    return openSecret(keyOf(ctx), aadOf(renterId), sealed);
  } catch (err) {
    ctx.log.error({ err, renterId }, 'payment secrets do not decrypt with the settings key: they must be entered again');
    return {};
  }
}

/** 支付方式 as the console shows it: the secrets only as 已设置 or not. */
export async function getPayMethod(ctx: Ctx) {
  const { renterId } = renterOf(ctx);
  const row = await shopRepo.config(tenantOf(ctx), 'payment');
  const value = clearPartOf(row?.value);
  const secrets = row?.secret ? secretsOf(ctx, renterId, row.secret) : {};
  return { ...value, wxApiV3KeySet: Boolean(secrets.wxApiV3Key), wxPrivateKeySet: Boolean(secrets.wxPrivateKey) };
}

/** A PEM that Node reads as an RSA private key (WeChat Pay signs with RSA-SHA256). */
function isRsaPrivateKey(pem: string): boolean {
  try {
    return createPrivateKey(pem).asymmetricKeyType === 'rsa';
  } catch {
    return false;
  }
}

/**
 * Saves which payment methods customers may use. An empty secret keeps the stored one; turning WeChat Pay on needs
 * its merchant number, serial number and both secrets. The secrets are stored encrypted and never logged.
 */
export async function savePayMethod(ctx: Ctx, input: PayMethodInput): Promise<void> {
  const { renterId, userId } = renterOf(ctx);
  if (input.wxPrivateKey && !isRsaPrivateKey(input.wxPrivateKey))
    throw fieldError('wxPrivateKey', '商户私钥格式不正确，请粘贴 apiclient_key.pem 的全部内容');
  await inTx(ctx, async (tx) => {
    await shopRepo.lockConfig(tenantOf(tx), 'payment');
    const row = await shopRepo.config(tenantOf(tx), 'payment');
    const before = clearPartOf(row?.value);
    const stored = row?.secret ? secretsOf(ctx, renterId, row.secret) : {};
    const secrets: PaySecrets = {
      wxApiV3Key: input.wxApiV3Key || stored.wxApiV3Key || '',
      wxPrivateKey: input.wxPrivateKey || stored.wxPrivateKey || '',
    };
    if (input.wxEnabled) {
      const missing: [string, string][] = [];
      if (!input.wxMchId) missing.push(['wxMchId', '开启微信支付须填写商户号']);
      if (!secrets.wxApiV3Key) missing.push(['wxApiV3Key', '开启微信支付须填写APIv3密钥']);
      if (!input.wxSerialNo) missing.push(['wxSerialNo', '开启微信支付须填写证书序列号']);
      if (!secrets.wxPrivateKey) missing.push(['wxPrivateKey', '开启微信支付须填写商户私钥']);
      if (missing.length > 0)
        throw new BizError(missing[0][1], CODE.validation, { errors: missing.map(([field, msg]) => ({ field, msg })) });
    }
    const value: PayMethodValue = {
      wxEnabled: input.wxEnabled,
      wxMchId: input.wxMchId,
      wxSerialNo: input.wxSerialNo,
      balanceEnabled: input.balanceEnabled,
      codEnabled: input.codEnabled,
    };
    const secret = sealSecret(keyOf(ctx), aadOf(renterId), secrets as Record<string, string>);
    await shopRepo.saveConfig(tenantOf(tx), 'payment', { value: { ...value }, secret, updatedBy: userId });
    // Only whether the secrets changed reaches the log, never their values.
    await audit(tx, {
      module: 'shop',
      action: '保存支付方式',
      recordId: 'payment',
      before,
      after: { ...value, wxApiV3KeyChanged: Boolean(input.wxApiV3Key), wxPrivateKeyChanged: Boolean(input.wxPrivateKey) },
    });
  });
}
