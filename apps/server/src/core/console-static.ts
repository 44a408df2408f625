import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { contract } from '@shop/contract';
import type { FastifyInstance } from 'fastify';

/** Hashed build output (`assets/<name>-<hash>.js|css`): its name changes with its content, so browsers keep it a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Every page and unhashed file (index.html, logo.svg): revalidated on each use (ETag / Last-Modified → 304). */
export const REVALIDATE = 'no-cache';
/** Where the customer's pages live: apps/shop is built with this base (apps/shop/vite.config.ts). */
export const SHOP_PREFIX = '/h5/';

export interface BuiltApps {
  /** apps/admin/dist: the console, at the root. */
  adminDist: string;
  /** apps/shop/dist: the customer's pages (fill page, member centre, the H5 shop), under /h5/. */
  shopDist: string;
}

/** The same delivery for both builds: .br/.gz written at build time, hashed assets immutable, the rest revalidated. */
function staticOptions(root: string, prefix: string) {
  const assets = path.join(root, 'assets') + path.sep;
  return {
    root,
    prefix,
    wildcard: true,
    index: false as const,
    preCompressed: true,
    // Cache-Control is ours (setHeaders); send's own would replace it.
    cacheControl: false,
    // The build's notes (.vite/chunks.json: which module is in which chunk) are for the bench and tests only.
    dotfiles: 'ignore' as const,
    setHeaders(res: { setHeader(name: string, value: string): void }, file: string) {
      res.setHeader('cache-control', file.startsWith(assets) ? IMMUTABLE : REVALIDATE);
      res.setHeader('vary', 'accept-encoding');
    },
  };
}

/**
 * The built console (apps/admin/dist) for every GET that is not the API: files as they are, console routes as
 * index.html; and the customer's pages (apps/shop/dist) under /h5/: its files, every other /h5/ page as its
 * index.html (/h5/form/<id>, /h5/shop/<shopId>/…: merchants have printed these addresses as QR codes). Each build
 * writes .br and .gz beside each file (tools/vite-plugins/delivery.ts), sent as they are when the browser accepts them:
 * nothing is compressed per request. API paths never fall back to a page and answer 404 in the envelope, whatever the
 * method.
 */
export async function registerConsole(app: FastifyInstance, dists: BuiltApps) {
  const index = path.join(dists.adminDist, 'index.html');
  const shopIndex = path.join(dists.shopDist, 'index.html');
  const withConsole = fs.existsSync(index);
  if (withConsole) {
    await app.register(fastifyStatic, staticOptions(dists.adminDist, '/'));
    // With index: false the static plugin answers the bare root with 403; / is a console route like any other.
    // Handlers call sendFile without returning the reply: a returned reply is awaited as a thenable, which only
    // stacks listeners on the response.
    app.get('/', (_req, reply) => {
      reply.sendFile('index.html');
    });
  }
  if (fs.existsSync(shopIndex)) {
    // A second static root: the reply decorators (sendFile) are the console's when it is there, given this root per call.
    await app.register(fastifyStatic, { ...staticOptions(dists.shopDist, SHOP_PREFIX), decorateReply: !withConsole });
  }
  const apiPaths = new Set(Object.values(contract).flatMap((m) => Object.values(m).map((e) => e.path.toLowerCase())));
  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0];
    const isFile = /\.[a-z0-9]+$/i.test(pathname);
    const isApi = apiPaths.has(pathname.toLowerCase());
    if (req.method === 'GET' && !isFile && !isApi && !req.url.startsWith('/file/')) {
      // The customer's pages are their own light app, never the console.
      if (/^\/h5(\/|$)/.test(pathname)) {
        if (fs.existsSync(shopIndex)) {
          reply.sendFile('index.html', dists.shopDist);
          return;
        }
      } else if (withConsole) {
        reply.sendFile('index.html');
        return;
      }
    }
    reply.code(404).send({ code: 404, msg: '接口不存在', data: null });
  });
}
