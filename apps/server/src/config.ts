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
    adminDist: path.resolve(root, 'apps/admin/dist'),
    seedDemo: env.SEED_DEMO !== '0',
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
