// The send path for creating calls that must never be lost nor sent twice.
// A call made offline, or whose send fails on the network, is stored in the IndexedDB outbox with
// its Idempotency-Key (and photo Blob) and replayed by the one drain path (drain.ts). What a sell or a purchase
// posts belongs to its feature (its sender); the first send and the queueing around it are here.
import { newIdempotencyKey } from '../idempotency-key';
import { ApiError } from '../api-client';
import type { OutboxKind, OutboxRecord } from '../db';
import { drainOutbox } from './drain';
import { alreadyDone, sendAdminCall, type AdminAction } from '../admin-action';
import { firstSend } from './first-send';
import { whileSending } from './item-lock';
import { enqueue, isOffline, registerBackgroundSync } from './keep';
import { classifyStatus, isHeld, NEEDS_LOGIN_MESSAGE } from './machine';
import type { OutboxSender } from './senders';
import { applyOutboxEvent, getOutboxRecord, listOutboxRecords, putOutboxRecord, type KvWriter } from './store';

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

/** What a first send writes beside its item, and undoes when the item is not kept (issue 47). */
export interface WriteAhead {
  /** Written in the item's own IndexedDB transaction (a purchase takes its lines out of the cart). */
  alongside: (kv: KvWriter) => Promise<void>;
  /** The item was refused or not kept: what `alongside` took is put back. */
  undo: () => Promise<void>;
}

/**
 * The first send of a creating call, made with the same sender the drain replays it with. Write-ahead (issue 47): the
 * item is stored in the outbox, state 'sending', *before* it is sent, and leaves only when the answer is settled, so a
 * reload, a killed tab or a crash while the server answers resumes it under the same key (the next drain finds it
 * with nobody holding its lock) and nothing is made twice or lost. Offline, with no answer or a busy server
 * (408/429/5xx), or with an ended session, it stays queued (with its photo, and the steps the server already
 * confirmed) and is replayed later; other refusals answer `refused` with the server's message and remove it. Without
 * `allowQueue` nothing outlives the send but a send cut short by the page going away. Never throws: see SendResult.
 */
export async function sendOrQueue<T>(
  record: OutboxRecord,
  send: OutboxSender<T>,
  { allowQueue = true, writeAhead }: { allowQueue?: boolean; writeAhead?: WriteAhead } = {},
): Promise<SendResult<T>> {
  if (isOffline()) {
    if (!allowQueue) return { status: 'not-sent' };
    try {
      await enqueue(record, writeAhead?.alongside);
      return { status: 'queued', id: record.id };
    } catch (error) {
      console.warn('Could not keep the item in the outbox', error);
      return { status: 'not-sent' };
    }
  }
  return whileSending(record.id, () => firstSend(record, send, allowQueue, writeAhead));
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
 * The app is going away (`pagehide`: closed, reloaded, navigated off) with actions still open to Undo: nobody can undo
 * them any more, so they are sent now rather than on the app's next start (issue 47.9) — released here, and sent by
 * the service worker's Background Sync or by this page's drain, whichever runs first.
 */
export async function releaseHeldActions(): Promise<number> {
  const held = (await listOutboxRecords()).filter((record) => record.state === 'queued' && isHeld(record));
  for (const record of held) {
    const { notBefore: _released, ...rest } = record;
    await putOutboxRecord(rest);
  }
  if (held.length > 0) void registerBackgroundSync();
  return held.length;
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
