import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '@/core/context';
import type { Db } from '@/db/client';
import { findByOutTradeNo, handleNotify } from './payment.service';
import { PAY_STATUS } from './payment.tables';
import { SandboxPaymentProvider } from './provider';
import { renderSandboxPage, safeReturnPath, sandboxPagePath } from './sandbox-page';
import { requestCtx, sendPage } from '@/core/plain-route';

export interface PaymentRouteDeps {
  db: Db;
  services: Services;
}

type NotifyRequest = FastifyRequest<{ Params: { provider: string } }>;
type SandboxRequest = FastifyRequest<{ Params: { outTradeNo: string }; Querystring: { return?: string; t?: string } }>;

/** A notify or a sandbox page has no session: the work runs for the system. */
/**
 * The provider-facing routes: the payment notify, and, with the sandbox provider, its payer page. They answer what a
 * provider or a payer's browser expects, not the console's envelope (see README).
 */
export async function registerPaymentRoutes(app: FastifyInstance, deps: PaymentRouteDeps): Promise<void> {
  await app.register(async (scope) => {
    // A provider signs the exact bytes it sends: keep every body raw, whatever its content type.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    const rawBody = (req: FastifyRequest) => (Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));

    scope.post('/api/Pay/Notify/:provider', { bodyLimit: 64 * 1024 }, async (req: NotifyRequest, reply) => {
      try {
        const out = await handleNotify(requestCtx(req, deps), req.params.provider, req.headers, rawBody(req));
        if (out.result === 'forged') return reply.code(400).send({ code: 'FAIL', message: '签名验证失败' });
        if (out.result === 'refused') return reply.send({ code: 'FAIL', message: out.reason });
        return reply.send({ code: 'SUCCESS', message: '成功' });
      } catch (err) {
        // The payment was not recorded: FAIL makes the provider send the notify again later.
        req.log.error({ err }, 'payment notify failed');
        return reply.send({ code: 'FAIL', message: '处理失败' });
      }
    });

    const sandbox = deps.services.payment.provider;
    if (!(sandbox instanceof SandboxPaymentProvider)) return;

    const sandboxOrder = async (outTradeNo: string) => {
      const order = await findByOutTradeNo(deps.db, outTradeNo);
      return order?.provider === sandbox.name ? order : undefined;
    };

    // The page and its confirm need the pay link's signed token (the QR code carries it): the order's number alone
    // opens nothing, and a link works for its own order only, until it expires (see README).
    const linkOf = (req: SandboxRequest) => {
      const token = typeof req.query.t === 'string' ? req.query.t : '';
      return { token, returnTo: safeReturnPath(req.query.return), valid: sandbox.verifyPayToken(req.params.outTradeNo, token) };
    };

    scope.get('/pay/sandbox/:outTradeNo', async (req: SandboxRequest, reply) => {
      const link = linkOf(req);
      if (!link.valid) return sendPage(reply, 403, renderSandboxPage({ badLink: true }));
      const order = await sandboxOrder(req.params.outTradeNo);
      return sendPage(reply, order ? 200 : 404, renderSandboxPage({ order, token: link.token, returnTo: link.returnTo }));
    });

    // 确认支付: the sandbox does what a provider does once the payer has paid, and sends its signed notify through the
    // real notify route; then the payer sees the page again (paid), which leads back to `return`. The link pays once:
    // the notify moves the order from unpaid to paid in one conditional UPDATE, so a repeated or parallel confirm with
    // the same link finds it paid and sends nothing.
    scope.post('/pay/sandbox/:outTradeNo/confirm', { bodyLimit: 16 * 1024 }, async (req: SandboxRequest, reply) => {
      const link = linkOf(req);
      if (!link.valid) return sendPage(reply, 403, renderSandboxPage({ badLink: true }));
      const order = await sandboxOrder(req.params.outTradeNo);
      if (!order) return sendPage(reply, 404, renderSandboxPage({}));
      const { token, returnTo } = link;
      if (order.status === PAY_STATUS.unpaid) {
        // The sandbox books the payment first (its own records, which the reconciliation job asks), then notifies.
        const notify = await sandbox.payerConfirmed(order.outTradeNo);
        // Closed at the sandbox meanwhile (closePayment closes there first): nothing paid; the page shows the state.
        if (!notify) return reply.redirect(sandboxPagePath(order.outTradeNo, { token, returnTo }), 303);
        const res = await app.inject({
          method: 'POST',
          url: `/api/Pay/Notify/${sandbox.name}`,
          headers: notify.headers,
          payload: notify.body,
        });
        const answer = res.statusCode === 200 ? (res.json() as { code?: string }) : {};
        if (answer.code !== 'SUCCESS') {
          req.log.error({ status: res.statusCode, body: res.body, outTradeNo: order.outTradeNo }, 'sandbox notify was not accepted');
          return sendPage(reply, 200, renderSandboxPage({ order, token, returnTo, error: '支付结果处理失败，请稍后重试' }));
        }
      }
      return reply.redirect(sandboxPagePath(order.outTradeNo, { token, returnTo }), 303);
    });
  });
}
