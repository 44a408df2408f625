import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { contract } from '@shop/contract';
import type { FastifyInstance } from 'fastify';

/** Hashed build output (`assets/<name>-<hash>.js|css`): its name changes with its content, so browsers keep it a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Every page and unhashed file (index.html, h5.html, logo.svg): revalidated on each use (ETag / Last-Modified → 304). */
export const REVALIDATE = 'no-cache';

/**
 * The built console (apps/admin/dist) for every GET that is not the API: files as they are, console routes as
 * index.html (the customer's fill page /h5/... as h5.html). The build writes .br and .gz beside each file
 * (apps/admin/vite-plugins/delivery.ts), sent as they are when the browser accepts them: nothing is compressed
 * per request. API paths never fall back to the console and answer 404 in the envelope, whatever the method.
 */
export async function registerConsole(app: FastifyInstance, adminDist: string) {
  const index = path.join(adminDist, 'index.html');
  const h5Index = path.join(adminDist, 'h5.html');
  const assets = path.join(adminDist, 'assets') + path.sep;
  if (fs.existsSync(index)) {
    await app.register(fastifyStatic, {
      root: adminDist,
      prefix: '/',
      wildcard: true,
      index: false,
      preCompressed: true,
      // Cache-Control is ours (setHeaders); send's own would replace it.
      cacheControl: false,
      // The build's notes (.vite/chunks.json: which module is in which chunk) are for the bench and tests only.
      dotfiles: 'ignore',
      setHeaders(res, file) {
        res.setHeader('cache-control', file.startsWith(assets) ? IMMUTABLE : REVALIDATE);
        res.setHeader('vary', 'accept-encoding');
      },
    });
    // With index: false the static plugin answers the bare root with 403; / is a console route like any other.
    // Handlers call sendFile without returning the reply: a returned reply is awaited as a thenable, which only
    // stacks listeners on the response.
    app.get('/', (_req, reply) => {
      reply.sendFile('index.html');
    });
  }
  const apiPaths = new Set(Object.values(contract).flatMap((m) => Object.values(m).map((e) => e.path.toLowerCase())));
  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0];
    const isFile = /\.[a-z0-9]+$/i.test(pathname);
    const isApi = apiPaths.has(pathname.toLowerCase());
    if (req.method === 'GET' && !isFile && !isApi && fs.existsSync(index) && !req.url.startsWith('/file/')) {
      // The customer's fill page (/h5/...) is its own light page, not the console.
      const page = /^\/h5(\/|$)/.test(pathname) && fs.existsSync(h5Index) ? 'h5.html' : 'index.html';
      reply.sendFile(page);
      return;
    }
    reply.code(404).send({ code: 404, msg: '接口不存在', data: null });
  });
}
