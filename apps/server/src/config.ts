import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { REPO_ROOT } from './paths';

/** Configuration from the environment; see README "Configuration". */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  redisUrl: string;
  timeZone: string;
  /** Days a login token lives. */
  tokenDays: number;
  /** Days of the free trial of a new enterprise. */
  trialDays: number;
  smsProvider: 'dev';
  smsDailyCap: number;
  /** Wrong passwords in a row before the account locks. */
  loginMaxFailures: number;
  loginLockMinutes: number;
  /** Largest upload in MB. */
  uploadMaxMb: number;
  /** Largest MP4 video in MB (media library). */
  uploadVideoMaxMb: number;
  /** Lets 提取网络图片 fetch loopback and private addresses: only for tests against a local server; off by default. */
  fetchAllowPrivate: boolean;
  /** Where payers' phones reach this server (sandbox payment page, notify URLs); no trailing slash. */
  publicUrl: string;
  /** Where new payments are created: 'sandbox' (development) for now. */
  payProvider: string;
  /** Signs sandbox payment notifies; random per process unless set. */
  paySandboxSecret: string;
  adminDist: string;
  seedDemo: boolean;
  logLevel: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = REPO_ROOT;
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(root, env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL ?? '',
    redisUrl: env.REDIS_URL ?? '',
    timeZone: env.TZ_DISPLAY ?? 'Asia/Shanghai',
    tokenDays: Number(env.TOKEN_DAYS ?? 7),
    trialDays: 15,
    smsProvider: 'dev',
    smsDailyCap: Number(env.SMS_DAILY_CAP ?? 10),
    loginMaxFailures: Number(env.LOGIN_MAX_FAILURES ?? 5),
    loginLockMinutes: Number(env.LOGIN_LOCK_MINUTES ?? 15),
    uploadMaxMb: Number(env.UPLOAD_MAX_MB ?? 5),
    uploadVideoMaxMb: Number(env.UPLOAD_VIDEO_MAX_MB ?? 50),
    fetchAllowPrivate: env.FETCH_ALLOW_PRIVATE === '1',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${env.PORT ?? 3000}`).replace(/\/+$/, ''),
    payProvider: env.PAY_PROVIDER || 'sandbox',
    paySandboxSecret: env.PAY_SANDBOX_SECRET || randomBytes(32).toString('hex'),
    adminDist: path.resolve(root, 'apps/admin/dist'),
    seedDemo: env.SEED_DEMO !== '0',
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
