import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operLogs, renterConfigs } from '@/db/schema';
import { keyFileOf, openSecret, sealSecret, settingsKey } from '@/modules/shop/settings-crypto';
import { makeApp, type Person, type TestApp } from './helper';

let t: TestApp;
let owner: Person;
let other: Person;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-pay-'));
  t = await makeApp({ config: { dataDir } });
  [owner, other] = await Promise.all([t.registerOwner('支付店'), t.registerOwner('隔壁支付店')]);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const GET = '/Config/Shop/GetPayMethod';
const SAVE = '/Config/Shop/SavePayMethod';

const PRIVATE_KEY = generateKeyPairSync('rsa', { modulusLength: 2048 })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString()
  .trim();
const API_V3_KEY = 'Abcdefghij0123456789KLMNOPQRSTUV';
const SERIAL = '3775B6A45ACD588826D15E583A95F5DD12345678';
const WECHAT = {
  wxEnabled: true,
  wxMchId: '1900000109',
  wxApiV3Key: API_V3_KEY,
  wxSerialNo: SERIAL,
  wxPrivateKey: PRIVATE_KEY,
  balanceEnabled: true,
  codEnabled: false,
};

async function stored(renterId: string) {
  const [row] = await t.db
    .select()
    .from(renterConfigs)
    .where(and(eq(renterConfigs.renterId, renterId), eq(renterConfigs.key, 'payment')));
  return row;
}

describe('支付方式', () => {
  it('answers 储值支付 on and the others off before anything is saved', async () => {
    const shop = await t.registerOwner('支付默认店');
    expect(await t.ok(GET, {}, shop.token)).toEqual({
      wxEnabled: false,
      wxMchId: '',
      wxSerialNo: '',
      wxApiV3KeySet: false,
      wxPrivateKeySet: false,
      balanceEnabled: true,
      codEnabled: false,
    });
  });

  it('sets up WeChat Pay and answers the secrets only as set', async () => {
    const r = await t.call(SAVE, WECHAT, owner.token);
    expect(r.body).toMatchObject({ code: 0, msg: '保存成功' });
    const got = await t.ok(GET, {}, owner.token);
    expect(got).toEqual({
      wxEnabled: true,
      wxMchId: '1900000109',
      wxSerialNo: SERIAL,
      wxApiV3KeySet: true,
      wxPrivateKeySet: true,
      balanceEnabled: true,
      codEnabled: false,
    });
    expect(JSON.stringify(got)).not.toContain(API_V3_KEY);
    expect(JSON.stringify(r.body)).not.toContain(API_V3_KEY);
  });

  it('stores the secrets encrypted: neither the value nor the secret column holds them in clear', async () => {
    const row = await stored(owner.renterId);
    expect(JSON.stringify(row.value)).not.toContain(API_V3_KEY);
    expect(JSON.stringify(row.value)).not.toContain('PRIVATE KEY');
    expect(row.secret).toMatch(/^v1:/);
    expect(row.secret).not.toContain(API_V3_KEY);
    expect(row.secret).not.toContain('PRIVATE KEY');
    const key = settingsKey(dataDir);
    expect(openSecret(key, `${owner.renterId}:payment`, row.secret)).toEqual({ wxApiV3Key: API_V3_KEY, wxPrivateKey: PRIVATE_KEY });
    // Copied into another enterprise's row, the ciphertext does not open.
    expect(() => openSecret(key, `${other.renterId}:payment`, row.secret)).toThrow();
  });

  it('keeps the stored secrets when they are sent empty, and changes them when sent', async () => {
    await t.ok(SAVE, { ...WECHAT, wxApiV3Key: '', wxPrivateKey: '', codEnabled: true }, owner.token);
    const key = settingsKey(dataDir);
    expect(openSecret(key, `${owner.renterId}:payment`, (await stored(owner.renterId)).secret)).toEqual({
      wxApiV3Key: API_V3_KEY,
      wxPrivateKey: PRIVATE_KEY,
    });
    expect(await t.ok(GET, {}, owner.token)).toMatchObject({ codEnabled: true, wxApiV3KeySet: true, wxPrivateKeySet: true });
    const newKey = 'Z'.repeat(32);
    await t.ok(SAVE, { ...WECHAT, wxApiV3Key: newKey, wxPrivateKey: '' }, owner.token);
    expect(openSecret(key, `${owner.renterId}:payment`, (await stored(owner.renterId)).secret).wxApiV3Key).toBe(newKey);
  });

  it('never writes a secret into the operation log', async () => {
    await t.ok(SAVE, WECHAT, owner.token);
    const logs = await t.db
      .select()
      .from(operLogs)
      .where(and(eq(operLogs.renterId, owner.renterId), eq(operLogs.action, '保存支付方式')));
    expect(logs.length).toBeGreaterThanOrEqual(3);
    const text = JSON.stringify(logs);
    expect(text).not.toContain(API_V3_KEY);
    expect(text).not.toContain('Z'.repeat(32));
    expect(text).not.toContain('PRIVATE KEY');
    expect(logs.at(-1)?.after).toMatchObject({
      wxEnabled: true,
      wxMchId: '1900000109',
      wxApiV3KeyChanged: true,
      wxPrivateKeyChanged: true,
    });
  });

  it('keeps the WeChat settings when WeChat Pay is turned off, so turning it on again needs nothing new', async () => {
    await t.ok(SAVE, { ...WECHAT, wxEnabled: false, wxApiV3Key: '', wxPrivateKey: '' }, owner.token);
    expect(await t.ok(GET, {}, owner.token)).toMatchObject({ wxEnabled: false, wxMchId: '1900000109', wxApiV3KeySet: true });
    await t.ok(SAVE, { ...WECHAT, wxApiV3Key: '', wxPrivateKey: '' }, owner.token);
    expect((await t.ok(GET, {}, owner.token)).wxEnabled).toBe(true);
  });

  it('refuses to turn every method off', async () => {
    const r = await t.call(SAVE, { wxEnabled: false, balanceEnabled: false, codEnabled: false }, owner.token);
    expect(r.body).toMatchObject({ code: 1001, msg: '请至少开启一种支付方式' });
    expect((await t.ok(GET, {}, owner.token)).wxEnabled).toBe(true);
  });

  it('refuses WeChat Pay without its settings and names each missing field', async () => {
    const shop = await t.registerOwner('没配微信店');
    const r = await t.call(SAVE, { wxEnabled: true, balanceEnabled: true }, shop.token);
    expect(r.body).toMatchObject({ code: 1001, msg: '开启微信支付须填写商户号' });
    expect(r.body.data.errors).toEqual([
      { field: 'wxMchId', msg: '开启微信支付须填写商户号' },
      { field: 'wxApiV3Key', msg: '开启微信支付须填写APIv3密钥' },
      { field: 'wxSerialNo', msg: '开启微信支付须填写证书序列号' },
      { field: 'wxPrivateKey', msg: '开启微信支付须填写商户私钥' },
    ]);
    const partly = await t.call(SAVE, { ...WECHAT, wxPrivateKey: '' }, shop.token);
    expect(partly.body).toMatchObject({ code: 1001, msg: '开启微信支付须填写商户私钥' });
    expect(await stored(shop.renterId)).toBeUndefined();
  });

  it.each([
    ['a merchant number that is not 8-10 digits', { wxMchId: '19000' }, '商户号须为8-10位数字', 'wxMchId'],
    ['an APIv3 key that is not 32 characters', { wxApiV3Key: 'short' }, 'APIv3密钥须为32位字母或数字', 'wxApiV3Key'],
    ['a serial number that is not 40 hex characters', { wxSerialNo: 'XYZ' }, '证书序列号须为40位十六进制字符', 'wxSerialNo'],
    [
      'a private key that is not a PEM',
      { wxPrivateKey: 'hello' },
      '商户私钥须为 apiclient_key.pem 的内容（-----BEGIN PRIVATE KEY----- 开头）',
      'wxPrivateKey',
    ],
    [
      'a PEM that is no key',
      { wxPrivateKey: '-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----' },
      '商户私钥格式不正确，请粘贴 apiclient_key.pem 的全部内容',
      'wxPrivateKey',
    ],
  ])('refuses %s under its field', async (_c, over, msg, field) => {
    const r = await t.call(SAVE, { ...WECHAT, ...over }, owner.token);
    expect(r.body).toMatchObject({ code: 1001, msg });
    expect(r.body.data.errors).toContainEqual({ field, msg });
  });

  it('keeps each enterprise its own payment settings', async () => {
    expect(await t.ok(GET, {}, other.token)).toMatchObject({ wxEnabled: false, wxMchId: '', wxApiV3KeySet: false });
    await t.ok(SAVE, { wxEnabled: false, balanceEnabled: false, codEnabled: true }, other.token);
    expect(await t.ok(GET, {}, owner.token)).toMatchObject({ wxEnabled: true, balanceEnabled: true });
  });
});

describe('the settings key', () => {
  it('is created once in DATA_DIR/private and reused', () => {
    const file = keyFileOf(dataDir);
    expect(fs.existsSync(file)).toBe(true);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(settingsKey(dataDir)).toEqual(Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex'));
  });

  it('comes from SETTINGS_SECRET when set (hex or base64), and refuses a secret of the wrong size', () => {
    const hex = 'ab'.repeat(32);
    expect(settingsKey(dataDir, { SETTINGS_SECRET: hex })).toEqual(Buffer.from(hex, 'hex'));
    const b64 = Buffer.alloc(32, 7).toString('base64');
    expect(settingsKey(dataDir, { SETTINGS_SECRET: b64 })).toEqual(Buffer.alloc(32, 7));
    expect(() => settingsKey(dataDir, { SETTINGS_SECRET: 'too-short' })).toThrow(/SETTINGS_SECRET/);
  });

  it('seals with a fresh IV each time and refuses a tampered ciphertext', () => {
    const key = settingsKey(dataDir);
    const a = sealSecret(key, 'r:payment', { k: 'v' });
    expect(a).not.toBe(sealSecret(key, 'r:payment', { k: 'v' }));
    const parts = a.split(':');
    const body = Buffer.from(parts[3], 'base64');
    body[0] ^= 1;
    expect(() => openSecret(key, 'r:payment', [...parts.slice(0, 3), body.toString('base64')].join(':'))).toThrow();
    expect(openSecret(key, 'r:payment', a)).toEqual({ k: 'v' });
  });

  it('asks for the secrets again when they no longer open (the key changed), and takes new ones', async () => {
    const shop = await t.registerOwner('换钥匙店');
    await t.ok(SAVE, WECHAT, shop.token);
    const foreign = sealSecret(Buffer.alloc(32, 1), `${shop.renterId}:payment`, { wxApiV3Key: API_V3_KEY });
    await t.db
      .update(renterConfigs)
      .set({ secret: foreign })
      .where(and(eq(renterConfigs.renterId, shop.renterId), eq(renterConfigs.key, 'payment')));
    expect(await t.ok(GET, {}, shop.token)).toMatchObject({ wxMchId: '1900000109', wxApiV3KeySet: false, wxPrivateKeySet: false });
    const keep = await t.call(SAVE, { ...WECHAT, wxApiV3Key: '', wxPrivateKey: '' }, shop.token);
    expect(keep.body).toMatchObject({ code: 1001, msg: '开启微信支付须填写APIv3密钥' });
    await t.ok(SAVE, WECHAT, shop.token);
    expect(await t.ok(GET, {}, shop.token)).toMatchObject({ wxApiV3KeySet: true, wxPrivateKeySet: true });
  });
});
