import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '@/db/client';
import type { Ctx, Services } from './context';

/** The context of a plain (non-contract) route that acts for nobody logged in: a provider's notify, a dev page. */
export function requestCtx(req: FastifyRequest, deps: { db: Db; services: Services }): Ctx {
  return {
    db: deps.db,
    reqId: String(req.id ?? randomUUID()),
    ip: req.ip,
    userAgent: String(req.headers['user-agent'] ?? '').slice(0, 300),
    log: req.log,
    services: deps.services,
    session: null,
  };
}

/** Answers a self-contained HTML page (inline styles only, posts only to itself, never framed or cached). */
export function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    )
    .send(html);
}
