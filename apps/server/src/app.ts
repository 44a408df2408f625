import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { contract } from '@shop/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Services } from './core/context';
import { openApiDocument } from './core/openapi';
import { type ContractHandlers, registerContract } from './core/register';
import { setDisplayZone } from './core/time';
import { installZodMessages } from './core/validation';
import type { Database } from './db/client';
import { createHub, type Hub, NullHub } from './hub/hub';
import { createPayments, registerPaymentRoutes } from './integrations/payment';
import { createSmsProvider } from './integrations/sms';
import { createFileStorage, filesHandlers, registerFileRoutes } from './modules/files';
import { formsHandlers, fromOrderHandlers } from './modules/forms';
import {
  goodsActivityHandlers,
  goodsHandlers,
  goodsSpecHandlers,
  goodsTransferHandlers,
  goodsTypeHandlers,
  goodsViewsHandlers,
  goodUnitHandlers,
  pointsGoodsHandlers,
} from './modules/goods';
import { formOrderHandlers } from './modules/orders';
import { homeHandlers } from './modules/home';
import { loginHandlers } from './modules/login';
import { staffHandlers } from './modules/staff';
import { teamHandlers } from './modules/team';
import { accountHandlers, registerAccountRoutes } from './modules/account';
import { shopHandlers } from './modules/shop';
import { billingHandlers, registerBilling } from './modules/billing';
import { wireWorkflows } from './workflows';

/** One handler per contract endpoint; a missing one fails the type check. */
const handlers: ContractHandlers = {
  login: loginHandlers,
  home: homeHandlers,
  staff: staffHandlers,
  files: filesHandlers,
  forms: formsHandlers,
  formOrder: formOrderHandlers,
  fromOrder: fromOrderHandlers,
  goodsType: goodsTypeHandlers,
  goodUnit: goodUnitHandlers,
  goods: goodsHandlers,
  goodsTransfer: goodsTransferHandlers,
  pointsGoods: pointsGoodsHandlers,
  goodsActivity: goodsActivityHandlers,
  goodsViews: goodsViewsHandlers,
  goodsSpec: goodsSpecHandlers,
  team: teamHandlers,
  account: accountHandlers,
  shop: shopHandlers,
  billing: billingHandlers,
};

export interface AppOptions {
  config: Config;
  database: Database;
  /** false in tests that only inject requests. */
  realtime?: boolean;
  logger?: boolean | object;
}

export interface BuiltApp {
  app: FastifyInstance;
  services: Services;
}

/** Builds the server: infrastructure first, then the modules, then the console. */
export async function buildApp(opts: AppOptions): Promise<BuiltApp> {
  const { config, database } = opts;
  installZodMessages();
  setDisplayZone(config.timeZone);

  // 1. Fastify with structured logs and a request id per call.
  const app = Fastify({
    logger: opts.logger ?? { level: config.logLevel },
    genReqId: (req) => String(req.headers['x-request-id'] ?? randomUUID()),
    requestIdHeader: 'x-request-id',
    bodyLimit: 10 * 1024 * 1024,
    trustProxy: true,
  });
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  // 2. The real parts behind their interfaces.
  const hub: Hub =
    opts.realtime === false ? new NullHub() : await createHub(app.server, { db: database.db, log: app.log, redisUrl: config.redisUrl });
  const storage = createFileStorage(config);
  const services: Services = {
    config,
    hub,
    sms: createSmsProvider(config.smsProvider, app.log),
    storage,
    payment: createPayments(config),
  };
  app.addHook('onClose', async () => hub.close());
  wireWorkflows(services);
  registerBilling(services);

  // 2b. Multipart bodies, read only by endpoints the contract marks multipart (limits are set per call there).
  await app.register(fastifyMultipart);
  // Uploaded files at /file/ (local disk, or streamed from S3): names are new uuids, so they never change; nosniff
  // keeps the sniffed type authoritative.
  await registerFileRoutes(app, config, storage);

  // 3. OpenAPI at /docs and /docs/json, from the contract.
  await app.register(fastifySwagger, { mode: 'static', specification: { document: openApiDocument(contract) as never } });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });

  // 4. Every module's endpoints at the spec's paths.
  registerContract(app, contract, handlers, { db: database.db, services });
  // 4b. Provider-facing payment routes (the notify, the sandbox payer page): not contract endpoints, see their README.
  await registerPaymentRoutes(app, { db: database.db, services });
  await registerAccountRoutes(app, { db: database.db, services });

  // 5. The built console for every other GET (single-page fallback).
  const index = path.join(config.adminDist, 'index.html');
  const h5Index = path.join(config.adminDist, 'h5.html');
  if (fs.existsSync(index)) {
    await app.register(fastifyStatic, { root: config.adminDist, prefix: '/', wildcard: true, index: false });
    // With index: false the static plugin answers the bare root with 403; / is a console route like any other.
    app.get('/', (_req, reply) => reply.type('text/html').header('cache-control', 'no-cache').send(fs.createReadStream(index)));
  }
  // API paths never fall back to the console, even with the wrong method.
  const apiPaths = new Set(Object.values(contract).flatMap((m) => Object.values(m).map((e) => e.path.toLowerCase())));
  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0];
    const isFile = /\.[a-z0-9]+$/i.test(pathname);
    const isApi = apiPaths.has(pathname.toLowerCase());
    if (req.method === 'GET' && !isFile && !isApi && fs.existsSync(index) && !req.url.startsWith('/file/')) {
      // The customer's fill page (/h5/...) is its own light page, not the console.
      const page = /^\/h5(\/|$)/.test(pathname) && fs.existsSync(h5Index) ? h5Index : index;
      return reply.type('text/html').header('cache-control', 'no-cache').send(fs.createReadStream(page));
    }
    return reply.code(404).send({ code: 404, msg: '接口不存在', data: null });
  });

  return { app, services };
}
