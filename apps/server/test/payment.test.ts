import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Ctx } from '@/core/context';
import { payOrders, payRefunds, sandboxProviderRefunds } from '@/db/schema';
import {
  closePayment,
  createPayment,
  getPayStatus,
  PAY_STATUS,
  type PayOrderRow,
  SandboxPaymentProvider,
  createPayments,
} from '@/integrations/payment';
import { SANDBOX_IN_PRODUCTION_MSG } from '@/integrations/payment/provider';
import { loadConfig } from '@/config';
import { makeApp, runRefundJobs, type TestApp } from './helper';
import { raceIt } from './race';

let t: TestApp;
let sandbox: SandboxPaymentProvider;
/** Every call of the test module's onPaid handler: the order as the handler saw it. */
const paidCalls: PayOrderRow[] = [];
/** Makes the handler throw this many more times. */
let handlerFailures = 0;
const renterId = randomUUID();

beforeAll(async () => {
  t = await makeApp();
  sandbox = t.services.payment.provider as SandboxPaymentProvider;
  t.services.payment.onPaid('test', async (tx, order) => {
    if (handlerFailures > 0) {
      handlerFailures -= 1;
      throw new Error('the business module failed');
    }
    // Runs inside the transaction that marked it paid: it sees the new status.
    const [row] = await tx.db.select().from(payOrders).where(eq(payOrders.id, order.id));
    expect(row.status).toBe(PAY_STATUS.paid);
    paidCalls.push(order);
  });
});
afterAll(() => t.close());
beforeEach(() => {
  handlerFailures = 0;
});

/** The context of system work: no session. */
const sys = (): Ctx => ({
  db: t.db,
  reqId: 'test',
  ip: '127.0.0.1',
  userAgent: 'vitest',
  log: t.app.log,
  services: t.services,
  session: null,
});

const pay = (amountFen = 1234, subject = '测试商品') =>
  createPayment(sys(), { renterId, bizType: 'test', bizId: randomUUID(), subject, amountFen });
const callsFor = (payOrderId: string) => paidCalls.filter((c) => c.id === payOrderId);
const row = async (id: string) => (await t.db.select().from(payOrders).where(eq(payOrders.id, id)))[0];

/** The page's address from the QR code (with its token), plus a suffix and a `return`. */
function link(p: { qr_code: string }, suffix = '', ret?: string): string {
  const url = new URL(p.qr_code);
  if (ret !== undefined) url.searchParams.set('return', ret);
  return `${url.pathname}${suffix}${url.search}`;
}
const tokenOf = (p: { qr_code: string }) => new URL(p.qr_code).searchParams.get('t') ?? '';

function notify(signed: { headers: Record<string, string>; body: string }, provider = 'sandbox') {
  return t.app.inject({ method: 'POST', url: `/api/Pay/Notify/${provider}`, headers: signed.headers, payload: signed.body });
}

describe('createPayment', () => {
  it('answers a QR code that opens the sandbox page, and the total in yuan', async () => {
    const p = await pay(1234);
    expect(p.outTradeNo).toMatch(/^[0-9a-f]{32}$/);
    expect(p.qr_code).toMatch(new RegExp(`^http://localhost:3000/pay/sandbox/${p.outTradeNo}\\?t=\\d+\\.[0-9a-f]{64}$`));
    expect(p.total).toBe(12.34);
    const status = await getPayStatus(t.db, p.payOrderId);
    expect(status).toMatchObject({ status: PAY_STATUS.unpaid, amountFen: 1234, refundedFen: 0, total: 12.34, paidAt: null });
    expect(await row(p.payOrderId)).toMatchObject({ renterId, provider: 'sandbox', qrCode: p.qr_code, subject: '测试商品' });
  });

  it.each([
    [0, '支付金额必须大于0'],
    [-100, '支付金额必须大于0'],
    [12.5, '支付金额必须精确到分'],
  ])('refuses %d fen with “%s”', async (amountFen, msg) => {
    await expect(pay(amountFen)).rejects.toMatchObject({ message: msg, code: 1 });
  });

  it('refuses a payment no module would complete', async () => {
    await expect(createPayment(sys(), { renterId, bizType: 'nobody', bizId: randomUUID(), subject: 'x', amountFen: 1 })).rejects.toThrow(
      /no onPaid handler/,
    );
  });

  it('hides another renter’s order from a status query scoped to a renter', async () => {
    const p = await pay();
    expect(await getPayStatus(t.db, p.payOrderId, renterId)).not.toBeNull();
    expect(await getPayStatus(t.db, p.payOrderId, randomUUID())).toBeNull();
    expect(await getPayStatus(t.db, 'not-a-uuid')).toBeNull();
  });
});

describe('the sandbox page', () => {
  it('shows the subject, the amount and a 确认支付 button, and says no money moves', async () => {
    const p = await pay(1234, '购买 营销版 1年');
    const res = await t.app.inject({ method: 'GET', url: link(p) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<html lang="zh-CN">');
    expect(res.body).toContain('沙箱支付');
    expect(res.body).toContain('购买 营销版 1年');
    expect(res.body).toContain('¥12.34');
    expect(res.body).toContain('确认支付');
    expect(res.body).toContain('不会产生真实扣款');
    expect(res.body).not.toContain('支付成功');
  });

  it('escapes the subject', async () => {
    const p = await pay(100, '<script>alert(1)</script>');
    const res = await t.app.inject({ method: 'GET', url: link(p) });
    expect(res.body).not.toContain('<script>');
    expect(res.body).toContain('&lt;script&gt;');
  });

  it('answers 支付单不存在 for an unknown order', async () => {
    const no = '0123456789abcdef0123456789abcdef';
    const res = await t.app.inject({ method: 'GET', url: `/pay/sandbox/${no}?t=${sandbox.payToken(no)}` });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('支付单不存在');
  });
});

describe('确认支付', () => {
  it('pays through the notify path, runs the onPaid handler once and leads back to `return`', async () => {
    const p = await pay(1234);
    const confirm = await t.app.inject({
      method: 'POST',
      url: link(p, '/confirm', '/Home/buy?x=1'),
    });
    expect(confirm.statusCode).toBe(303);
    expect(confirm.headers.location).toBe(`/pay/sandbox/${p.outTradeNo}?t=${tokenOf(p)}&return=${encodeURIComponent('/Home/buy?x=1')}`);

    const page = await t.app.inject({ method: 'GET', url: String(confirm.headers.location) });
    expect(page.body).toContain('支付成功');
    expect(page.body).not.toContain('确认支付</button>');
    expect(page.body).toContain('href="/Home/buy?x=1"');

    const status = await getPayStatus(t.db, p.payOrderId);
    expect(status?.status).toBe(2);
    expect(status?.paidAt).toBeInstanceOf(Date);
    expect((await row(p.payOrderId)).providerRef).toMatch(/^sbx_txn_/);
    expect(callsFor(p.payOrderId)).toHaveLength(1);
    expect(callsFor(p.payOrderId)[0]).toMatchObject({ status: 2, amountFen: 1234, bizType: 'test', renterId });

    // Pressing the button again (back button, double tap) pays nothing more.
    const again = await t.app.inject({ method: 'POST', url: link(p, '/confirm') });
    expect(again.statusCode).toBe(303);
    expect(callsFor(p.payOrderId)).toHaveLength(1);
  });

  it.each(['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'Home/buy'])(
    'drops a `return` that is not a path on this site: %s',
    async (ret) => {
      const p = await pay(100);
      const confirm = await t.app.inject({ method: 'POST', url: link(p, '/confirm', ret) });
      expect(confirm.headers.location).toBe(link(p));
      const page = await t.app.inject({ method: 'GET', url: link(p, '', ret) });
      expect(page.body).toContain('支付成功');
      expect(page.body).not.toContain('evil.example');
      expect(page.body).not.toContain('返回商户页面');
    },
  );

  it('shows the failure and leaves the order unpaid when the business handler fails', async () => {
    const p = await pay(100);
    handlerFailures = 1;
    const confirm = await t.app.inject({ method: 'POST', url: link(p, '/confirm') });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain('支付结果处理失败，请稍后重试');
    expect((await getPayStatus(t.db, p.payOrderId))?.status).toBe(1);
    expect(callsFor(p.payOrderId)).toHaveLength(0);
  });

  it('cannot pay a closed order', async () => {
    const p = await pay(100);
    await closePayment(sys(), p.payOrderId);
    const page = await t.app.inject({ method: 'GET', url: link(p) });
    expect(page.body).toContain('订单已关闭');
    expect(page.body).not.toContain('确认支付</button>');
    await t.app.inject({ method: 'POST', url: link(p, '/confirm') });
    expect((await getPayStatus(t.db, p.payOrderId))?.status).toBe(3);
    expect(callsFor(p.payOrderId)).toHaveLength(0);
  });
});

// Issue 12 item 2: the order number alone opened the page and paid the order; only the QR code's signed link may.
describe('the pay link', () => {
  const nowS = () => Math.floor(Date.now() / 1000);
  const bad: [string, (p: { outTradeNo: string; qr_code: string }, other: { qr_code: string }) => string][] = [
    ['without a token', (p) => `/pay/sandbox/${p.outTradeNo}`],
    ['with an empty token', (p) => `/pay/sandbox/${p.outTradeNo}?t=`],
    ['with the token of another order', (p, other) => `/pay/sandbox/${p.outTradeNo}?t=${tokenOf(other)}`],
    ['with a token past its expiry', (p) => `/pay/sandbox/${p.outTradeNo}?t=${sandbox.payToken(p.outTradeNo, nowS() - 1)}`],
    ['with its expiry moved', (p) => `/pay/sandbox/${p.outTradeNo}?t=${nowS() + 9999}.${tokenOf(p).split('.')[1]}`],
    [
      'signed with another secret',
      (p) =>
        `/pay/sandbox/${p.outTradeNo}?t=${new SandboxPaymentProvider({ publicUrl: 'http://x', secret: 'other' }).payToken(p.outTradeNo)}`,
    ],
  ];
  it.each(bad)('refuses the page and 确认支付 %s, and shows nothing of the order', async (_name, url) => {
    const p = await pay(688_000, '购买 旗舰版 买断');
    const other = await pay(100);
    const page = await t.app.inject({ method: 'GET', url: url(p, other) });
    expect(page.statusCode).toBe(403);
    expect(page.body).toContain('支付链接无效或已过期');
    expect(page.body).not.toContain('旗舰版');
    expect(page.body).not.toContain('确认支付</button>');
    const [path, query] = url(p, other).split('?');
    const confirm = await t.app.inject({ method: 'POST', url: `${path}/confirm${query === undefined ? '' : `?${query}`}` });
    expect(confirm.statusCode).toBe(403);
    expect(confirm.body).toContain('支付链接无效或已过期');
    expect((await row(p.payOrderId)).status).toBe(PAY_STATUS.unpaid);
    expect(callsFor(p.payOrderId)).toHaveLength(0);
  });

  it('still opens when the longest unpaid wait (通用设置: 1440 minutes) is nearly over, so 再次支付 can pay', async () => {
    const p = await pay(1000);
    const expiry = Number(tokenOf(p).split('.')[0]);
    expect(expiry - nowS()).toBeGreaterThan(1440 * 60);
    const page = await t.app.inject({ method: 'GET', url: link(p, '') });
    expect(page.statusCode).toBe(200);
  });

  raceIt('pays once however often and however fast the link is confirmed', async () => {
    const p = await pay(1000);
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.app.inject({ method: 'POST', url: link(p, '/confirm') })));
    for (const a of answers) expect(a.statusCode).toBe(303);
    const again = await t.app.inject({ method: 'POST', url: link(p, '/confirm') });
    expect(again.statusCode).toBe(303);
    expect(callsFor(p.payOrderId)).toHaveLength(1);
    expect((await row(p.payOrderId)).status).toBe(PAY_STATUS.paid);
  });
});

describe('the sandbox in production', () => {
  it('is refused with NODE_ENV=production unless PAY_SANDBOX_ENABLED=1', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).paySandboxAllowed).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', PAY_SANDBOX_ENABLED: '1' }).paySandboxAllowed).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).paySandboxAllowed).toBe(true);
    expect(loadConfig({}).paySandboxAllowed).toBe(true);
    const config = { payProvider: 'sandbox', publicUrl: 'http://x', paySandboxSecret: 's' };
    expect(() => createPayments({ ...config, paySandboxAllowed: false }, t.db)).toThrow(SANDBOX_IN_PRODUCTION_MSG);
    expect(createPayments({ ...config, paySandboxAllowed: true }, t.db).provider.isDev).toBe(true);
  });

  it('is told to the console (GetPayEnv), so that every payment screen says no money moves', async () => {
    const owner = await t.registerOwner('沙箱提示店');
    expect(await t.ok('/api/Login/GetPayEnv', {}, owner.token)).toEqual({ sandbox: true });
  });

  it('stops the server from starting', async () => {
    await expect(makeApp({ config: { paySandboxAllowed: false } })).rejects.toThrow(SANDBOX_IN_PRODUCTION_MSG);
  });
});

describe('POST /api/Pay/Notify/:provider', () => {
  it('answers SUCCESS to a genuine notify and marks the order paid', async () => {
    const p = await pay(500);
    const res = await notify(sandbox.signNotify({ outTradeNo: p.outTradeNo, amountFen: 500, transactionId: 'sbx_txn_first' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 'SUCCESS', message: '成功' });
    expect(await row(p.payOrderId)).toMatchObject({ status: 2, providerRef: 'sbx_txn_first' });
    expect(callsFor(p.payOrderId)).toHaveLength(1);
  });

  it('changes nothing when the same signed notify comes again', async () => {
    const p = await pay(500);
    const signed = sandbox.signNotify({ outTradeNo: p.outTradeNo, amountFen: 500 });
    expect((await notify(signed)).json()).toMatchObject({ code: 'SUCCESS' });
    const before = await row(p.payOrderId);
    for (let i = 0; i < 3; i++) {
      const res = await notify(signed);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ code: 'SUCCESS' });
    }
    // A later notify of the same payment with another transaction id and time changes nothing either.
    await notify(sandbox.signNotify({ outTradeNo: p.outTradeNo, amountFen: 500, paidAt: new Date(Date.now() + 60_000) }));
    expect(await row(p.payOrderId)).toEqual(before);
    expect(callsFor(p.payOrderId)).toHaveLength(1);
  });

  raceIt('runs the handler once for 10 concurrent notifies of one order', async () => {
    const p = await pay(700);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => notify(sandbox.signNotify({ outTradeNo: p.outTradeNo, amountFen: 700 }))),
    );
    for (const a of answers) expect(a.json()).toMatchObject({ code: 'SUCCESS' });
    expect(callsFor(p.payOrderId)).toHaveLength(1);
    expect((await row(p.payOrderId)).status).toBe(2);
  });

  describe('refuses with HTTP 400 and changes nothing', () => {
    const other = new SandboxPaymentProvider({ publicUrl: 'http://x', secret: 'not-the-secret' });
    const forgeries: [string, (no: string) => { headers: Record<string, string>; body: string }][] = [
      ['signed with another secret', (no) => other.signNotify({ outTradeNo: no, amountFen: 800 })],
      [
        'a body changed after signing',
        (no) => {
          const s = sandbox.signNotify({ outTradeNo: no, amountFen: 1 });
          return { ...s, body: s.body.replace('"amount_fen":1', '"amount_fen":800') };
        },
      ],
      [
        'without a signature',
        (no) => {
          const s = sandbox.signNotify({ outTradeNo: no, amountFen: 800 });
          const { 'x-sandbox-signature': _, ...headers } = s.headers;
          return { headers, body: s.body };
        },
      ],
      [
        'older than 10 minutes',
        (no) => sandbox.signNotify({ outTradeNo: no, amountFen: 800, timestamp: Math.floor(Date.now() / 1000) - 601 }),
      ],
      [
        'a signed body that is not a notify',
        (no) => {
          const s = sandbox.signNotify({ outTradeNo: no, amountFen: 800 });
          return { headers: s.headers, body: 'garbage' };
        },
      ],
    ];
    it.each(forgeries)('%s', async (_name, forge) => {
      const p = await pay(800);
      const res = await notify(forge(p.outTradeNo));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'FAIL' });
      expect((await row(p.payOrderId)).status).toBe(1);
      expect(callsFor(p.payOrderId)).toHaveLength(0);
    });

    it('a notify to a provider that is not configured', async () => {
      const p = await pay(800);
      const res = await notify(sandbox.signNotify({ outTradeNo: p.outTradeNo, amountFen: 800 }), 'wechat');
      expect(res.statusCode).toBe(400);
      expect((await row(p.payOrderId)).status).toBe(1);
    });
  });

  it('refuses a genuine notify whose amount differs from the order', async () => {
    const p = await pay(900);
    const res = await notify(sandbox.signNotify({ outTradeNo: p.outTradeNo, amountFen: 1 }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 'FAIL', message: '支付金额不一致' });
    expect((await row(p.payOrderId)).status).toBe(1);
    expect(callsFor(p.payOrderId)).toHaveLength(0);
  });

  it('refuses a genuine notify of an order it does not know', async () => {
    const res = await notify(sandbox.signNotify({ outTradeNo: 'ffffffffffffffffffffffffffffffff', amountFen: 1 }));
    expect(res.json()).toEqual({ code: 'FAIL', message: '支付单不存在' });
  });

  it('answers FAIL when the business handler fails, so the provider retries, and the retry pays', async () => {
    const p = await pay(300);
    const signed = sandbox.signNotify({ outTradeNo: p.outTradeNo, amountFen: 300 });
    handlerFailures = 1;
    expect((await notify(signed)).json()).toMatchObject({ code: 'FAIL' });
    expect((await row(p.payOrderId)).status).toBe(1);
    expect((await notify(signed)).json()).toMatchObject({ code: 'SUCCESS' });
    expect((await row(p.payOrderId)).status).toBe(2);
    expect(callsFor(p.payOrderId)).toHaveLength(1);
  });

  it('takes a payment that arrives for a closed pay order and sends it all back by a job, never telling the module', async () => {
    const p = await pay(300);
    await closePayment(sys(), p.payOrderId);
    expect((await notify(sandbox.signNotify({ outTradeNo: p.outTradeNo, amountFen: 300 }))).json()).toMatchObject({ code: 'SUCCESS' });
    expect((await row(p.payOrderId)).status).toBe(4); // the whole amount is reserved for the refund at once
    const [stray] = await t.db.select().from(payRefunds).where(eq(payRefunds.payOrderId, p.payOrderId));
    expect(stray).toMatchObject({ bizType: 'stray-payment', bizId: p.payOrderId, amountFen: 300, status: 1 });
    expect(await runRefundJobs(t)).toBeGreaterThanOrEqual(1);
    const [done] = await t.db.select().from(payRefunds).where(eq(payRefunds.payOrderId, p.payOrderId));
    expect(done.status).toBe(2);
    const atProvider = await t.db.select().from(sandboxProviderRefunds).where(eq(sandboxProviderRefunds.outTradeNo, p.outTradeNo));
    expect(atProvider.map((r) => r.amountFen)).toEqual([300]);
    // The same notify again changes nothing: one refund.
    await notify(sandbox.signNotify({ outTradeNo: p.outTradeNo, amountFen: 300 }));
    expect(await t.db.select().from(payRefunds).where(eq(payRefunds.payOrderId, p.payOrderId))).toHaveLength(1);
    expect(callsFor(p.payOrderId)).toHaveLength(0);
  });
});
