import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../../core/context';
import type { Db } from '../../db/client';
import { findByOutTradeNo, handleNotify } from './payment.service';
import { PAY_STATUS } from './payment.tables';
import { SandboxPaymentProvider } from './provider';
import { renderSandboxPage, safeReturnPath, sandboxPagePath } from './sandbox-page';
import { requestCtx, sendPage } from '../../core/plain-route';

export interface PaymentRouteDeps {
  db: Db;
  services: Services;
}

type NotifyRequest = FastifyRequest<{ Params: { provider: string } }>;
type SandboxRequest = FastifyRequest<{ Params: { outTradeNo: string }; Querystring: { return?: string } }>;

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

    scope.get('/pay/sandbox/:outTradeNo', async (req: SandboxRequest, reply) => {
      const order = await sandboxOrder(req.params.outTradeNo);
      return sendPage(reply, order ? 200 : 404, renderSandboxPage({ order, returnTo: safeReturnPath(req.query.return) }));
    });

    // 确认支付: the sandbox does what a provider does once the payer has paid, and sends its signed notify through the
    // real notify route; then the payer sees the page again (paid), which leads back to `return`.
    scope.post('/pay/sandbox/:outTradeNo/confirm', { bodyLimit: 16 * 1024 }, async (req: SandboxRequest, reply) => {
      const returnTo = safeReturnPath(req.query.return);
      const order = await sandboxOrder(req.params.outTradeNo);
      if (!order) return sendPage(reply, 404, renderSandboxPage({}));
      if (order.status === PAY_STATUS.unpaid) {
        const notify = sandbox.signNotify({ outTradeNo: order.outTradeNo, amountFen: order.amountFen });
        const res = await app.inject({
          method: 'POST',
          url: `/api/Pay/Notify/${sandbox.name}`,
          headers: notify.headers,
          payload: notify.body,
        });
        const answer = res.statusCode === 200 ? (res.json() as { code?: string }) : {};
        if (answer.code !== 'SUCCESS') {
          req.log.error({ status: res.statusCode, body: res.body, outTradeNo: order.outTradeNo }, 'sandbox notify was not accepted');
          return sendPage(reply, 200, renderSandboxPage({ order, returnTo, error: '支付结果处理失败，请稍后重试' }));
        }
      }
      return reply.redirect(sandboxPagePath(order.outTradeNo, returnTo), 303);
    });
  });
}
