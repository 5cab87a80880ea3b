import { availableParallelism } from 'node:os';
import express from 'express';
import type { LogLevel } from './lib/logger';
import { subjectProblem } from './modules/push/vapid';
import { loadOpsConfig, OPS_DEFAULTS, type OpsConfig } from './modules/ops/settings';

/** Everything the server reads from its environment (PORT, HOST, DATA_DIR, SUPER_ADMIN_*, LOG_LEVEL and the settings below). */
export interface Config extends OpsConfig {
  /** Web Push keys (URL-safe base64); when unset, a pair is generated once and kept in DATA_DIR. */
  vapidPublicKey?: string;
  vapidPrivateKey?: string;
  /** Who push services may contact: a mailto: address or an https: URL, never on localhost. */
  vapidSubject?: string;
  /** Accepts http: push endpoints; only tests with a local push service need it. */
  pushAllowHttpEndpoints: boolean;
  /** The first retry of a push message a push service answered 429/5xx (or did not answer); doubles per try. */
  pushRetryBaseMs: number;
  port: number;
  host: string;
  /** Database file and stored photos (SQLite); the VAPID key pair when none is configured. */
  dataDir: string;
  /** A postgres:// URL: the server keeps everything in that PostgreSQL database instead of DATA_DIR. */
  databaseUrl?: string;
  /** Connections each process keeps to PostgreSQL at most. */
  databasePoolSize: number;
  /** The fixed super admin's name. */
  superAdminUsername: string;
  /** Sets the super admin's password at start when it has none. */
  superAdminPassword?: string;
  logLevel: LogLevel;
  /** The built client to serve, or null to serve the API only. */
  staticDir: string | null;
  /** Rate limits on login and signup; tests turn them off. */
  rateLimit: boolean;
  /** The address users reach the app at (e.g. https://market.example); used for the setup link and the same-origin check. */
  publicOrigin?: string;
  /**
   * Which proxies' `X-Forwarded-For` names the player's address (Express's `trust proxy`): the rate limits and the logs
   * count players by it. `loopback` by default (a proxy on the same host); behind a load balancer, its addresses or
   * subnets (`10.0.0.0/8`), a hop count (`1`), or `false` to use the connecting address only.
   */
  trustProxy: boolean | number | string;
  /** Photo uploads processed at once; more answer 503 with Retry-After (each holds up to ~30 MB while it runs). */
  photoConcurrency: number;
  /** Password hashes computed at once (HASH_CONCURRENCY, cores − 1); more wait up to hashWaitMs, then answer 503. */
  hashConcurrency: number;
  hashWaitMs: number;
  /** A photo call's whole body must arrive within this long of its start (PHOTO_BODY_TIMEOUT_SECONDS, 60), else 408. */
  photoBodyTimeoutMs: number;
  /** A stored photo no record names is deleted once it is this old (an upload cut off by a crash). */
  orphanImageMinAgeMs: number;
  /** How often stored photos no record names are looked for (also once at start). */
  orphanSweepIntervalMs: number;
  /** Live sockets one session may hold; opening one more closes the oldest. */
  maxSocketsPerSession: number;
  /** How often open sockets are checked for a session that expired by time. */
  socketSessionCheckMs: number;
  /** The IANA time zone the admins' dates and times are read in (the drop at '4:30 PM' is 4:30 PM there). */
  storeTimeZone: string;
  /** 'Immediately' promises within this long of scheduling. */
  immediateWindowMs: number;
  /** A promise is met when the drop is completed or the pickup collected before its time plus this. */
  promiseGraceMs: number;
  /** How often missed promises are looked for and credited (also once at start). */
  promiseCheckIntervalMs: number;
  /** 'required': an admin's session must pass a passkey or a TOTP code before any admin call; 'optional' turns that off. */
  adminSecondFactor: 'required' | 'optional';
  /** Where mail goes (smtp:// or smtps://, with credentials): verification and password reset links. Unset, no mail is sent. */
  smtpUrl?: string;
  /** The From of that mail. */
  mailFrom: string;
  /** Where the server writes its own backups (keep it on another disk than DATA_DIR). */
  backupDir: string;
  /** How often the server writes a backup; 0 turns the server's own backups off. */
  backupIntervalMs: number;
  /** How many backups are kept in backupDir. */
  backupKeep: number;
  /** Tests only (`TEST_CLOCK=true`): mounts `POST /api/test/clock`, which moves the server's clock (server/lib/time.ts). */
  testClock?: boolean;
}

const LOG_LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export const DEFAULT_CONFIG: Config = {
  ...OPS_DEFAULTS,
  port: 3000,
  host: '0.0.0.0',
  dataDir: './data',
  superAdminUsername: 'admin',
  logLevel: 'info',
  staticDir: 'dist',
  rateLimit: true,
  trustProxy: 'loopback',
  // Decoding and re-encoding a photo keeps a core busy: one core is left for the requests that carry none, but never
  // fewer than two slots, so one photo being processed does not turn every other sell away (issue 45.6).
  photoConcurrency: Math.max(2, availableParallelism() - 1),
  hashConcurrency: Math.max(1, availableParallelism() - 1),
  hashWaitMs: 2_000,
  photoBodyTimeoutMs: 60_000,
  orphanImageMinAgeMs: 10 * 60 * 1000,
  orphanSweepIntervalMs: 10 * 60 * 1000,
  maxSocketsPerSession: 8,
  socketSessionCheckMs: 30_000,
  storeTimeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  immediateWindowMs: 60 * 60_000,
  promiseGraceMs: 15 * 60_000,
  promiseCheckIntervalMs: 15_000,
  pushAllowHttpEndpoints: false,
  pushRetryBaseMs: 30_000,
  databasePoolSize: 10,
  adminSecondFactor: 'required',
  mailFrom: 'Blockspin Market <no-reply@blockspin.market>',
  backupDir: './backups',
  backupIntervalMs: 24 * 3600_000,
  backupKeep: 7,
};

function timeZone(env: Record<string, string | undefined>): string {
  const zone = env.STORE_TIMEZONE;
  if (!zone) return DEFAULT_CONFIG.storeTimeZone;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    throw new Error(`STORE_TIMEZONE must be an IANA time zone such as America/New_York, got '${zone}'`);
  }
}

function positiveNumber(env: Record<string, string | undefined>, name: string, fallback: number, scale = 1): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got '${raw}'`);
  return value * scale;
}

function nonNegativeNumber(env: Record<string, string | undefined>, name: string, fallback: number, scale = 1): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be zero or a positive number, got '${raw}'`);
  return value * scale;
}

/** VAPID_SUBJECT, refused at start when push services would refuse it (localhost, or neither mailto: nor https:). */
function vapidSubject(env: Record<string, string | undefined>): string | undefined {
  const subject = env.VAPID_SUBJECT || undefined;
  const problem = subject ? subjectProblem(subject) : null;
  if (problem) throw new Error(problem);
  return subject;
}

/** TRUST_PROXY as Express takes it: true/false, a hop count, or a comma-separated list of addresses, subnets and names. */
function trustProxy(value: string | undefined): boolean | number | string {
  const text = value?.trim();
  if (!text) return DEFAULT_CONFIG.trustProxy;
  const setting = /^(true|false)$/i.test(text) ? text.toLowerCase() === 'true' : /^\d+$/.test(text) ? Number(text) : text;
  try {
    // Express compiles the setting at once and refuses an address it cannot read.
    express().set('trust proxy', setting);
  } catch {
    throw new Error(`TRUST_PROXY must be true, false, a hop count or addresses/subnets such as 10.0.0.0/8, got '${value}'`);
  }
  return setting;
}

function databaseUrl(env: Record<string, string | undefined>): string | undefined {
  const url = env.DATABASE_URL || undefined;
  if (url && !/^postgres(ql)?:\/\//i.test(url)) throw new Error(`DATABASE_URL must be a postgres:// URL, got '${url.split('@').pop()}'`);
  return url;
}

function adminSecondFactor(value: string | undefined): Config['adminSecondFactor'] {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '') return DEFAULT_CONFIG.adminSecondFactor;
  if (text !== 'required' && text !== 'optional') throw new Error(`ADMIN_SECOND_FACTOR must be required or optional, got '${value}'`);
  return text;
}

function smtpUrl(env: Record<string, string | undefined>): string | undefined {
  const url = env.SMTP_URL || undefined;
  if (url && !/^smtps?:\/\//i.test(url)) throw new Error(`SMTP_URL must be an smtp:// or smtps:// URL, got '${url.split('@').pop()}'`);
  return url;
}

/** Reads the configuration from environment variables, falling back to the defaults. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const port = env.PORT === undefined || env.PORT === '' ? DEFAULT_CONFIG.port : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got '${env.PORT}'`);
  const logLevel = (env.LOG_LEVEL ?? DEFAULT_CONFIG.logLevel) as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const serveStatic = !['false', '0', 'no'].includes((env.SERVE_STATIC ?? 'true').toLowerCase());
  return {
    port,
    host: env.HOST || DEFAULT_CONFIG.host,
    dataDir: env.DATA_DIR || DEFAULT_CONFIG.dataDir,
    databaseUrl: databaseUrl(env),
    databasePoolSize: Math.max(1, Math.floor(positiveNumber(env, 'DATABASE_POOL_SIZE', DEFAULT_CONFIG.databasePoolSize))),
    superAdminUsername: env.SUPER_ADMIN_USERNAME || DEFAULT_CONFIG.superAdminUsername,
    superAdminPassword: env.SUPER_ADMIN_PASSWORD || undefined,
    logLevel,
    staticDir: serveStatic ? env.STATIC_DIR || 'dist' : null,
    rateLimit: !['false', '0', 'no'].includes((env.RATE_LIMIT ?? 'true').toLowerCase()),
    publicOrigin: env.PUBLIC_ORIGIN || undefined,
    trustProxy: trustProxy(env.TRUST_PROXY),
    photoConcurrency: Math.max(1, Math.floor(positiveNumber(env, 'PHOTO_CONCURRENCY', DEFAULT_CONFIG.photoConcurrency))),
    hashConcurrency: Math.max(1, Math.floor(positiveNumber(env, 'HASH_CONCURRENCY', DEFAULT_CONFIG.hashConcurrency))),
    hashWaitMs: DEFAULT_CONFIG.hashWaitMs,
    photoBodyTimeoutMs: positiveNumber(env, 'PHOTO_BODY_TIMEOUT_SECONDS', DEFAULT_CONFIG.photoBodyTimeoutMs, 1_000),
    orphanImageMinAgeMs: positiveNumber(env, 'ORPHAN_IMAGE_MIN_AGE_MINUTES', DEFAULT_CONFIG.orphanImageMinAgeMs, 60_000),
    orphanSweepIntervalMs: DEFAULT_CONFIG.orphanSweepIntervalMs,
    maxSocketsPerSession: DEFAULT_CONFIG.maxSocketsPerSession,
    socketSessionCheckMs: positiveNumber(env, 'SOCKET_SESSION_CHECK_SECONDS', DEFAULT_CONFIG.socketSessionCheckMs, 1_000),
    storeTimeZone: timeZone(env),
    vapidPublicKey: env.VAPID_PUBLIC_KEY || undefined,
    vapidPrivateKey: env.VAPID_PRIVATE_KEY || undefined,
    vapidSubject: vapidSubject(env),
    pushAllowHttpEndpoints: DEFAULT_CONFIG.pushAllowHttpEndpoints,
    pushRetryBaseMs: DEFAULT_CONFIG.pushRetryBaseMs,
    immediateWindowMs: positiveNumber(env, 'IMMEDIATE_WINDOW_MINUTES', DEFAULT_CONFIG.immediateWindowMs, 60_000),
    promiseGraceMs: nonNegativeNumber(env, 'PROMISE_GRACE_MINUTES', DEFAULT_CONFIG.promiseGraceMs, 60_000),
    // At most every 30 seconds: a missed promise is credited within half a minute of its deadline.
    promiseCheckIntervalMs: Math.min(30_000, positiveNumber(env, 'PROMISE_CHECK_INTERVAL_MS', DEFAULT_CONFIG.promiseCheckIntervalMs)),
    adminSecondFactor: adminSecondFactor(env.ADMIN_SECOND_FACTOR),
    smtpUrl: smtpUrl(env),
    mailFrom: env.MAIL_FROM || DEFAULT_CONFIG.mailFrom,
    backupDir: env.BACKUP_DIR || DEFAULT_CONFIG.backupDir,
    backupIntervalMs: nonNegativeNumber(env, 'BACKUP_INTERVAL_HOURS', DEFAULT_CONFIG.backupIntervalMs, 3600_000),
    backupKeep: Math.max(1, Math.floor(positiveNumber(env, 'BACKUP_KEEP', DEFAULT_CONFIG.backupKeep))),
    testClock: env.TEST_CLOCK === 'true',
    ...loadOpsConfig(env),
  };
}
