import { availableParallelism } from 'node:os';
import express from 'express';
import * as z from 'zod';
import { checked, count, type Env, given, nonNegative, number, oneOf, positive, readEnv, switchedOn } from './lib/env';
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

/** STORE_TIMEZONE as the IANA name Intl resolves it to. */
function timeZone(zone: string): string | { problem: string } {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return { problem: `must be an IANA time zone such as America/New_York, got '${zone}'` };
  }
}

/** TRUST_PROXY as Express takes it: true/false, a hop count, or a comma-separated list of addresses, subnets and names. */
function trustProxy(value: string): boolean | number | string | { problem: string } {
  const text = value.trim();
  const setting = /^(true|false)$/i.test(text) ? text.toLowerCase() === 'true' : /^\d+$/.test(text) ? Number(text) : text;
  try {
    // Express compiles the setting at once and refuses an address it cannot read.
    express().set('trust proxy', setting);
  } catch {
    return { problem: `must be true, false, a hop count or addresses/subnets such as 10.0.0.0/8, got '${value}'` };
  }
  return setting;
}

/** A URL of one of `schemes`; the message shows only what follows its credentials. */
const urlOf = (pattern: RegExp, says: string) =>
  checked((url) => (pattern.test(url) ? url : { problem: `must be ${says}, got '${url.split('@').pop()}'` }));

/** The variables the server reads, each with what it takes (unset or blank: the default). */
export const ServerEnv = z.object({
  PORT: number((port) => Number.isInteger(port) && port >= 0 && port <= 65535, 'a port number'),
  HOST: given,
  DATA_DIR: given,
  DATABASE_URL: urlOf(/^postgres(ql)?:\/\//i, 'a postgres:// URL'),
  DATABASE_POOL_SIZE: count(),
  SUPER_ADMIN_USERNAME: given,
  SUPER_ADMIN_PASSWORD: given,
  LOG_LEVEL: checked((level) =>
    LOG_LEVELS.includes(level as LogLevel) ? (level as LogLevel) : { problem: `must be one of ${LOG_LEVELS.join(', ')}, got '${level}'` },
  ),
  SERVE_STATIC: switchedOn(),
  STATIC_DIR: given,
  RATE_LIMIT: switchedOn(),
  PUBLIC_ORIGIN: given,
  TRUST_PROXY: checked(trustProxy),
  PHOTO_CONCURRENCY: count(),
  HASH_CONCURRENCY: count(),
  PHOTO_BODY_TIMEOUT_SECONDS: positive(1_000),
  ORPHAN_IMAGE_MIN_AGE_MINUTES: positive(60_000),
  SOCKET_SESSION_CHECK_SECONDS: positive(1_000),
  STORE_TIMEZONE: checked(timeZone),
  VAPID_PUBLIC_KEY: given,
  VAPID_PRIVATE_KEY: given,
  // Refused at start when push services would refuse it (localhost, or neither mailto: nor https:).
  VAPID_SUBJECT: checked((subject) => {
    const problem = subjectProblem(subject);
    return problem ? { problem } : subject;
  }),
  IMMEDIATE_WINDOW_MINUTES: positive(60_000),
  PROMISE_GRACE_MINUTES: nonNegative(60_000),
  PROMISE_CHECK_INTERVAL_MS: positive(),
  ADMIN_SECOND_FACTOR: oneOf(['required', 'optional'] as const),
  SMTP_URL: urlOf(/^smtps?:\/\//i, 'an smtp:// or smtps:// URL'),
  MAIL_FROM: given,
  BACKUP_DIR: given,
  BACKUP_INTERVAL_HOURS: nonNegative(3600_000),
  BACKUP_KEEP: count(),
  TEST_CLOCK: given,
});

/** Reads the configuration from environment variables, falling back to the defaults; throws naming a bad one. */
export function loadConfig(env: Env = process.env): Config {
  const read = readEnv(ServerEnv, env);
  const serveStatic = read.SERVE_STATIC ?? true;
  return {
    port: read.PORT ?? DEFAULT_CONFIG.port,
    host: read.HOST ?? DEFAULT_CONFIG.host,
    dataDir: read.DATA_DIR ?? DEFAULT_CONFIG.dataDir,
    databaseUrl: read.DATABASE_URL,
    databasePoolSize: read.DATABASE_POOL_SIZE ?? DEFAULT_CONFIG.databasePoolSize,
    superAdminUsername: read.SUPER_ADMIN_USERNAME ?? DEFAULT_CONFIG.superAdminUsername,
    superAdminPassword: read.SUPER_ADMIN_PASSWORD,
    logLevel: read.LOG_LEVEL ?? DEFAULT_CONFIG.logLevel,
    staticDir: serveStatic ? (read.STATIC_DIR ?? 'dist') : null,
    rateLimit: read.RATE_LIMIT ?? DEFAULT_CONFIG.rateLimit,
    publicOrigin: read.PUBLIC_ORIGIN,
    trustProxy: read.TRUST_PROXY ?? DEFAULT_CONFIG.trustProxy,
    photoConcurrency: read.PHOTO_CONCURRENCY ?? DEFAULT_CONFIG.photoConcurrency,
    hashConcurrency: read.HASH_CONCURRENCY ?? DEFAULT_CONFIG.hashConcurrency,
    hashWaitMs: DEFAULT_CONFIG.hashWaitMs,
    photoBodyTimeoutMs: read.PHOTO_BODY_TIMEOUT_SECONDS ?? DEFAULT_CONFIG.photoBodyTimeoutMs,
    orphanImageMinAgeMs: read.ORPHAN_IMAGE_MIN_AGE_MINUTES ?? DEFAULT_CONFIG.orphanImageMinAgeMs,
    orphanSweepIntervalMs: DEFAULT_CONFIG.orphanSweepIntervalMs,
    maxSocketsPerSession: DEFAULT_CONFIG.maxSocketsPerSession,
    socketSessionCheckMs: read.SOCKET_SESSION_CHECK_SECONDS ?? DEFAULT_CONFIG.socketSessionCheckMs,
    storeTimeZone: read.STORE_TIMEZONE ?? DEFAULT_CONFIG.storeTimeZone,
    vapidPublicKey: read.VAPID_PUBLIC_KEY,
    vapidPrivateKey: read.VAPID_PRIVATE_KEY,
    vapidSubject: read.VAPID_SUBJECT,
    pushAllowHttpEndpoints: DEFAULT_CONFIG.pushAllowHttpEndpoints,
    pushRetryBaseMs: DEFAULT_CONFIG.pushRetryBaseMs,
    immediateWindowMs: read.IMMEDIATE_WINDOW_MINUTES ?? DEFAULT_CONFIG.immediateWindowMs,
    promiseGraceMs: read.PROMISE_GRACE_MINUTES ?? DEFAULT_CONFIG.promiseGraceMs,
    // At most every 30 seconds: a missed promise is credited within half a minute of its deadline.
    promiseCheckIntervalMs: Math.min(30_000, read.PROMISE_CHECK_INTERVAL_MS ?? DEFAULT_CONFIG.promiseCheckIntervalMs),
    adminSecondFactor: read.ADMIN_SECOND_FACTOR ?? DEFAULT_CONFIG.adminSecondFactor,
    smtpUrl: read.SMTP_URL,
    mailFrom: read.MAIL_FROM ?? DEFAULT_CONFIG.mailFrom,
    backupDir: read.BACKUP_DIR ?? DEFAULT_CONFIG.backupDir,
    backupIntervalMs: read.BACKUP_INTERVAL_HOURS ?? DEFAULT_CONFIG.backupIntervalMs,
    backupKeep: read.BACKUP_KEEP ?? DEFAULT_CONFIG.backupKeep,
    testClock: read.TEST_CLOCK === 'true',
    ...loadOpsConfig(env),
  };
}
