import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Hub } from '../hub/hub';
import type { Payments } from '../integrations/payment';
import type { SmsProvider } from '../integrations/sms';
import type { FileStorage } from '../modules/files/file-storage';
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
  payment: Payments;
  /** Where uploaded files are kept (DATA_DIR/files now, S3-compatible later). */
  storage: FileStorage;
}

/** The one file of a multipart call, read into memory within the size limit. */
export interface UploadedFile {
  /** The name on the uploader's computer, as sent. */
  filename: string;
  /** As declared by the client: never trusted for the type. */
  mimetype: string;
  data: Buffer;
}

/** Passed first to every service function (STYLE habit 3). */
export interface Ctx {
  db: Db;
  reqId: string;
  ip: string;
  userAgent: string;
  log: FastifyBaseLogger;
  services: Services;
  session: SessionInfo | null;
  /** The file of a multipart endpoint (contract `multipart: true`). */
  upload?: UploadedFile;
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
