// The send path for creating calls that must never be lost nor sent twice.
// A call made offline, or whose send fails on the network, is stored in the IndexedDB outbox with
// its Idempotency-Key (and photo Blob) and replayed by the one drain path (drain.ts). What a sell or a purchase
// posts belongs to its feature (its sender); the first send and the queueing around it are here.
import { newIdempotencyKey } from '../idempotency-key';
import { useEffect, useState } from 'react';
import { ApiError, NetworkError, apiRequest } from '../api-client';
import { useCurrentUserName } from '../current-user';
import type { OutboxKind, OutboxRecord, OutboxState } from '../db';
import { drainOutbox, SYNC_TAG } from './drain';
import { alreadyDone, fetchAdminCall, type AdminAction } from '../admin-action';
import { describeOutboxRecord, type OutboxFact } from './describe';
import { classifyStatus, NEEDS_LOGIN_MESSAGE } from './machine';
import type { OutboxSender } from './senders';
import { applyOutboxEvent, getOutboxRecord, listOutboxRecords, onOutboxChange, putOutboxRecord } from './store';
import { markSessionRequestKept } from '../session-notice';
import type { PostFn } from './transport';

/** `needsLogin`: queued because the session had ended; it is sent once the player logs in again. */
export type SendResult<T> = { status: 'sent'; result: T } | { status: 'queued'; id: string; needsLogin?: boolean };

/** The page's transport for a first send: apiRequest, so a 401 signs the player out as everywhere else. */
const apiPost: PostFn = async (path, body, idempotencyKey) => {
  try {
    const data = await apiRequest<unknown>(path, { method: 'POST', body, idempotencyKey });
    return { ok: true, status: 201, data };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, status: error.status, message: error.serverMessage, error };
    if (error instanceof NetworkError) return { ok: false, status: 0, message: null, error };
    throw error;
  }
};

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

function throwOutcome(outcome: { status: number; error?: unknown; message: string | null }): never {
  if (outcome.error instanceof Error) throw outcome.error;
  if (outcome.status === 0) throw new NetworkError(outcome.error);
  throw new ApiError(outcome.status, `${outcome.status}: ${outcome.message ?? ''}`, outcome.message, null);
}

/**
 * The first send of a creating call, made with the same sender the drain replays it with. Offline, with no answer or a
 * busy server (408/429/5xx), or with an ended session, the item is queued (with its photo, and the steps the server
 * already confirmed) and replayed later; other refusals throw ApiError with the server's message. Without `allowQueue`
 * nothing is ever queued: offline, no answer and every refusal throw (NetworkError or ApiError).
 */
export async function sendOrQueue<T>(
  record: OutboxRecord,
  send: OutboxSender<T>,
  { allowQueue = true }: { allowQueue?: boolean } = {},
): Promise<SendResult<T>> {
  if (isOffline()) {
    if (!allowQueue) throw new NetworkError(new Error('offline'));
    await enqueue(record);
    return { status: 'queued', id: record.id };
  }
  const outcome = await send(record, apiPost, (step, result) => {
    record.progress = { ...record.progress, [step]: result };
  });
  if (outcome.ok) return { status: 'sent', result: outcome.data };
  const verdict = classifyStatus(outcome.status);
  if (!allowQueue || verdict === 'failed') throwOutcome(outcome);
  // Kept, not lost: replayed with the same key (after the player logs in again for a 401).
  if (verdict === 'needs-login') return keepUntilLogin(record);
  await enqueue(record);
  return { status: 'queued', id: record.id };
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
  const outcome = await fetchAdminCall(action, record.id, options.photo);
  if (outcome.ok) return { status: 'sent', result: outcome.data as T };
  const done = alreadyDone(action, outcome);
  if (done) return { status: 'already', message: done };
  const verdict = classifyStatus(outcome.status);
  if (verdict === 'failed') {
    throw new ApiError(
      outcome.status,
      `${outcome.status}: ${outcome.message ?? ''}`,
      outcome.message,
      outcome.data ?? null,
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
