// The send path for creating calls that must never be lost nor sent twice.
// A call made offline, or whose send fails on the network, is stored in the IndexedDB outbox with
// its Idempotency-Key (and photo Blob) and replayed by the one drain path (drain.ts). What a sell or a purchase
// posts belongs to its feature (its sender); the first send and the queueing around it are here.
import { newIdempotencyKey } from '../idempotency-key';
import { useEffect, useState } from 'react';
import { ApiError } from '../api-client';
import { useCurrentUserName } from '../current-user';
import type { OutboxKind, OutboxRecord, OutboxState } from '../db';
import { drainOutbox, SYNC_TAG } from './drain';
import { alreadyDone, sendAdminCall, type AdminAction } from '../admin-action';
import { describeOutboxRecord, type OutboxFact } from './describe';
import { classifyStatus, NEEDS_LOGIN_MESSAGE } from './machine';
import type { OutboxSender } from './senders';
import { applyOutboxEvent, getOutboxRecord, listOutboxRecords, onOutboxChange, putOutboxRecord } from './store';
import { markSessionRequestKept } from '../session-notice';
import { pagePost } from './transport';

/**
 * What became of a first send:
 * - `sent`: the server has it (`result` is its answer);
 * - `queued`: kept in the outbox and sent later (`needsLogin`: the session had ended; sent once the player logs in);
 * - `refused`: the server said no and would say it again (a 4xx other than 401/408/429; without `allowQueue`, any
 *   refusal but a busy server's) — `message` is the server's, null when it gave none; nothing is kept;
 * - `not-sent`: neither sent nor kept — offline, no answer or a busy server where queueing is not allowed, or the
 *   device could not store it. Trying again is the answer.
 */
export type SendResult<T> =
  | { status: 'sent'; result: T }
  | { status: 'queued'; id: string; needsLogin?: boolean }
  | { status: 'refused'; code: number; message: string | null }
  | { status: 'not-sent' };

/** A new outbox item, not yet stored; `id` is its Idempotency-Key. */
export function newRecord(id: string, kind: OutboxKind, username: string, payload: unknown, photo?: Blob | null): OutboxRecord {
  const now = new Date().toISOString();
  return { id, kind, username, payload, ...(photo ? { photo } : {}), state: 'queued', attempts: 0, createdAt: now, updatedAt: now };
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** Stores an item, asks for persistent storage and a Background Sync wake-up. */
async function enqueue(record: OutboxRecord): Promise<void> {
  await putOutboxRecord(record);
  // Ask the browser not to evict what is queued (photos included) under storage pressure.
  void globalThis.navigator?.storage?.persist?.().catch(() => false);
  void registerBackgroundSync();
}

/** Asks the service worker to drain on the next connectivity (Background Sync, where the browser has it). */
export async function registerBackgroundSync(): Promise<boolean> {
  try {
    if (!('serviceWorker' in navigator)) return false;
    const registration = (await Promise.race([
      navigator.serviceWorker.ready,
      new Promise((resolve) => setTimeout(resolve, 3000, null)),
    ])) as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | null;
    if (!registration?.sync) return false;
    await registration.sync.register(SYNC_TAG);
    return true;
  } catch {
    return false;
  }
}

/**
 * The first send of a creating call, made with the same sender the drain replays it with. Offline, with no answer or a
 * busy server (408/429/5xx), or with an ended session, the item is queued (with its photo, and the steps the server
 * already confirmed) and replayed later; other refusals answer `refused` with the server's message. Without
 * `allowQueue` nothing is ever queued. Never throws: see SendResult.
 */
export async function sendOrQueue<T>(
  record: OutboxRecord,
  send: OutboxSender<T>,
  { allowQueue = true }: { allowQueue?: boolean } = {},
): Promise<SendResult<T>> {
  try {
    if (isOffline()) {
      if (!allowQueue) return { status: 'not-sent' };
      await enqueue(record);
      return { status: 'queued', id: record.id };
    }
    const outcome = await send(record, pagePost, (step, result) => {
      record.progress = { ...record.progress, [step]: result };
    });
    if (outcome.kind === 'ok') return { status: 'sent', result: outcome.data };
    const verdict = classifyStatus(outcome.kind === 'offline' ? 0 : outcome.status);
    if (outcome.kind === 'refused' && (verdict === 'failed' || (!allowQueue && verdict === 'needs-login'))) {
      return { status: 'refused', code: outcome.status, message: outcome.message };
    }
    if (!allowQueue) return { status: 'not-sent' };
    // Kept, not lost: replayed with the same key (after the player logs in again for a 401).
    if (verdict === 'needs-login') return await keepUntilLogin(record);
    await enqueue(record);
    return { status: 'queued', id: record.id };
  } catch (error) {
    // The device could not store it (IndexedDB failed): nothing is kept, so the player is asked to try again.
    console.warn('Could not keep the item in the outbox', error);
    return { status: 'not-sent' };
  }
}

/** Queues an item refused with 401 until its user logs in again, and lets the login screen say it is kept. */
async function keepUntilLogin(record: OutboxRecord): Promise<{ status: 'queued'; id: string; needsLogin: true }> {
  await enqueue({ ...record, state: 'needs-login', error: NEEDS_LOGIN_MESSAGE });
  markSessionRequestKept();
  return { status: 'queued', id: record.id, needsLogin: true };
}

export type AdminActionResult<T = unknown> =
  { status: 'sent'; result: T } | { status: 'queued'; id: string } | { status: 'already'; message: string };

/**
 * Makes an admin transition. Offline, with no answer, a busy server (408/429/5xx) or an ended session it is queued
 * (with its photo) under the Idempotency-Key chosen now, and sent once by the drain; when another admin already made
 * it, the answer says who and when; any other refusal throws ApiError with the server's message.
 */
export async function submitAdminAction<T = unknown>(
  action: AdminAction,
  options: { username: string; photo?: Blob | null },
): Promise<AdminActionResult<T>> {
  const record = newRecord(newIdempotencyKey(), 'admin', options.username, action, options.photo);
  if (isOffline()) {
    await enqueue(record);
    return { status: 'queued', id: record.id };
  }
  const outcome = await sendAdminCall(action, record.id, options.photo);
  if (outcome.kind === 'ok') return { status: 'sent', result: outcome.data as T };
  const done = alreadyDone(action, outcome);
  if (done) return { status: 'already', message: done };
  const verdict = classifyStatus(outcome.kind === 'offline' ? 0 : outcome.status);
  if (outcome.kind === 'refused' && verdict === 'failed') {
    // '{status}: {message}', as a bulk send lists it when the server gave no message.
    throw new ApiError(
      outcome.status,
      `${outcome.status}: ${outcome.message ?? ''}`,
      outcome.message,
      outcome.body ?? null,
      outcome.statusText,
    );
  }
  await enqueue(verdict === 'needs-login' ? { ...record, state: 'needs-login', error: NEEDS_LOGIN_MESSAGE } : record);
  return { status: 'queued', id: record.id };
}

/**
 * Puts an admin transition in the outbox under a new Idempotency-Key without trying to send it first; with `holdMs`, not
 * to be sent before that long from now (the Undo window of Deny and Reject, issue 33 item 5). The drain sends it
 * (after the hold, or when the network is back). Answers its id.
 */
export async function queueAdminAction(
  action: AdminAction,
  options: { username: string; photo?: Blob | null; holdMs?: number },
): Promise<string> {
  const record = newRecord(newIdempotencyKey(), 'admin', options.username, action, options.photo);
  await enqueue(options.holdMs ? { ...record, notBefore: new Date(Date.now() + options.holdMs).toISOString() } : record);
  return record.id;
}

/**
 * Takes back a held action before it is sent: true when it was removed, false when it is already being sent or gone
 * (sent, or discarded elsewhere).
 */
export async function undoHeldAction(id: string): Promise<boolean> {
  const record = await getOutboxRecord(id);
  if (!record || record.state !== 'queued') return false;
  try {
    await applyOutboxEvent(id, { type: 'discard' });
    return true;
  } catch {
    // A drain took it between the read and the discard.
    return false;
  }
}

/** Puts a failed or needs-login item back in the queue and drains. */
export async function retryOutboxItem(id: string): Promise<void> {
  await applyOutboxEvent(id, { type: 'retry' });
  void registerBackgroundSync();
  void drainOutbox().catch(() => undefined);
}

/** Removes an item that is not being sent right now. */
export async function discardOutboxItem(id: string): Promise<void> {
  await applyOutboxEvent(id, { type: 'discard' });
}

export interface OutboxView {
  id: string;
  kind: OutboxKind;
  state: OutboxState;
  error?: string;
  createdAt: string;
  /** What to show in a list: the sell item name or the purchase summary. */
  title: string;
  /** Quantity, category or total. */
  detail: string;
  /** A queued sell's quantity, payment and payout. */
  facts?: OutboxFact[];
  /** The queued call's JSON payload (SellPayload or CreatePurchaseRequestBody). */
  payload: unknown;
  /** Object URL of a queued photo, if any (revoked when the list changes). */
  photoUrl?: string;
  /** A held action's not-before time (ISO 8601): until then it may be undone. */
  notBefore?: string;
}

/** Queued items of the signed-in user for My Sell/Buy Requests, re-rendering on every outbox change (any tab). */
export function useOutboxItems(kind: OutboxKind): OutboxView[] {
  const username = useCurrentUserName();
  const [items, setItems] = useState<OutboxView[]>([]);
  useEffect(() => {
    let alive = true;
    let urls: string[] = [];
    const load = async () => {
      const records = username ? await listOutboxRecords({ username, kind }).catch(() => []) : [];
      if (!alive) return;
      urls.forEach((u) => URL.revokeObjectURL(u));
      urls = [];
      setItems(
        records.map((r) => {
          const photoUrl = r.photo ? URL.createObjectURL(r.photo) : undefined;
          if (photoUrl) urls.push(photoUrl);
          return {
            id: r.id,
            kind: r.kind,
            state: r.state,
            error: r.error,
            createdAt: r.createdAt,
            payload: r.payload,
            photoUrl,
            ...(r.notBefore ? { notBefore: r.notBefore } : {}),
            ...describeOutboxRecord(r),
          };
        }),
      );
    };
    void load();
    const unsubscribe = onOutboxChange((change) => {
      if (change.kind === kind) void load();
    });
    return () => {
      alive = false;
      unsubscribe();
      urls.forEach((u) => URL.revokeObjectURL(u));
    };
  }, [username, kind]);
  return items;
}
