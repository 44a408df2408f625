import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '@/core/context';
import { BizError } from '@/core/errors';
import type { Db } from '@/db/client';
import { bindScanned } from './user-bind.service';
import { DEV_SCAN_PATH, wechatPlatform } from './wechat-platform';
import { requestCtx, sendPage } from '@/core/plain-route';

export interface AccountRouteDeps {
  db: Db;
  services: Services;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

interface PageInput {
  ticket: string;
  /** The ticket is valid. */
  valid: boolean;
  done?: { nickname: string; phone: string };
  error?: string;
  nickname?: string;
  openid?: string;
}

/** A fake WeChat user: an openid shaped like WeChat's (28 characters) and a nickname. */
function fakeUser() {
  return { openid: `o${randomBytes(21).toString('base64url').slice(0, 27)}`, nickname: `微信用户${randomInt(1000, 10000)}` };
}

/** The phone page the development QR code opens: 确认绑定 as a made-up WeChat user. */
export function renderScanPage(p: PageInput): string {
  let body: string;
  if (p.done) {
    body = `<p class="state ok">✓ 绑定成功</p><p class="hint">微信「${escapeHtml(p.done.nickname)}」已绑定账号 ${escapeHtml(p.done.phone)}，可以回到后台查看。</p>`;
  } else if (!p.valid) {
    body = '<p class="state bad">二维码已过期，请在后台刷新后重新扫码</p>';
  } else {
    const u = fakeUser();
    body = `<p class="hint">扫码后，以下微信用户将绑定到您的后台账号</p>
${p.error ? `<p class="error">${escapeHtml(p.error)}</p>` : ''}
<form method="post" action="${DEV_SCAN_PATH}/confirm">
<input type="hidden" name="ticket" value="${escapeHtml(p.ticket)}">
<label>微信昵称<input name="nickname" maxlength="32" value="${escapeHtml(p.nickname ?? u.nickname)}"></label>
<label>openid<input name="openid" maxlength="64" value="${escapeHtml(p.openid ?? u.openid)}"></label>
<button type="submit">确认绑定</button>
</form>`;
  }
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>模拟微信扫码</title>
<style>
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#ededed;
font-family:-apple-system,BlinkMacSystemFont,"PingFang SC","Noto Sans CJK SC","Microsoft YaHei",sans-serif;color:#1f2329}
main{width:100%;max-width:420px;margin:16px;padding:32px 24px;background:#fff;border-radius:12px;text-align:center}
h1{margin:0 0 4px;font-size:18px;font-weight:600}
.tag{display:inline-block;margin-bottom:20px;padding:2px 8px;border-radius:4px;background:#fff7e6;color:#d46b08;font-size:12px}
label{display:block;margin:0 0 14px;text-align:left;color:#646a73;font-size:14px}
input{display:block;width:100%;margin-top:6px;padding:10px;border:1px solid #d0d3d6;border-radius:6px;font-size:15px}
button{width:100%;margin-top:8px;padding:14px;border:0;border-radius:8px;background:#07c160;color:#fff;font-size:18px;cursor:pointer}
.state{margin:0 0 16px;font-size:22px;font-weight:600}
.ok{color:#07c160}.bad{color:#8f959e}
.error{margin:0 0 12px;color:#f54a45}
.hint{margin:0 0 16px;color:#646a73;line-height:1.6}
.note{margin:28px 0 0;color:#8f959e;font-size:12px;line-height:1.6}
</style>
</head>
<body>
<main>
<h1>模拟微信扫码</h1>
<span class="tag">开发环境</span>
${body}
<p class="note">这是开发环境的微信平台：没有连接真实微信。<br>确认后，服务器会像收到微信扫码事件一样完成绑定。</p>
</main>
</body>
</html>`;
}

type ScanRequest = FastifyRequest<{ Querystring: { ticket?: string } }>;
type ConfirmRequest = FastifyRequest<{ Body: Record<string, string> }>;

/**
 * The development WeChat platform's scan page (GET /wechat/dev/scan?ticket=…) and its 确认绑定
 * (POST /wechat/dev/scan/confirm): plain pages for a phone, not contract endpoints. app.ts registers them.
 */
export async function registerAccountRoutes(app: FastifyInstance, deps: AccountRouteDeps): Promise<void> {
  const platform = wechatPlatform(deps.services.config);
  if (!platform.dev) return;
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8 * 1024 }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.get(DEV_SCAN_PATH, async (req: ScanRequest, reply) => {
      const ticket = String(req.query.ticket ?? '');
      const valid = Boolean(platform.sceneOf(ticket));
      return sendPage(reply, valid ? 200 : 404, renderScanPage({ ticket, valid }));
    });
    scope.post(`${DEV_SCAN_PATH}/confirm`, async (req: ConfirmRequest, reply) => {
      const b = (req.body ?? {}) as Record<string, string>;
      const ticket = String(b.ticket ?? '');
      const nickname = String(b.nickname ?? '')
        .trim()
        .slice(0, 32);
      const openid = String(b.openid ?? '')
        .trim()
        .slice(0, 64);
      const again = (error: string) => sendPage(reply, 200, renderScanPage({ ticket, valid: true, error, nickname, openid }));
      if (!nickname) return again('请输入微信昵称');
      if (!/^[\w-]{6,64}$/.test(openid)) return again('openid 格式不正确');
      try {
        const { phone } = await bindScanned(requestCtx(req, deps), ticket, { openid, nickname, avatar: '' });
        return sendPage(reply, 200, renderScanPage({ ticket, valid: true, done: { nickname, phone } }));
      } catch (err) {
        if (!(err instanceof BizError)) throw err;
        if (!platform.sceneOf(ticket)) return sendPage(reply, 200, renderScanPage({ ticket, valid: false }));
        return again(err.message);
      }
    });
  });
}
