import { fenText } from '@shop/contract';
import { PAY_STATUS, type PayOrderRow } from './payment.tables';

/** The sandbox page's own address, carrying the pay link's token and the payer's way back. */
export function sandboxPagePath(outTradeNo: string, link: { token?: string; returnTo?: string } = {}, suffix = ''): string {
  const q = new URLSearchParams();
  if (link.token) q.set('t', link.token);
  if (link.returnTo) q.set('return', link.returnTo);
  const qs = q.toString();
  return `/pay/sandbox/${encodeURIComponent(outTradeNo)}${suffix}${qs ? `?${qs}` : ''}`;
}

/**
 * The `return` parameter when it is a path on this same site; anything else (another host, `//host`, a scheme,
 * backslashes, control characters) is dropped, so the page can never send the payer elsewhere.
 */
export function safeReturnPath(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || raw.length > 2000) return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (!raw.startsWith('/') || raw.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(raw)) return undefined;
  const base = 'http://sandbox.invalid';
  try {
    const url = new URL(raw, base);
    return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : undefined;
  } catch {
    return undefined;
  }
}

/** ¥12.34 from integer fen, without floating point. */
export function formatYuan(fen: number): string {
  const text = fenText(fen);
  return text.startsWith('-') ? `-¥${text.slice(1)}` : `¥${text}`;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

export interface SandboxPageInput {
  /** undefined: no such sandbox order. */
  order?: Pick<PayOrderRow, 'outTradeNo' | 'subject' | 'amountFen' | 'status'>;
  /** The pay link's token, which the confirm needs again. */
  token?: string;
  returnTo?: string;
  /** The link has no valid token: nothing of the order is shown. */
  badLink?: boolean;
  /** Shown above the button when confirming failed. */
  error?: string;
}

/** The mobile page the sandbox QR code opens: 确认支付 for an unpaid order, 支付成功 once paid. */
export function renderSandboxPage({ order, token, returnTo, badLink, error }: SandboxPageInput): string {
  let body: string;
  let refresh = '';
  if (badLink) {
    body = '<p class="state bad">支付链接无效或已过期</p><p class="hint">请回到商户页面重新扫码支付</p>';
  } else if (!order) {
    body = '<p class="state bad">支付单不存在</p>';
  } else {
    const head = `<p class="subject">${escapeHtml(order.subject)}</p><p class="amount">${formatYuan(order.amountFen)}</p>`;
    const back = returnTo ? `<a class="back" href="${escapeHtml(returnTo)}">返回商户页面</a>` : '';
    if (order.status === PAY_STATUS.unpaid) {
      const action = sandboxPagePath(order.outTradeNo, { token, returnTo }, '/confirm');
      body = `${head}${error ? `<p class="error">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}"><button type="submit">确认支付</button></form>`;
    } else if (order.status === PAY_STATUS.closed) {
      body = `${head}<p class="state bad">订单已关闭</p>`;
    } else {
      const refunded = order.status === PAY_STATUS.refunded ? '<p class="hint">该订单已退款</p>' : '';
      body = `${head}<p class="state ok">✓ 支付成功</p>${refunded}${back}`;
      if (returnTo) refresh = `<meta http-equiv="refresh" content="2;url=${escapeHtml(returnTo)}">`;
    }
  }
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>沙箱支付</title>${refresh}
<style>
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f2f3f5;
font-family:-apple-system,BlinkMacSystemFont,"PingFang SC","Noto Sans CJK SC","Microsoft YaHei",sans-serif;color:#1f2329}
main{width:100%;max-width:420px;margin:16px;padding:32px 24px;background:#fff;border-radius:12px;text-align:center;
box-shadow:0 2px 12px rgba(0,0,0,.06)}
h1{margin:0 0 4px;font-size:18px;font-weight:600}
.tag{display:inline-block;margin-bottom:20px;padding:2px 8px;border-radius:4px;background:#fff7e6;color:#d46b08;font-size:12px}
.subject{margin:0 0 8px;color:#646a73;font-size:15px;word-break:break-all}
.amount{margin:0 0 28px;font-size:40px;font-weight:600;letter-spacing:1px}
button{width:100%;padding:14px;border:0;border-radius:8px;background:#07c160;color:#fff;font-size:18px;cursor:pointer}
button:active{background:#06ad56}
.state{margin:0 0 16px;font-size:22px;font-weight:600}
.ok{color:#07c160}.bad{color:#8f959e}
.error{margin:0 0 12px;color:#f54a45}
.hint{margin:0 0 16px;color:#8f959e}
.back{display:inline-block;margin-top:4px;color:#1677ff;font-size:16px}
.note{margin:28px 0 0;color:#8f959e;font-size:12px;line-height:1.6}
</style>
</head>
<body>
<main>
<h1>沙箱支付</h1>
<span class="tag">开发环境</span>
${body}
<p class="note">这是开发环境的沙箱支付：不会产生真实扣款。<br>确认后，沙箱会像真实支付渠道一样向服务器发送已签名的支付通知。</p>
</main>
</body>
</html>`;
}
