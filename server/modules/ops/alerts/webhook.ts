import { request } from 'node:https';
import type { Logger } from '../../../lib/logger';
import { alerts as alertCounter } from '../metrics';

/** What a Discord-compatible webhook takes: a line of text and an embed that links into the app. */
export interface WebhookBody {
  content: string;
  embeds?: Array<{ title: string; description?: string; url?: string; timestamp?: string; color?: number }>;
  /** No @everyone, role or user ping, whatever a player typed into a name. */
  allowed_mentions: { parse: [] };
}

export interface WebhookOptions {
  url: string;
  logger: Logger;
  /** A PEM certificate the webhook's TLS is checked against instead of the system's (tests' local sink). */
  ca?: string;
  /** The first retry after a 5xx, a 429 or no answer; each later one waits twice as long (or the Retry-After). */
  retryBaseMs: number;
  /** Tries per alert before it is given up. */
  maxAttempts?: number;
  timeoutMs?: number;
  /** Alerts waiting at most; beyond it the oldest are dropped (a webhook down for hours must not eat memory). */
  maxQueued?: number;
}

interface Job {
  event: string;
  body: string;
  attempt: number;
}

/** The longest wait between tries, whatever a Retry-After asks. */
const MAX_RETRY_DELAY_MS = 10 * 60_000;

/** Posts once; answers the status and a Retry-After in ms, or throws when there was no answer. */
function post(url: URL, body: string, ca: string | undefined, timeoutMs: number, signal: AbortSignal) {
  return new Promise<{ status: number; retryAfterMs: number | null }>((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
        timeout: timeoutMs,
        signal,
        ...(ca ? { ca } : {}),
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          const seconds = Number(res.headers['retry-after']);
          resolve({ status: res.statusCode ?? 0, retryAfterMs: Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : null });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * The alert queue: `enqueue` returns at once (a request that caused an alert never waits for it); alerts go out one
 * at a time, in order. A 5xx, a 429 or no answer is tried again later with backoff; any other 4xx is given up at once
 * (the same body would be refused again) and logged.
 */
export function createWebhookSender(options: WebhookOptions) {
  const url = new URL(options.url);
  const { logger, ca, retryBaseMs } = options;
  const maxAttempts = options.maxAttempts ?? 6;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxQueued = options.maxQueued ?? 1_000;
  const queue: Job[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const stopping = new AbortController();
  let sending = false;
  let closed = false;
  let idle: Array<() => void> = [];

  function add(job: Job) {
    if (closed) return;
    queue.push(job);
    if (queue.length > maxQueued) {
      const dropped = queue.shift()!;
      alertCounter.inc({ event: dropped.event, result: 'dropped' });
      logger.warn({ event: dropped.event }, 'alert queue full: the oldest alert was dropped');
    }
    void pump();
  }

  async function pump() {
    if (sending) return;
    sending = true;
    while (!closed && queue.length > 0) await send(queue.shift()!);
    sending = false;
    if (queue.length === 0 && timers.size === 0) for (const done of idle.splice(0)) done();
  }

  function retry(job: Job, reason: string, asked: number | null) {
    if (job.attempt + 1 >= maxAttempts) {
      alertCounter.inc({ event: job.event, result: 'dropped' });
      logger.warn({ event: job.event, reason }, 'alert given up after retries');
      return;
    }
    const delay = Math.min(MAX_RETRY_DELAY_MS, Math.max(retryBaseMs * 2 ** job.attempt, asked ?? 0));
    logger.debug({ event: job.event, reason, delay }, 'alert retried later');
    const timer = setTimeout(() => {
      timers.delete(timer);
      add({ ...job, attempt: job.attempt + 1 });
    }, delay);
    timer.unref();
    timers.add(timer);
  }

  async function send(job: Job) {
    let answer: { status: number; retryAfterMs: number | null };
    try {
      answer = await post(url, job.body, ca, timeoutMs, stopping.signal);
    } catch (error) {
      if (closed) return;
      alertCounter.inc({ event: job.event, result: 'failed' });
      return retry(job, error instanceof Error ? error.message : 'no answer', null);
    }
    if (answer.status >= 200 && answer.status < 300) {
      alertCounter.inc({ event: job.event, result: 'sent' });
      return;
    }
    alertCounter.inc({ event: job.event, result: 'failed' });
    if (answer.status === 429 || answer.status >= 500) return retry(job, `HTTP ${answer.status}`, answer.retryAfterMs);
    alertCounter.inc({ event: job.event, result: 'dropped' });
    logger.warn({ event: job.event, status: answer.status }, 'alert refused by the webhook: not retried');
  }

  return {
    enqueue(event: string, body: WebhookBody) {
      add({ event, body: JSON.stringify(body), attempt: 0 });
    },
    /** Alerts waiting, being sent or waiting for a retry. */
    pending: () => queue.length + (sending ? 1 : 0) + timers.size,
    /** Resolves once nothing waits (tests). */
    settled: () => new Promise<void>((done) => (queue.length === 0 && !sending && timers.size === 0 ? done() : idle.push(done))),
    close() {
      closed = true;
      stopping.abort();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      queue.length = 0;
      for (const done of idle.splice(0)) done();
      idle = [];
    },
  };
}
export type WebhookSender = ReturnType<typeof createWebhookSender>;
