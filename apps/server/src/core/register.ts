import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import {
  acceptedGrants,
  BODY_TOO_LARGE_MSG,
  type BodyOf,
  type Contract,
  type DataOf,
  type Endpoint,
  type EndpointMap,
  fileTooLargeMsg,
  FORBIDDEN_MSG,
  grantKey,
  OWNER_ONLY_MSG,
  SERVICE_EXPIRED_MSG,
  JSON_BODY_LIMIT,
  NO_FILE_MSG,
  PUBLIC_BODY_LIMIT,
  SHOP_HEADER,
  SHOP_MISSING_MSG,
  type StaffEndpoint,
  VISITOR_HEADER,
  VISITOR_INVALID_MSG,
} from '@shop/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DB_UNAVAILABLE_MSG, type Db, isConnectionError } from '@/db/client';
import { isUuid, leaseRenterDb, type RenterLease } from '@/db/rls';
import type { SessionResolver } from './auth';
import type { Actor, Ctx, Services, SessionInfo, UploadedFile } from './context';
import { AuthError, BizError, CODE } from './errors';
import { parseBody } from './validation';
import { IDEMPOTENCY_HEADER, onceByKey } from './idempotency';

/** A file answer (exports). */
export interface BlobReply {
  blob: true;
  filename: string;
  contentType: string;
  body: Buffer | Readable;
  /** Extra headers, e.g. x-total-count so the console can show export progress. */
  headers?: Record<string, string>;
}

/** data plus an optional success msg. */
export interface DataReply<T> {
  reply: true;
  data: T;
  msg: string;
}

/** Answers data (null for a void result) with a success msg the console shows. */
export function withMsg<T>(data: T, msg: string): DataReply<T extends void ? null : T> {
  return { reply: true, data: (data ?? null) as T extends void ? null : T, msg };
}

export type Handler<E extends Endpoint> = (ctx: Ctx, body: BodyOf<E>) => Promise<DataOf<E> | DataReply<DataOf<E>> | BlobReply>;

export type Handlers<M extends EndpointMap> = { [K in keyof M]: Handler<M[K]> };

/** A handler for every endpoint of the contract: a missing one fails the type check. */
export type ContractHandlers = { [M in keyof Contract]: Handlers<Contract[M]> };

function isBlob(v: unknown): v is BlobReply {
  return typeof v === 'object' && v !== null && (v as BlobReply).blob === true;
}
function isDataReply(v: unknown): v is DataReply<unknown> {
  return typeof v === 'object' && v !== null && (v as DataReply<unknown>).reply === true;
}

function checkPermission(e: StaffEndpoint, session: SessionInfo | null): void {
  if (e.permission === 'public') return;
  if (!session) throw new AuthError();
  if (e.permission === 'session') return;
  if (!session.renterId) throw new BizError('请先选择企业', CODE.forbidden);
  if (e.permission === 'renter') return;
  if (e.permission === 'owner') {
    if (!session.isOwner) throw new BizError(OWNER_ONLY_MSG, CODE.forbidden);
    return;
  }
  if (!session.isOwner && !acceptedGrants(e.permission).some((g) => session.grants.has(grantKey(g))))
    throw new BizError(FORBIDDEN_MSG, CODE.forbidden);
  // An ended service still shows and exports its data; changing it waits for the renewal (billing calls are 'renter').
  if (session.expired && e.permission.op !== 'view' && e.permission.op !== 'export')
    throw new BizError(SERVICE_EXPIRED_MSG, CODE.expiredService);
}

const BAD_BODY_MSG = '请求数据格式不正确';

const isMultipart = (req: FastifyRequest) => typeof req.isMultipart === 'function' && req.isMultipart();

/**
 * Reads a multipart body: the text fields become the body, the one file is read into memory.
 * A file over the limit, a second file or a broken body is a refusal, not an error.
 */
async function readMultipart(req: FastifyRequest, maxMb: number): Promise<{ fields: Record<string, unknown>; upload?: UploadedFile }> {
  const fields: Record<string, unknown> = {};
  let upload: UploadedFile | undefined;
  // The body is the one file and a few short fields: a declared length beyond them is refused unread.
  const maxBytes = Math.floor(maxMb * 1024 * 1024);
  if (Number(req.headers['content-length'] ?? 0) > maxBytes + PUBLIC_BODY_LIMIT)
    throw new BizError(fileTooLargeMsg(maxMb), CODE.validation);
  try {
    const parts = req.parts({ limits: { fileSize: maxBytes, fieldSize: 1024, files: 1, fields: 20, parts: 21 } });
    for await (const part of parts as AsyncIterable<MultipartFile | MultipartValue>) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        // A browser sends an empty part for a file input left empty.
        if (data.length > 0) upload = { filename: part.filename ?? '', mimetype: part.mimetype ?? '', data };
      } else {
        const prev = fields[part.fieldname];
        fields[part.fieldname] = prev === undefined ? part.value : [prev, part.value].flat();
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new BizError(fileTooLargeMsg(maxMb), CODE.validation);
    if (code === 'FST_FILES_LIMIT') throw new BizError('一次只能上传一个文件', CODE.validation);
    throw new BizError(BAD_BODY_MSG, CODE.validation);
  }
  return { fields, upload };
}

/** The largest JSON body of a call (contract bodyLimit); 'upload' is the image limit as base64 text. */
function bodyLimitOf(e: Endpoint, uploadMaxMb: number): number {
  if (e.bodyLimit === 'upload') return Math.ceil((uploadMaxMb * 1024 * 1024 * 4) / 3) + PUBLIC_BODY_LIMIT;
  return e.bodyLimit ?? (e.permission === 'public' || e.actor ? PUBLIC_BODY_LIMIT : JSON_BODY_LIMIT);
}

/**
 * What the customer side needs to know its callers (the members module provides it): the renter of a shop id, the
 * member behind a member token within one renter, the visitor id inside a signed visitor id.
 */
export interface CustomerResolver {
  shop(db: Db, shopId: string): Promise<{ renterId: string; shopId: string } | null>;
  member(db: Db, token: string, renterId: string): Promise<{ memberId: string; tokenId: string } | null>;
  /** The visitor id a signed visitor token carries, or null when forged, malformed or run out. */
  visitor(token: string): string | null;
}

const headerOf = (req: FastifyRequest, name: string) => {
  const v = req.headers[name];
  return typeof v === 'string' && v ? v : undefined;
};

/**
 * Who calls (DESIGN §9). A staff endpoint knows staff sessions only: any other token (a member's) is unknown there, so
 * a protected call answers 401. A customer endpoint knows member tokens only, each within the renter of the shop the
 * call names; a staff token, or a member token of another renter, is no token there (401 on a member call, a visitor
 * on a visitor call). A visitor id that is there but not the server's signature answers 401 with its own message.
 */
async function actorOfRequest(req: FastifyRequest, e: Endpoint, deps: RegisterDeps): Promise<Actor> {
  const token = headerOf(req, 'token');
  if (!e.actor) {
    const session = token && e.permission !== 'public' ? await deps.resolveSession(deps.db, token) : null;
    return session ? { kind: 'staff', session } : { kind: 'visitor', visitorId: null, renterId: null, shopId: null };
  }
  const customers = deps.customers;
  if (!customers) throw new Error('customer-side endpoints need a CustomerResolver');
  let shop: { renterId: string; shopId: string } | null = null;
  if (e.shop) {
    const shopId = headerOf(req, SHOP_HEADER);
    shop = isUuid(shopId) ? await customers.shop(deps.db, shopId) : null;
    if (!shop) throw new BizError(SHOP_MISSING_MSG, CODE.notFound);
    const member = token ? await customers.member(deps.db, token, shop.renterId) : null;
    if (member) return { kind: 'member', ...member, ...shop };
  }
  if (e.actor === 'member') throw new AuthError();
  const signed = headerOf(req, VISITOR_HEADER);
  const visitorId = signed === undefined ? null : customers.visitor(signed);
  if (signed !== undefined && !visitorId) throw new AuthError(VISITOR_INVALID_MSG);
  return { kind: 'visitor', visitorId, renterId: shop?.renterId ?? null, shopId: shop?.shopId ?? null };
}

interface RegisterDeps {
  db: Db;
  services: Services;
  /** The staff session of a console token (the login module's, from app.ts). */
  resolveSession: SessionResolver;
  customers?: CustomerResolver;
}

/** Registers every endpoint of the contract at its spec path (DESIGN §3). */
export function registerContract(app: FastifyInstance, contract: Contract, handlers: ContractHandlers, deps: RegisterDeps): void {
  for (const moduleName of Object.keys(contract) as (keyof Contract)[]) {
    const endpoints = contract[moduleName] as EndpointMap;
    const moduleHandlers = handlers[moduleName] as unknown as Record<string, Handler<Endpoint>>;
    for (const [name, e] of Object.entries(endpoints)) {
      const handler = moduleHandlers[name];
      if (!handler) throw new Error(`no handler for ${moduleName}.${name}`);
      if (e.actor === 'member' && !e.shop) throw new Error(`${moduleName}.${name}: a member call names its shop (shop: true)`);
      app.route({
        method: e.method,
        url: e.path,
        handler: (req, reply) => handle(req, reply, e, handler, deps),
        bodyLimit: bodyLimitOf(e, deps.services.config.uploadMaxMb),
        // A body Fastify cannot read (not JSON, empty JSON, other media type, too large) still answers the envelope.
        errorHandler: (err, req, reply) => {
          if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
            const msg = err.statusCode === 413 ? BODY_TOO_LARGE_MSG : BAD_BODY_MSG;
            return reply.code(200).send({ code: CODE.validation, msg, data: null });
          }
          return replyFailure(req, reply, err);
        },
      });
    }
  }
}

/**
 * The database handle of a call: bound to its renter (row-level security, db/rls.ts) when the caller has one (a staff
 * session in an enterprise, a member, a visitor of a named shop). The system handle for the calls about a person
 * rather than an enterprise (permission 'public' or 'session': login, SMS codes, registering, the list of one's
 * enterprises, choosing or creating one, logout, one's password), which may span the user's enterprises or come before
 * any, and for a customer call that names no shop (the public form page finds the renter by its form).
 */
function leaseOfCall(db: Db, e: Endpoint, actor: Actor): RenterLease<Db> {
  const none = { db, release: async () => {} };
  if (!e.actor && (e.permission === 'public' || e.permission === 'session')) return none;
  const renterId = actor.kind === 'staff' ? actor.session.renterId : actor.kind === 'system' ? null : actor.renterId;
  return renterId ? leaseRenterDb(db, renterId) : none;
}

async function handle(req: FastifyRequest, reply: FastifyReply, e: Endpoint, handler: Handler<Endpoint>, deps: RegisterDeps) {
  try {
    // Only endpoints marked multipart read multipart bodies; elsewhere it is a body of the wrong type.
    if (!e.multipart && isMultipart(req)) return reply.send({ code: CODE.validation, msg: BAD_BODY_MSG, data: null });
    const actor = await actorOfRequest(req, e, deps);
    const session = actor.kind === 'staff' ? actor.session : null;
    if (!e.actor) checkPermission(e, session);
    let raw: unknown = e.method === 'GET' ? (req.query ?? {}) : (req.body ?? {});
    let upload: UploadedFile | undefined;
    if (e.multipart && isMultipart(req)) {
      const { config } = deps.services;
      // A call that takes videos reads within the larger limit; the module then holds each kind to its own.
      const maxMb = e.uploadMax === 'video' ? Math.max(config.uploadMaxMb, config.uploadVideoMaxMb) : config.uploadMaxMb;
      ({ fields: raw, upload } = await readMultipart(req, maxMb));
    }
    const parsed = parseBody(e.body, raw);
    if (!parsed.success)
      return reply.send({ code: CODE.validation, msg: parsed.errors[0]?.msg ?? '参数错误', data: { errors: parsed.errors } });
    if (e.multipart && !upload) throw new BizError(NO_FILE_MSG, CODE.validation);
    // The call's connection (PostgreSQL) is held from its first statement until the handler has answered.
    const lease = leaseOfCall(deps.db, e, actor);
    const ctx: Ctx = {
      db: lease.db,
      reqId: String(req.id ?? randomUUID()),
      ip: req.ip,
      userAgent: String(req.headers['user-agent'] ?? '').slice(0, 300),
      log: req.log,
      services: deps.services,
      session,
      actor,
      upload,
    };
    // A call the contract marks idempotent runs once per Idempotency-Key; a repeat gets the first answer.
    const key = req.headers[IDEMPOTENCY_HEADER];
    if (e.idempotent && typeof key === 'string') ctx.requestKey = key;
    const run = () => handler(ctx, parsed.data);
    let out: Awaited<ReturnType<typeof run>>;
    try {
      out = e.idempotent ? await onceByKey(deps.db, { header: key, session, endpoint: e.path, body: raw }, run) : await run();
    } finally {
      await lease.release();
    }
    if (isBlob(out)) {
      for (const [k, v] of Object.entries(out.headers ?? {})) reply.header(k, v);
      return reply
        .header('content-type', out.contentType)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(out.filename)}`)
        .header('access-control-expose-headers', 'content-disposition, x-total-count')
        .send(out.body);
    }
    if (isDataReply(out)) return reply.send({ code: CODE.ok, msg: out.msg, data: out.data ?? null });
    return reply.send({ code: CODE.ok, msg: '操作成功', data: out ?? null });
  } catch (err) {
    if (err instanceof AuthError) return reply.code(401).send({ code: 401, msg: err.message, data: null });
    if (err instanceof BizError) return reply.send({ code: err.code, msg: err.message, data: err.data });
    return replyFailure(req, reply, err);
  }
}

/** An unexpected failure: PostgreSQL out of reach answers that (code 1) and is a warning; anything else is a fault. */
function replyFailure(req: FastifyRequest, reply: FastifyReply, err: unknown) {
  if (isConnectionError(err)) {
    // The connection error itself: drizzle's wrapper would log the statement and its parameters (tokens, phones).
    req.log.warn({ err: (err as { cause?: unknown }).cause ?? err }, 'database unavailable');
    return reply.code(200).send({ code: CODE.biz, msg: DB_UNAVAILABLE_MSG, data: null });
  }
  req.log.error({ err }, 'request failed');
  return reply.code(200).send({ code: CODE.server, msg: '服务器开小差了，请稍后再试', data: null });
}
