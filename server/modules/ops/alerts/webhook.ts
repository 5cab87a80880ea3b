import { request } from 'node:https';
import type { Logger } from '../../../lib/logger';
import { RetryQueue, type SendOutcome } from '../../../lib/retry-queue';
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
  const { logger, ca } = options;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const queue = new RetryQueue<Job>({
    concurrency: 1,
    maxQueued: options.maxQueued ?? 1_000,
    maxAttempts: options.maxAttempts ?? 6,
    retryBaseMs: options.retryBaseMs,
    maxDelayMs: MAX_RETRY_DELAY_MS,
    async send(job, signal): Promise<SendOutcome> {
      let answer: { status: number; retryAfterMs: number | null };
      try {
        answer = await post(url, job.body, ca, timeoutMs, signal);
      } catch (error) {
        if (signal.aborted) return;
        alertCounter.inc({ event: job.event, result: 'failed' });
        return { retry: error instanceof Error ? error.message : 'no answer' };
      }
      if (answer.status >= 200 && answer.status < 300) {
        alertCounter.inc({ event: job.event, result: 'sent' });
        return;
      }
      alertCounter.inc({ event: job.event, result: 'failed' });
      if (answer.status === 429 || answer.status >= 500) return { retry: `HTTP ${answer.status}`, afterMs: answer.retryAfterMs };
      alertCounter.inc({ event: job.event, result: 'dropped' });
      logger.warn({ event: job.event, status: answer.status }, 'alert refused by the webhook: not retried');
    },
    dropped(job) {
      alertCounter.inc({ event: job.event, result: 'dropped' });
      logger.warn({ event: job.event }, 'alert queue full: the oldest alert was dropped');
    },
    gaveUp(job, reason) {
      alertCounter.inc({ event: job.event, result: 'dropped' });
      logger.warn({ event: job.event, reason }, 'alert given up after retries');
    },
    retrying: (job, reason, delay) => logger.debug({ event: job.event, reason, delay }, 'alert retried later'),
  });

  return {
    enqueue(event: string, body: WebhookBody) {
      queue.add({ event, body: JSON.stringify(body) });
    },
    /** Alerts waiting, being sent or waiting for a retry. */
    pending: () => queue.pending(),
    /** Resolves once nothing waits (tests). */
    settled: () => queue.settled(),
    close: () => queue.close(),
  };
}
export type WebhookSender = ReturnType<typeof createWebhookSender>;
