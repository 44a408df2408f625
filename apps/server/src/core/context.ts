import { randomUUID } from 'node:crypto';
import { SHOP_MISSING_MSG, VISITOR_MISSING_MSG } from '@shop/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '@/config';
import type { Db } from '@/db/client';
import type { Hub } from '@/hub/hub';
import type { LogisticsProvider } from '@/integrations/logistics';
import type { Payments } from '@/integrations/payment/payments';
import type { SmsProvider } from '@/integrations/sms';
import type { FileStorage } from '@/modules/files/file-storage';
import type { JobsService } from './jobs/port';
import type { EventSubscribers } from './jobs/subscribers';
import { AuthError, BizError, CODE } from './errors';

/** What a logged-in call knows about its caller. */
export interface SessionInfo {
  sessionId: string;
  userId: string;
  /** null until the user has chosen or created an enterprise. */
  renterId: string | null;
  shopId: string | null;
  staffId: string | null;
  roleId: string | null;
  isOwner: boolean;
  grants: ReadonlySet<string>;
  /** The enterprise's trial or paid service has ended: it may log in, look and pay, but not change business data. */
  expired?: boolean;
}

/** The real parts behind interfaces (DESIGN §5). */
export interface Services {
  config: Config;
  hub: Hub;
  sms: SmsProvider;
  /** The payment provider and the business handlers of paid and refunded orders. */
  payment: Payments<Ctx>;
  /** Where uploaded files are kept (DATA_DIR/files now, S3-compatible later). */
  storage: FileStorage;
  /** The durable job queue (core/jobs): sendJob in a transaction, workers where started. */
  jobs: JobsService<Pick<Ctx, 'db' | 'afterCommit'>>;
  /** Who reacts to which outbox event (core/jobs), subscribed by the app's start list (src/wiring.ts). */
  events: EventSubscribers<Ctx>;
  /** Parcel tracking (integrations/logistics): the dev tracker until a real one is configured. */
  logistics: LogisticsProvider;
}

/** The one file of a multipart call, read into memory within the size limit. */
export interface UploadedFile {
  /** The name on the uploader's computer, as sent. */
  filename: string;
  /** As declared by the client: never trusted for the type. */
  mimetype: string;
  data: Buffer;
}

/** A customer logged in on one renter's H5 shop or mini-program (members module). */
export interface MemberActor {
  kind: 'member';
  memberId: string;
  renterId: string;
  /** The shop the call named (SHOP_HEADER). */
  shopId: string;
  /** The member token's row, for logout. */
  tokenId: string;
}

/**
 * Who is calling (DESIGN §9): a staff session, a member, a visitor (not logged in: visitorId is the server-signed id,
 * null when the call carried none; shopId/renterId when the call named a shop) or the system (a job, by its name).
 */
export type Actor =
  | { kind: 'staff'; session: SessionInfo }
  | MemberActor
  | { kind: 'visitor'; visitorId: string | null; renterId: string | null; shopId: string | null }
  | { kind: 'system'; job: string; renterId?: string };

/** Passed first to every service function (STYLE habit 3). */
export interface Ctx {
  db: Db;
  reqId: string;
  ip: string;
  userAgent: string;
  log: FastifyBaseLogger;
  services: Services;
  /** The staff session (null for every other actor). */
  session: SessionInfo | null;
  /**
   * Who is calling. Set on every request; a context built without it (jobs, tests) is the staff of its session, or
   * the system: read it with actorOf.
   */
  actor?: Actor;
  /** The file of a multipart endpoint (contract `multipart: true`). */
  upload?: UploadedFile;
  /**
   * The Idempotency-Key of a call the contract marks idempotent: a service may key its own ledger row by it (the
   * same action retried after the key's 24 h, or after a crash before the answer was stored, changes nothing).
   */
  requestKey?: string;
  /** Set inside a transaction: work (pushes, mails) to do only once it has committed. */
  afterCommit?: (fn: () => void) => void;
}

export interface RenterScope {
  userId: string;
  renterId: string;
  shopId: string;
  staffId: string;
  roleId: string;
  isOwner: boolean;
}

/** The caller of this context (see Ctx.actor). */
export function actorOf(ctx: Ctx): Actor {
  if (ctx.actor) return ctx.actor;
  if (ctx.session) return { kind: 'staff', session: ctx.session };
  return { kind: 'system', job: ctx.userAgent || 'system' };
}

/** A context for work nobody called (jobs): actor system with the job's name. */
export function systemCtx(
  deps: { db: Db; services: Services; log: FastifyBaseLogger },
  job: string,
  reqId = `job-${randomUUID()}`,
  renterId?: string,
): Ctx {
  return {
    db: deps.db,
    reqId,
    ip: '',
    userAgent: job,
    log: deps.log,
    services: deps.services,
    session: null,
    actor: renterId ? { kind: 'system', job, renterId } : { kind: 'system', job },
  };
}

/** The member of a member call (contract actor 'member'). */
export function memberOf(ctx: Ctx): MemberActor {
  const a = actorOf(ctx);
  if (a.kind !== 'member') throw new AuthError();
  return a;
}

/** The renter and shop a customer-side call named (contract `shop: true`). */
export function customerShopOf(ctx: Ctx): { renterId: string; shopId: string } {
  const a = actorOf(ctx);
  if (a.kind === 'member') return { renterId: a.renterId, shopId: a.shopId };
  if (a.kind === 'visitor' && a.renterId && a.shopId) return { renterId: a.renterId, shopId: a.shopId };
  throw new BizError(SHOP_MISSING_MSG, CODE.notFound);
}

/**
 * The visitor id of a customer-side call: the server-signed id of a visitor, or `m:<memberId>` for a logged-in
 * member (a member calling a visitor endpoint is known by the member id, not a browser's).
 */
export function visitorIdOf(ctx: Ctx): string {
  const a = actorOf(ctx);
  if (a.kind === 'member') return `m:${a.memberId}`;
  if (a.kind === 'visitor' && a.visitorId) return a.visitorId;
  throw new BizError(VISITOR_MISSING_MSG, CODE.validation);
}

/** A key naming the caller for rate limits: the staff user, the member, the visitor, else the address. */
export function rateKeyOf(ctx: Ctx): string {
  const a = actorOf(ctx);
  if (a.kind === 'staff') return `user:${a.session.userId}`;
  if (a.kind === 'member') return `member:${a.memberId}`;
  if (a.kind === 'visitor' && a.visitorId) return `visitor:${a.visitorId}`;
  if (a.kind === 'system') return `system:${a.job}`;
  return `ip:${ctx.ip}`;
}

/** The session of a call that needs a login. */
export function userOf(ctx: Ctx): SessionInfo {
  if (!ctx.session) throw new AuthError();
  return ctx.session;
}

/** The renter scope of a call that needs a chosen enterprise. */
export function renterOf(ctx: Ctx): RenterScope {
  const s = userOf(ctx);
  if (!s.renterId || !s.shopId || !s.staffId || !s.roleId) throw new BizError('请先选择企业', CODE.forbidden);
  return { userId: s.userId, renterId: s.renterId, shopId: s.shopId, staffId: s.staffId, roleId: s.roleId, isOwner: s.isOwner };
}

/** Runs fn in one transaction; everything it writes lands together or not at all. */
export async function inTx<T>(ctx: Ctx, fn: (tx: Ctx) => Promise<T>): Promise<T> {
  const outer = ctx.afterCommit;
  const pending: (() => void)[] = [];
  const result = await ctx.db.transaction((tx) => fn({ ...ctx, db: tx as unknown as Db, afterCommit: outer ?? ((f) => pending.push(f)) }));
  for (const f of pending) f();
  return result;
}

/** Runs fn after the surrounding transaction commits, or now outside one. */
export function afterCommit(ctx: Ctx, fn: () => void): void {
  if (ctx.afterCommit) ctx.afterCommit(fn);
  else fn();
}
