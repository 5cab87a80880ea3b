import type { Tx } from '../../db/scope';
import webpush from 'web-push';
import type { Logger } from '../../lib/logger';
import { RetryQueue, type SendOutcome } from '../../lib/retry-queue';
import { nowIso } from '../../lib/time';
import type { PushNotice } from './notice-parts';
import type { PushRepository, SubscriptionRow } from './repository';
import type { VapidKeys } from './vapid';
import { pushes } from '../ops/metrics';

export interface SenderOptions {
  /** The database (the sender opens no transaction). */
  tx: Tx;
  repository: PushRepository;
  vapid: VapidKeys;
  logger: Logger;
  /** Whether a device may still receive a notice when it is its turn (its owner still an admin, its session live). */
  stillFor(row: SubscriptionRow, notice: PushNotice): boolean | Promise<boolean>;
  /** Sends at most this many at once. */
  concurrency?: number;
  /** The first retry after a 429, a 5xx or no answer; each later one waits twice as long (or the Retry-After). */
  retryBaseMs?: number;
  /** Tries per message and device before it is given up (the device is kept). */
  maxAttempts?: number;
  /** A push service that has not answered by then counts as down for this try. */
  timeoutMs?: number;
  /** Messages waiting at most; beyond it the oldest are dropped (a push service down for long must not eat memory). */
  maxQueued?: number;
}

interface Job {
  subscriptionId: number;
  notice: PushNotice;
  body: string;
}

/** The longest wait a Retry-After may ask for before we retry anyway (a push service asking for hours loses nothing then). */
const MAX_RETRY_DELAY_MS = 15 * 60 * 1000;

function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : null;
}

/** Counted and marked on the device; the queue tries again later (or gives up after the last try). */
async function failed({ tx, repository }: SenderOptions, row: SubscriptionRow, reason: string, asked: number | null): Promise<SendOutcome> {
  pushes.inc({ result: 'failed' });
  await repository.markFailure(tx, row.id);
  return { retry: reason, afterMs: asked };
}

/** The encrypted (aes128gcm) and signed (VAPID) request for one device; null when its keys cannot encrypt (row deleted). */
async function requestFor({ tx, repository, vapid, logger }: SenderOptions, row: SubscriptionRow, job: Job) {
  try {
    return webpush.generateRequestDetails({ endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } }, job.body, {
      vapidDetails: vapid,
      TTL: job.notice.ttl,
      urgency: job.notice.urgency,
      topic: job.notice.topic,
      contentEncoding: 'aes128gcm',
    });
  } catch (error) {
    // Keys the browser sent that cannot encrypt anything: the row can never work.
    logger.warn({ err: error, subscriptionId: row.id }, 'push subscription with unusable keys deleted');
    await repository.deleteById(tx, row.id);
    return null;
  }
}

/** What the push service's answer means: sent, the device gone (row deleted), try again later, or given up. */
async function answered(options: SenderOptions, row: SubscriptionRow, job: Job, response: Response): Promise<SendOutcome> {
  const { tx, repository, logger } = options;
  if (response.ok) {
    pushes.inc({ result: 'sent' });
    await repository.markSuccess(tx, row.id, nowIso());
    return;
  }
  if (response.status === 404 || response.status === 410) {
    pushes.inc({ result: 'gone' });
    await repository.deleteById(tx, row.id);
    logger.info({ subscriptionId: row.id, status: response.status }, 'push subscription gone: deleted');
    return;
  }
  if (response.status === 429 || response.status >= 500)
    return failed(options, row, `HTTP ${response.status}`, retryAfterMs(response.headers.get('retry-after')));
  pushes.inc({ result: 'failed' });
  logger.warn({ subscriptionId: row.id, status: response.status, topic: job.notice.topic }, 'push message refused by the push service');
}

/** Sends one queued message to its device, if the device may still receive it. */
async function send(options: SenderOptions, job: Job, signal: AbortSignal): Promise<SendOutcome> {
  // Read again now: the device may have logged out, or its owner lost the role, while the message waited.
  if (signal.aborted) return;
  const row = await options.repository.findById(options.tx, job.subscriptionId);
  if (!row || !(await options.stillFor(row, job.notice))) return;
  const details = await requestFor(options, row, job);
  if (!details) return;
  let response: Response;
  try {
    response = await fetch(details.endpoint, {
      method: 'POST',
      headers: details.headers as Record<string, string>,
      body: details.body ? new Uint8Array(details.body) : null,
      signal: AbortSignal.any([AbortSignal.timeout(options.timeoutMs ?? 10_000), signal]),
      redirect: 'error',
    });
    await response.arrayBuffer().catch(() => undefined);
  } catch (error) {
    if (signal.aborted) return;
    return failed(options, row, error instanceof Error ? error.message : 'no answer', null);
  }
  if (signal.aborted) return;
  return answered(options, row, job, response);
}

/**
 * The in-process push queue: callers enqueue and return at once; messages go out a few at a time, each encrypted
 * (aes128gcm) and signed (VAPID) by web-push and posted with fetch. 404 and 410 mean the browser dropped the
 * subscription, so its row is deleted; 429, 5xx, timeouts and network errors are retried later with backoff and
 * never delete anything; other answers (a 400 or 413 for this message) give the message up.
 */
export function createPushSender(options: SenderOptions) {
  const { logger } = options;
  const queue = new RetryQueue<Job>({
    send: (job, signal) => send(options, job, signal),
    concurrency: options.concurrency ?? 4,
    maxQueued: options.maxQueued ?? 10_000,
    maxAttempts: options.maxAttempts ?? 6,
    retryBaseMs: options.retryBaseMs ?? 30_000,
    maxDelayMs: MAX_RETRY_DELAY_MS,
    dropped: (job) =>
      logger.warn({ subscriptionId: job.subscriptionId, topic: job.notice.topic }, 'push queue full: the oldest message was dropped'),
    gaveUp: (job, reason) =>
      logger.warn(
        { subscriptionId: job.subscriptionId, topic: job.notice.topic, reason },
        'push message given up after retries (the device is kept)',
      ),
    retrying: (job, reason, delay) => logger.debug({ subscriptionId: job.subscriptionId, reason, delay }, 'push message retried later'),
  });

  return {
    /** Queues one notice for each device; returns at once. */
    enqueue(notice: PushNotice, rows: SubscriptionRow[]) {
      const body = JSON.stringify(notice.payload);
      for (const row of rows) queue.add({ subscriptionId: row.id, notice, body });
    },
    /** Messages waiting or being sent (for tests and logs). */
    pending: () => queue.pending(),
    close: () => queue.close(),
  };
}
export type PushSender = ReturnType<typeof createPushSender>;
