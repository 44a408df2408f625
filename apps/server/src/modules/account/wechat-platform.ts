import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '@/config';

/** A WeChat user as the platform reports them after a scan. */
export interface ScannedUser {
  openid: string;
  nickname: string;
  avatar: string;
}

/** Who a binding QR code was asked for. */
export interface BindScene {
  userId: string;
  renterId: string;
}

/**
 * The WeChat platform as the account module uses it: a temporary binding QR code whose scan is reported back with the
 * scene it carries. Only the development platform exists so far (no real WeChat is reachable here): its QR code opens
 * this server's own scan page, which reports the scan through the same service a real callback would.
 */
export interface WechatPlatform {
  dev: boolean;
  createBindQr(userId: string, renterId: string): { ticket: string; url: string; expireSeconds: number; dev: boolean };
  /** The scene of a ticket this platform issued and that has not expired. */
  sceneOf(ticket: string): BindScene | undefined;
}

export const BIND_QR_SECONDS = 300;
export const DEV_SCAN_PATH = '/wechat/dev/scan';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Tickets are signed, not stored (any instance can read them, DESIGN §6): `<userId>.<renterId>.<expiry>.<mac>`, the mac
 * keyed by the development platform's own key, derived from PAY_SANDBOX_SECRET (the development providers' secret, set
 * when several instances share the work).
 */
class DevWechatPlatform implements WechatPlatform {
  readonly dev = true;
  private readonly key: Buffer;
  constructor(private readonly config: Config) {
    this.key = createHash('sha256').update(`dev-wechat:${config.paySandboxSecret}`).digest();
  }
  private mac(text: string): string {
    return createHmac('sha256', this.key).update(text).digest('base64url').slice(0, 22);
  }
  createBindQr(userId: string, renterId: string) {
    const body = `${userId}.${renterId}.${Math.floor(Date.now() / 1000) + BIND_QR_SECONDS}`;
    const ticket = `${body}.${this.mac(body)}`;
    const url = `${this.config.publicUrl}${DEV_SCAN_PATH}?ticket=${encodeURIComponent(ticket)}`;
    return { ticket, url, expireSeconds: BIND_QR_SECONDS, dev: true };
  }
  sceneOf(ticket: string): BindScene | undefined {
    const parts = ticket.split('.');
    if (parts.length !== 4) return undefined;
    const [userId, renterId, exp, mac] = parts;
    const want = Buffer.from(this.mac(`${userId}.${renterId}.${exp}`));
    const got = Buffer.from(mac);
    if (got.length !== want.length || !timingSafeEqual(got, want)) return undefined;
    if (!UUID.test(userId) || !UUID.test(renterId) || Number(exp) * 1000 < Date.now()) return undefined;
    return { userId, renterId };
  }
}

const platforms = new WeakMap<Config, WechatPlatform>();

/** The WeChat platform of this configuration (the development one). */
export function wechatPlatform(config: Config): WechatPlatform {
  let p = platforms.get(config);
  if (!p) {
    p = new DevWechatPlatform(config);
    platforms.set(config, p);
  }
  return p;
}
