import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { REPO_ROOT } from './paths';

/** An S3-compatible bucket (AWS S3, MinIO, Aliyun OSS, Tencent COS, R2…), signed with AWS Signature V4. */
export interface S3Config {
  /** https://s3.<region>.amazonaws.com by default; no trailing slash. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where browsers load public files from (a CDN or the bucket's public address); '' streams them through /file/. */
  publicUrl: string;
  /** <endpoint>/<bucket>/<key> instead of <bucket>.<endpoint host>/<key> (MinIO and most self-hosted servers). */
  forcePathStyle: boolean;
  /** A bucket for private files (certificates); '' keeps them on local disk (DATA_DIR/private). */
  privateBucket: string;
}

/** Configuration from the environment; see README "Configuration". */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  /** The tables' owner, for migrations and the system's work across renters (DATABASE_OWNER_URL; '' = databaseUrl). */
  databaseOwnerUrl: string;
  /** How long a call waits for a PostgreSQL connection before it answers 数据库暂时不可用 (ms). */
  databaseConnectTimeoutMs: number;
  redisUrl: string;
  timeZone: string;
  /** Days a login token lives. */
  tokenDays: number;
  /** Days of the free trial of a new enterprise. */
  trialDays: number;
  smsProvider: 'dev';
  smsDailyCap: number;
  /** Codes one address may ask for (any phone) within smsIpMinutes. */
  smsIpMax: number;
  smsIpMinutes: number;
  /** Wrong passwords in a row from one address before the account locks for that address. */
  loginMaxFailures: number;
  /** Wrong passwords in a row from all addresses together before the account locks for everyone (SMS login still works). */
  loginAccountMaxFailures: number;
  loginLockMinutes: number;
  /** Failed login attempts (password or SMS, any phone) one address may make within loginIpMinutes. */
  loginIpMax: number;
  loginIpMinutes: number;
  /** Fastify's trustProxy: which peers' X-Forwarded-For is believed (false: none; see parseTrustProxy). */
  trustProxy: boolean | number | string[];
  /** Largest upload in MB. */
  uploadMaxMb: number;
  /** Largest MP4 video in MB (media library). */
  uploadVideoMaxMb: number;
  /** Lets 提取网络图片 fetch loopback and private addresses: only for tests against a local server; off by default. */
  fetchAllowPrivate: boolean;
  /** Time allowed for fetching one web image (提取网络图片, 批量图片转存), in ms. */
  fetchTimeoutMs: number;
  /** Where uploaded files are kept: 'local' (DATA_DIR/files) or 's3' (an S3-compatible bucket, see s3 below). */
  fileStorage: 'local' | 's3';
  /** The S3-compatible storage (FILE_STORAGE=s3); see the files README. */
  s3: S3Config;
  /** Where payers' phones reach this server (sandbox payment page, notify URLs); no trailing slash. */
  publicUrl: string;
  /** Where new payments are created: 'sandbox' (development) for now. */
  payProvider: string;
  /** Signs sandbox payment notifies and pay links; random per process unless set. */
  paySandboxSecret: string;
  /**
   * Signs visitor ids (the customer side's callers who have not logged in, members module); random per process unless
   * set, so set it in production and on every instance alike (a new secret makes every visitor a new one).
   */
  visitorSecret: string;
  /** Days a visitor id lives; the page renews it (same id) when it comes back. */
  visitorDays: number;
  /** Days a member's login token lives. */
  memberTokenDays: number;
  /** The sandbox provider may start: always outside production; with NODE_ENV=production only if PAY_SANDBOX_ENABLED=1. */
  paySandboxAllowed: boolean;
  adminDist: string;
  /** The customer's pages (apps/shop's build), served under /h5/. */
  shopDist: string;
  seedDemo: boolean;
  logLevel: string;
  /** The server process runs the job workers too (JOBS_IN_PROCESS, default on); off when `npm run worker` runs them. */
  jobsInProcess: boolean;
  /**
   * ROW_LEVEL_SECURITY=off: renter-bound work runs on the system handle, without the policies (bench/goods-list's
   * comparison only; the server warns at start). Default on.
   */
  rowLevelSecurity: boolean;
}

/**
 * TRUST_PROXY as Fastify's trustProxy: unset, '' or 'false' trusts no proxy (the peer's address is the client's);
 * 'true' trusts every hop (only behind a proxy that overwrites X-Forwarded-For); a number trusts that many hops; else a
 * comma list of proxy addresses or CIDR ranges ('10.0.0.1, 172.16.0.0/12', 'loopback').
 */
export function parseTrustProxy(raw: string | undefined): boolean | number | string[] {
  const v = (raw ?? '').trim();
  if (v === '' || v.toLowerCase() === 'false') return false;
  if (v.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = REPO_ROOT;
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(root, env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL ?? '',
    databaseOwnerUrl: env.DATABASE_OWNER_URL ?? '',
    databaseConnectTimeoutMs: Number(env.DATABASE_CONNECT_TIMEOUT_MS ?? 5000),
    redisUrl: env.REDIS_URL ?? '',
    timeZone: env.TZ_DISPLAY ?? 'Asia/Shanghai',
    tokenDays: Number(env.TOKEN_DAYS ?? 7),
    trialDays: 15,
    smsProvider: 'dev',
    smsDailyCap: Number(env.SMS_DAILY_CAP ?? 10),
    smsIpMax: Number(env.SMS_IP_MAX ?? 10),
    smsIpMinutes: Number(env.SMS_IP_MINUTES ?? 60),
    loginMaxFailures: Number(env.LOGIN_MAX_FAILURES ?? 5),
    loginAccountMaxFailures: Number(env.LOGIN_ACCOUNT_MAX_FAILURES ?? 50),
    loginLockMinutes: Number(env.LOGIN_LOCK_MINUTES ?? 15),
    loginIpMax: Number(env.LOGIN_IP_MAX ?? 30),
    loginIpMinutes: Number(env.LOGIN_IP_MINUTES ?? 15),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    uploadMaxMb: Number(env.UPLOAD_MAX_MB ?? 5),
    uploadVideoMaxMb: Number(env.UPLOAD_VIDEO_MAX_MB ?? 50),
    fetchAllowPrivate: env.FETCH_ALLOW_PRIVATE === '1',
    fetchTimeoutMs: Number(env.FETCH_TIMEOUT_MS ?? 10_000),
    fileStorage: env.FILE_STORAGE === 's3' ? 's3' : 'local',
    s3: {
      endpoint: (env.S3_ENDPOINT || `https://s3.${env.S3_REGION || 'us-east-1'}.amazonaws.com`).replace(/\/+$/, ''),
      bucket: env.S3_BUCKET ?? '',
      region: env.S3_REGION || 'us-east-1',
      accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
      publicUrl: (env.S3_PUBLIC_URL ?? '').replace(/\/+$/, ''),
      forcePathStyle: env.S3_FORCE_PATH_STYLE === '1' || env.S3_FORCE_PATH_STYLE === 'true',
      privateBucket: env.S3_PRIVATE_BUCKET ?? '',
    },
    publicUrl: (env.PUBLIC_URL || `http://localhost:${env.PORT ?? 3000}`).replace(/\/+$/, ''),
    payProvider: env.PAY_PROVIDER || 'sandbox',
    paySandboxSecret: env.PAY_SANDBOX_SECRET || randomBytes(32).toString('hex'),
    visitorSecret: env.VISITOR_SECRET || randomBytes(32).toString('hex'),
    visitorDays: Number(env.VISITOR_DAYS ?? 365),
    memberTokenDays: Number(env.MEMBER_TOKEN_DAYS ?? 30),
    paySandboxAllowed: env.NODE_ENV !== 'production' || env.PAY_SANDBOX_ENABLED === '1',
    adminDist: path.resolve(root, 'apps/admin/dist'),
    shopDist: path.resolve(root, 'apps/shop/dist'),
    seedDemo: env.SEED_DEMO !== '0',
    logLevel: env.LOG_LEVEL ?? 'info',
    jobsInProcess: env.JOBS_IN_PROCESS !== 'false' && env.JOBS_IN_PROCESS !== '0',
    rowLevelSecurity: env.ROW_LEVEL_SECURITY !== 'off',
  };
}

/** The database of this configuration, as the server, the worker and the jobs command open it. */
export function databaseOptions(config: Config) {
  return {
    url: config.databaseUrl,
    ownerUrl: config.databaseOwnerUrl,
    rowLevelSecurity: config.rowLevelSecurity,
    dataDir: config.dataDir,
    connectTimeoutMs: config.databaseConnectTimeoutMs,
  };
}
