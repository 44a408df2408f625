import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import {
  type BodyOf,
  type Contract,
  type DataOf,
  EXPIRED_MSG,
  type Endpoint,
  type EndpointMap,
  fileTooLargeMsg,
  FORBIDDEN_MSG,
  grantKey,
  OWNER_ONLY_MSG,
  SERVICE_EXPIRED_MSG,
  NO_FILE_MSG,
} from '@shop/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { resolveSession } from './auth';
import type { Ctx, Services, SessionInfo, UploadedFile } from './context';
import { AuthError, BizError, CODE } from './errors';
import { fieldErrors } from './validation';

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

function checkPermission(e: Endpoint, session: SessionInfo | null): void {
  if (e.permission === 'public') return;
  if (!session) throw new AuthError();
  if (e.permission === 'session') return;
  if (!session.renterId) throw new BizError('请先选择企业', CODE.forbidden);
  if (e.permission === 'renter') return;
  if (e.permission === 'owner') {
    if (!session.isOwner) throw new BizError(OWNER_ONLY_MSG, CODE.forbidden);
    return;
  }
  if (!session.isOwner && !session.grants.has(grantKey(e.permission))) throw new BizError(FORBIDDEN_MSG, CODE.forbidden);
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
  try {
    const parts = req.parts({ limits: { fileSize: Math.floor(maxMb * 1024 * 1024), files: 1, fields: 20, parts: 21 } });
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

/** Registers every endpoint of the contract at its spec path (DESIGN §3). */
export function registerContract(
  app: FastifyInstance,
  contract: Contract,
  handlers: ContractHandlers,
  deps: { db: Db; services: Services },
): void {
  for (const moduleName of Object.keys(contract) as (keyof Contract)[]) {
    const endpoints = contract[moduleName] as EndpointMap;
    const moduleHandlers = handlers[moduleName] as unknown as Record<string, Handler<Endpoint>>;
    for (const [name, e] of Object.entries(endpoints)) {
      const handler = moduleHandlers[name];
      if (!handler) throw new Error(`no handler for ${moduleName}.${name}`);
      app.route({
        method: e.method,
        url: e.path,
        handler: (req, reply) => handle(req, reply, e, handler, deps),
        // A body Fastify cannot read (not JSON, empty JSON, other media type, too large) still answers the envelope.
        errorHandler: (err, req, reply) => {
          if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
            return reply.code(200).send({ code: CODE.validation, msg: BAD_BODY_MSG, data: null });
          }
          req.log.error({ err }, 'request failed');
          return reply.code(200).send({ code: CODE.server, msg: '服务器开小差了，请稍后再试', data: null });
        },
      });
    }
  }
}

async function handle(
  req: FastifyRequest,
  reply: FastifyReply,
  e: Endpoint,
  handler: Handler<Endpoint>,
  deps: { db: Db; services: Services },
) {
  try {
    // Only endpoints marked multipart read multipart bodies; elsewhere it is a body of the wrong type.
    if (!e.multipart && isMultipart(req)) return reply.send({ code: CODE.validation, msg: BAD_BODY_MSG, data: null });
    const token = req.headers.token;
    const session = typeof token === 'string' && token && e.permission !== 'public' ? await resolveSession(deps.db, token) : null;
    checkPermission(e, session);
    let raw: unknown = e.method === 'GET' ? (req.query ?? {}) : (req.body ?? {});
    let upload: UploadedFile | undefined;
    if (e.multipart && isMultipart(req)) {
      const { config } = deps.services;
      // A call that takes videos reads within the larger limit; the module then holds each kind to its own.
      const maxMb = e.uploadMax === 'video' ? Math.max(config.uploadMaxMb, config.uploadVideoMaxMb) : config.uploadMaxMb;
      ({ fields: raw, upload } = await readMultipart(req, maxMb));
    }
    const parsed = e.body.safeParse(raw);
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      return reply.send({ code: CODE.validation, msg: errors[0]?.msg ?? '参数错误', data: { errors } });
    }
    if (e.multipart && !upload) throw new BizError(NO_FILE_MSG, CODE.validation);
    const ctx: Ctx = {
      db: deps.db,
      reqId: String(req.id ?? randomUUID()),
      ip: req.ip,
      userAgent: String(req.headers['user-agent'] ?? '').slice(0, 300),
      log: req.log,
      services: deps.services,
      session,
      upload,
    };
    const out = await handler(ctx, parsed.data);
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
    if (err instanceof AuthError) return reply.code(401).send({ code: 401, msg: EXPIRED_MSG, data: null });
    if (err instanceof BizError) return reply.send({ code: err.code, msg: err.message, data: err.data });
    req.log.error({ err }, 'request failed');
    return reply.send({ code: CODE.server, msg: '服务器开小差了，请稍后再试', data: null });
  }
}
