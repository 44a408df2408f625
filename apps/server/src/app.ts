import { randomUUID } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { contract, JSON_BODY_LIMIT } from '@shop/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Services } from './core/context';
import { registerConsole } from './core/console-static';
import { logSerializers } from './core/log';
import { openApiDocument } from './core/openapi';
import { registerContract } from './core/register';
import { setDisplayZone } from './core/time';
import { installZodMessages } from './core/validation';
import type { Database } from './db/client';
import { createHub, type Hub, NullHub } from './hub/hub';
import { createPayments, registerPaymentRoutes } from './integrations/payment';
import { createSmsProvider } from './integrations/sms';
import { createFileStorage, registerFileRoutes } from './modules/files';
import { registerAccountRoutes } from './modules/account';
import { resolveSession } from './modules/team';
import { customerResolver } from './modules/members';
import { EventSubscribers } from './core/jobs';
import { JobQueue, type JobQueueOptions } from './core/jobs/queue';
import { devLogistics } from './integrations/logistics';
import { jobDefs } from './jobs';
import { contractHandlers } from './routes';
import { wire } from './wiring';

export interface AppOptions {
  config: Config;
  database: Database;
  /** false in tests that only inject requests. */
  realtime?: boolean;
  logger?: boolean | object;
  /** Queue settings of tests (polling, cron checks). */
  jobs?: Partial<Pick<JobQueueOptions, 'pollingIntervalSeconds' | 'cronMonitorIntervalSeconds'>>;
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
    // Errors are logged without the values of their queries (core/log.ts).
    logger:
      opts.logger === false
        ? false
        : { level: config.logLevel, ...(typeof opts.logger === 'object' ? opts.logger : {}), serializers: logSerializers },
    genReqId: (req) => String(req.headers['x-request-id'] ?? randomUUID()),
    requestIdHeader: 'x-request-id',
    // Contract calls set their own limit (core/register.ts); the other routes (notifies, pages) take small bodies.
    bodyLimit: JSON_BODY_LIMIT,
    // X-Forwarded-For is believed only from the configured proxies (TRUST_PROXY): it is the address limits count.
    // (Fastify takes a hop count too; its types leave the number out.)
    trustProxy: config.trustProxy as boolean | string[],
  });
  database.setLog(app.log);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  // 2. The real parts behind their interfaces.
  const hub: Hub =
    opts.realtime === false
      ? new NullHub()
      : await createHub(app.server, {
          authenticate: (token) => resolveSession(database.db, token),
          log: app.log,
          redisUrl: config.redisUrl,
        });
  const storage = createFileStorage(config);
  const services: Services = {
    config,
    hub,
    sms: createSmsProvider(config.smsProvider, app.log),
    storage,
    payment: createPayments(config, database.db),
    jobs: undefined as unknown as JobQueue,
    events: new EventSubscribers(),
    // The only tracker so far (integrations/logistics README); a real one is chosen here by configuration.
    logistics: devLogistics,
  };
  // The durable job queue: every process sends; workers start where main/worker says (JOBS_IN_PROCESS).
  services.jobs = new JobQueue({ database, log: app.log, services: () => services, defs: jobDefs(), ...opts.jobs });
  await services.jobs.prepare();
  app.addHook('onClose', async () => services.jobs.stop());
  app.addHook('onClose', async () => hub.close());
  // Who reacts to what: payments to the records they pay for, outbox events to their subscribers (src/wiring.ts).
  wire(services);

  // 2b. Multipart bodies, read only by endpoints the contract marks multipart (limits are set per call there).
  await app.register(fastifyMultipart);
  // Uploaded files at /file/ (local disk, or streamed from S3): names are new uuids, so they never change; nosniff
  // keeps the sniffed type authoritative.
  await registerFileRoutes(app, config, storage);

  // 3. OpenAPI at /docs and /docs/json, from the contract.
  await app.register(fastifySwagger, { mode: 'static', specification: { document: openApiDocument(contract) as never } });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });

  // 4. Every module's endpoints at the spec's paths.
  registerContract(app, contract, contractHandlers, { db: database.db, services, resolveSession, customers: customerResolver(config) });
  // 4b. Provider-facing payment routes (the notify, the sandbox payer page): not contract endpoints, see their README.
  await registerPaymentRoutes(app, { db: database.db, services });
  await registerAccountRoutes(app, { db: database.db, services });

  // 5. The built console and the customer's pages (/h5/) for every other GET (single-page fallbacks), compressed and
  // cached: core/console-static.ts.
  await registerConsole(app, { adminDist: config.adminDist, shopDist: config.shopDist });

  return { app, services };
}
