import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('when the environment is empty, then the documented defaults apply', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dataDir: './data',
      superAdminUsername: 'admin',
      superAdminPassword: undefined,
      logLevel: 'info',
      staticDir: 'dist',
      rateLimit: true,
      publicOrigin: undefined,
      trustProxy: 'loopback',
      photoConcurrency: Math.max(2, availableParallelism() - 1),
      hashConcurrency: Math.max(1, availableParallelism() - 1),
      hashWaitMs: 2_000,
      photoBodyTimeoutMs: 60_000,
      orphanImageMinAgeMs: 600_000,
      orphanSweepIntervalMs: 600_000,
      maxSocketsPerSession: 8,
      socketSessionCheckMs: 30_000,
      storeTimeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      immediateWindowMs: 3_600_000,
      promiseGraceMs: 900_000,
      promiseCheckIntervalMs: 15_000,
      vapidPublicKey: undefined,
      vapidPrivateKey: undefined,
      vapidSubject: undefined,
      pushAllowHttpEndpoints: false,
      pushRetryBaseMs: 30_000,
      databaseUrl: undefined,
      databasePoolSize: 10,
      adminSecondFactor: 'required',
      smtpUrl: undefined,
      mailFrom: 'Blockspin Market <no-reply@blockspin.market>',
      backupDir: './backups',
      backupIntervalMs: 86_400_000,
      backupKeep: 7,
      testClock: false,
      metricsToken: undefined,
      alertWebhookUrl: undefined,
      alertWebhookHosts: [],
      alertRetryBaseMs: 5_000,
      shutdownDrainMs: 0,
    });
  });

  it('when ADMIN_SECOND_FACTOR is optional, then it is read; anything else but required stops the start', () => {
    expect(loadConfig({ ADMIN_SECOND_FACTOR: 'optional' }).adminSecondFactor).toBe('optional');
    expect(loadConfig({ ADMIN_SECOND_FACTOR: 'required' }).adminSecondFactor).toBe('required');
    expect(() => loadConfig({ ADMIN_SECOND_FACTOR: 'off' })).toThrow("ADMIN_SECOND_FACTOR must be required or optional, got 'off'");
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example:25', MAIL_FROM: 'M <m@x.example>' })).toMatchObject({
      smtpUrl: 'smtp://mail.example:25',
      mailFrom: 'M <m@x.example>',
    });
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example' })).toThrow('SMTP_URL must be');
  });

  it('when variables are set, then they are read', () => {
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/x',
      SUPER_ADMIN_USERNAME: 'boss',
      SUPER_ADMIN_PASSWORD: 'pw-123456',
      LOG_LEVEL: 'silent',
      SERVE_STATIC: 'false',
      RATE_LIMIT: 'false',
      PUBLIC_ORIGIN: 'https://m.example',
      TRUST_PROXY: '10.0.0.0/8',
      PHOTO_CONCURRENCY: '2',
      HASH_CONCURRENCY: '3',
      ORPHAN_IMAGE_MIN_AGE_MINUTES: '0.5',
      STORE_TIMEZONE: 'America/New_York',
      IMMEDIATE_WINDOW_MINUTES: '0.25',
      PROMISE_GRACE_MINUTES: '0',
      PROMISE_CHECK_INTERVAL_MS: '120000',
      VAPID_PUBLIC_KEY: 'pub',
      VAPID_PRIVATE_KEY: 'priv',
      VAPID_SUBJECT: 'mailto:ops@m.example',
      DATABASE_URL: 'postgres://market:pw@db.internal:5432/market',
      DATABASE_POOL_SIZE: '4',
      BACKUP_DIR: '/mnt/other-disk/backups',
      BACKUP_INTERVAL_HOURS: '0.5',
      BACKUP_KEEP: '3',
      SOCKET_SESSION_CHECK_SECONDS: '45',
      METRICS_TOKEN: 'scrape-token',
      ALERT_WEBHOOK_URL: 'https://discord.com/api/webhooks/1/abc',
      SHUTDOWN_DRAIN_SECONDS: '10',
    });
    expect(config).toEqual({
      port: 0,
      host: '127.0.0.1',
      dataDir: '/tmp/x',
      superAdminUsername: 'boss',
      superAdminPassword: 'pw-123456',
      logLevel: 'silent',
      staticDir: null,
      rateLimit: false,
      publicOrigin: 'https://m.example',
      trustProxy: '10.0.0.0/8',
      photoConcurrency: 2,
      hashConcurrency: 3,
      hashWaitMs: 2_000,
      photoBodyTimeoutMs: 60_000,
      orphanImageMinAgeMs: 30_000,
      orphanSweepIntervalMs: 600_000,
      maxSocketsPerSession: 8,
      socketSessionCheckMs: 45_000,
      storeTimeZone: 'America/New_York',
      immediateWindowMs: 15_000,
      promiseGraceMs: 0,
      promiseCheckIntervalMs: 30_000,
      vapidPublicKey: 'pub',
      vapidPrivateKey: 'priv',
      vapidSubject: 'mailto:ops@m.example',
      pushAllowHttpEndpoints: false,
      pushRetryBaseMs: 30_000,
      databaseUrl: 'postgres://market:pw@db.internal:5432/market',
      databasePoolSize: 4,
      adminSecondFactor: 'required',
      smtpUrl: undefined,
      mailFrom: 'Blockspin Market <no-reply@blockspin.market>',
      backupDir: '/mnt/other-disk/backups',
      backupIntervalMs: 1_800_000,
      backupKeep: 3,
      testClock: false,
      metricsToken: 'scrape-token',
      alertWebhookUrl: 'https://discord.com/api/webhooks/1/abc',
      alertWebhookHosts: [],
      alertRetryBaseMs: 5_000,
      shutdownDrainMs: 10_000,
    });
  });

  it.each([
    { PORT: 'abc' },
    { PORT: '70000' },
    { LOG_LEVEL: 'loud' },
    { PHOTO_CONCURRENCY: '0' },
    { SOCKET_SESSION_CHECK_SECONDS: '0' },
    { ORPHAN_IMAGE_MIN_AGE_MINUTES: 'soon' },
    { STORE_TIMEZONE: 'Mars/Olympus' },
    { PROMISE_GRACE_MINUTES: '-1' },
    { IMMEDIATE_WINDOW_MINUTES: '0' },
    { VAPID_SUBJECT: 'mailto:me@localhost' },
    { VAPID_SUBJECT: 'http://market.example' },
    { DATABASE_URL: 'mysql://db/market' },
    { DATABASE_URL: '/var/data/market.sqlite' },
    { TRUST_PROXY: 'the-load-balancer' },
  ])('when %j, then it throws', (env) => {
    expect(() => loadConfig(env)).toThrow();
  });

  it.each([
    [undefined, 'loopback'],
    ['', 'loopback'],
    ['false', false],
    ['TRUE', true],
    ['1', 1],
    ['10.0.0.0/8, 192.168.1.5', '10.0.0.0/8, 192.168.1.5'],
    ['loopback, uniquelocal', 'loopback, uniquelocal'],
  ])('when TRUST_PROXY is %j, then trust proxy is %j', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('when a variable is set but blank, then its default applies (a blank line in an .env file)', () => {
    expect(loadConfig({ PORT: '', LOG_LEVEL: ' ', DATABASE_URL: '', PHOTO_CONCURRENCY: '' })).toMatchObject({
      port: 3000,
      logLevel: 'info',
      databaseUrl: undefined,
      photoConcurrency: Math.max(2, availableParallelism() - 1),
    });
  });

  it.each([
    [{ PORT: 'abc' }, "PORT must be a port number, got 'abc'"],
    [{ PHOTO_CONCURRENCY: '0' }, "PHOTO_CONCURRENCY must be a positive number, got '0'"],
    [{ PROMISE_GRACE_MINUTES: '-1' }, "PROMISE_GRACE_MINUTES must be zero or a positive number, got '-1'"],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent'],
    [{ DATABASE_URL: 'mysql://u:secret@db/market' }, "DATABASE_URL must be a postgres:// URL, got 'db/market'"],
    [{ STORE_TIMEZONE: 'Mars/Olympus' }, "STORE_TIMEZONE must be an IANA time zone such as America/New_York, got 'Mars/Olympus'"],
    [{ VAPID_SUBJECT: 'http://market.example' }, "VAPID_SUBJECT must be a mailto: address or an https: URL, got 'http://market.example'"],
  ])('when %j, then the start stops with one sentence naming it: %s', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('when TRUST_PROXY is not an address, then the message says what it takes', () => {
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.300' })).toThrow(
      "TRUST_PROXY must be true, false, a hop count or addresses/subnets such as 10.0.0.0/8, got '10.0.0.300'",
    );
  });
});
