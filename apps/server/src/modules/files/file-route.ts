import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '@/config';
import { FILE_URL_PREFIX, type FileStorage, localFilesRoot } from './file-storage';
import { S3FileStorage } from './s3-storage';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A stored path (<renter>/<yyyy>/<mm>/<uuid>.<ext>): plain segments, none starting with a dot. */
const isFilePath = (p: string) => p.length <= 300 && p.split('/').every((seg) => /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(seg));

/**
 * GET /file/<path>: from DATA_DIR/files with local storage; with S3, streamed from the bucket (a Range passed on,
 * for video players), or a 302 to S3_PUBLIC_URL when it is set. Same headers either way: immutable, nosniff.
 */
export async function registerFileRoutes(app: FastifyInstance, config: Config, storage: FileStorage): Promise<void> {
  if (!(storage instanceof S3FileStorage)) {
    const filesRoot = localFilesRoot(config);
    fs.mkdirSync(filesRoot, { recursive: true });
    await app.register(fastifyStatic, {
      root: filesRoot,
      prefix: FILE_URL_PREFIX,
      decorateReply: false,
      index: false,
      dotfiles: 'deny',
      maxAge: '365d',
      immutable: true,
      setHeaders: (res) => res.setHeader('x-content-type-options', 'nosniff'),
    });
    return;
  }
  app.get(`${FILE_URL_PREFIX}*`, async (req, reply) => {
    const filePath = (req.params as { '*': string })['*'];
    reply.header('x-content-type-options', 'nosniff');
    if (!isFilePath(filePath)) return reply.code(404).send({ code: 404, msg: '文件不存在', data: null });
    const direct = storage.publicUrl(filePath);
    if (direct) return reply.header('cache-control', 'public, max-age=86400').redirect(direct, 302);
    const range = typeof req.headers.range === 'string' ? req.headers.range : undefined;
    let res: Response;
    try {
      res = await storage.get(filePath, range);
    } catch (err) {
      req.log.error({ err, filePath }, 'reading a file from S3 failed');
      return reply.code(502).send({ code: 502, msg: '文件存储暂时无法访问', data: null });
    }
    if (res.status === 404 || res.status === 403) {
      await res.body?.cancel();
      return reply.code(404).send({ code: 404, msg: '文件不存在', data: null });
    }
    if (!res.ok || !res.body) {
      await res.body?.cancel();
      req.log.error({ status: res.status, filePath }, 'S3 answered an error for a file');
      return reply.code(502).send({ code: 502, msg: '文件存储暂时无法访问', data: null });
    }
    reply.code(res.status).header('cache-control', IMMUTABLE).header('accept-ranges', 'bytes');
    for (const h of ['content-type', 'content-length', 'content-range', 'etag', 'last-modified']) {
      const v = res.headers.get(h);
      if (v) reply.header(h, v);
    }
    return reply.send(Readable.fromWeb(res.body as unknown as WebReadableStream));
  });
}
