// The one drain path of the outbox. Pages (on start, online, focus) and the service
// worker (on Background Sync) call drainOutbox(); a Web Lock makes sure two never run at once, across
// tabs and the worker. An item leaves only when the server confirms it. What a sell or a purchase posts is its
// feature's sender (senders.ts); the drain only decides when to send and what each answer does to the item.
import { alreadyDone, sendAdminCall, type AdminAction } from '../admin-action';
import { request, type RequestResult } from '../api/request';
import { beingSent } from './item-lock';
import { isHeld, nextHoldEnd, sendable, type OutboxEvent } from './machine';
import { outboxSender, type SenderKind } from './senders';
import type { OutboxRecord } from '../db';
import { applyOutboxEvent, listOutboxRecords } from './store';
import { drainPost, type PostFn } from './transport';

/** The Web Lock every drain holds. */
export const DRAIN_LOCK = 'outbox-drain';
/** The Background Sync tag the page registers and the worker answers. */
export const SYNC_TAG = 'outbox-drain';

export interface DrainSummary {
  sent: number;
  /** Items still waiting for a later trigger (no answer, 408, 429, 5xx). */
  retryLater: number;
  failed: number;
  needsLogin: number;
  /** Admin actions refused in this drain (the worker notifies the device when the app is not on screen). */
  failedAdmin: Array<{ id: string; label: string; error?: string }>;
  /** When the earliest held item (an action still open to Undo) may be sent (ms since the epoch); absent when none. */
  heldUntil?: number;
}

type LockManagerLike = { request<T>(name: string, callback: () => Promise<T>): Promise<T> };

let localChain: Promise<unknown> = Promise.resolve();

/** Runs `task` under the drain lock (a per-context chain where Web Locks are missing). */
function withDrainLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;
  if (locks) return locks.request(DRAIN_LOCK, task);
  const run = localChain.then(task, task);
  localChain = run.catch(() => undefined);
  return run;
}

/** The session's user: a name, null when signed out (401), undefined when the server cannot be reached. */
async function sessionUser(): Promise<string | null | undefined> {
  const answer = await request<{ username?: string } | undefined>('/api/marketplace/me', {
    handle401: false,
    noStore: true,
    timeoutMs: 15_000,
  });
  if (answer.kind === 'refused' && answer.status === 401) return null;
  return answer.kind === 'ok' ? (answer.data?.username ?? undefined) : undefined;
}

/** What an answer does to the item that was sent. */
function outboxEvent(answer: RequestResult): OutboxEvent {
  if (answer.kind === 'ok') return { type: 'confirmed' };
  if (answer.kind === 'offline') return { type: 'network-error' };
  return { type: 'refused', status: answer.status, message: answer.message };
}

/**
 * The items this drain sends, in order, after settling the rest: held items wait, a 'sending' item nobody is sending is
 * interrupted, and the signed-in user's needs-login items are theirs again. Null when there is nothing to send, or no
 * server to ask whose session this is (then every unsettled item waits for a later trigger).
 */
async function queueToSend(summary: DrainSummary): Promise<OutboxRecord[] | null> {
  let records = await listOutboxRecords();
  const heldUntil = nextHoldEnd(records);
  if (heldUntil !== null) summary.heldUntil = heldUntil;
  // Held items are not sent yet: they count neither as waiting for the network nor as sendable.
  records = records.filter((r) => !isHeld(r));
  // Holding the lock, a 'sending' item belongs to a drain or a first send that died (tab closed or reloaded, worker
  // stopped), unless a live page still holds its item lock (a first send waiting for its answer, issue 47).
  for (const r of records.filter((r) => r.state === 'sending'))
    if (!(await beingSent(r.id))) await applyOutboxEvent(r.id, { type: 'interrupted' });
  if (!records.some((r) => r.state !== 'failed' && r.state !== 'done')) return null;

  // Send only what the session's own user made: the server would file it under whoever is signed in.
  const me = await sessionUser();
  if (me === undefined) {
    summary.retryLater = records.filter((r) => r.state !== 'failed' && r.state !== 'done').length;
    return null;
  }
  records = (await listOutboxRecords()).filter((r) => !isHeld(r));
  if (me) {
    for (const r of records.filter((r) => r.state === 'needs-login' && r.username.toLowerCase() === me.toLowerCase())) {
      await applyOutboxEvent(r.id, { type: 'signed-in' });
    }
    records = (await listOutboxRecords()).filter((r) => !isHeld(r));
  }
  // Signed out: each queued item is tried once more and answers 401, which marks it needs-login.
  return me ? sendable(records, me) : records.filter((r) => r.state === 'queued');
}

/** One item sent: the item after its answer (null once it left the outbox), the answer, and an admin action's label. */
interface Sent {
  next: OutboxRecord | null;
  answer: RequestResult;
  adminLabel?: string;
}

/** Sends an admin action; undefined when it could not be marked as sending. */
async function sendAdminItem(item: OutboxRecord): Promise<Sent | undefined> {
  const sending = await applyOutboxEvent(item.id, { type: 'send' });
  if (!sending) return undefined;
  const action = sending.payload as AdminAction;
  const answer = await sendAdminCall(action, item.id, sending.photo);
  const done = alreadyDone(action, answer);
  const next = done
    ? await applyOutboxEvent(item.id, { type: 'already-done', message: done })
    : await applyOutboxEvent(item.id, outboxEvent(answer));
  return { next, answer, adminLabel: action.label };
}

/** Sends an item through its feature's sender; 'no-sender' when none is registered here, undefined when it could not be marked as sending. */
async function sendFeatureItem(item: OutboxRecord, kind: SenderKind, post: PostFn): Promise<Sent | 'no-sender' | undefined> {
  const send = outboxSender(kind);
  if (!send) {
    // No sender registered for this kind here (its code was not loaded): the item stays queued, untouched, for
    // a later drain that has one. It is never dropped.
    console.warn(`No outbox sender for '${kind}': the item waits`);
    return 'no-sender';
  }
  const sending = await applyOutboxEvent(item.id, { type: 'send' });
  if (!sending) return undefined;
  const answer = await send(sending, post, async (step, result) => {
    await applyOutboxEvent(item.id, { type: 'step-confirmed', step, result });
  });
  return { next: await applyOutboxEvent(item.id, outboxEvent(answer)), answer };
}

/**
 * Counts what the answer did to the item (`waiting`: the items after it in the queue). True when there was no answer:
 * the network is gone again, and the rest waits for the next trigger.
 */
function count(summary: DrainSummary, item: OutboxRecord, { next, answer, adminLabel }: Sent, waiting: number): boolean {
  if (!next || next.state === 'done') summary.sent++;
  else if (next.state === 'failed') {
    summary.failed++;
    if (adminLabel !== undefined) summary.failedAdmin.push({ id: item.id, label: adminLabel, error: next.error });
  } else if (next.state === 'needs-login') summary.needsLogin++;
  else {
    summary.retryLater++;
    if (answer.kind === 'offline') {
      summary.retryLater += waiting;
      return true;
    }
  }
  return false;
}

/** Sends every queued item of the signed-in user, one at a time, under the drain lock. */
export function drainOutbox(post: PostFn = drainPost): Promise<DrainSummary> {
  return withDrainLock(async () => {
    const summary: DrainSummary = { sent: 0, retryLater: 0, failed: 0, needsLogin: 0, failedAdmin: [] };
    const queue = await queueToSend(summary);
    if (!queue) return summary;
    for (const [index, item] of queue.entries()) {
      const sent = item.kind === 'admin' ? await sendAdminItem(item) : await sendFeatureItem(item, item.kind, post);
      if (sent === 'no-sender') summary.retryLater++;
      else if (sent && count(summary, item, sent, queue.length - index - 1)) break;
    }
    // An item still 'sending' now is another context's send under way (a first send, the worker's drain) or one whose
    // sender died after this drain looked; either way it waits, so the page tries again (a later drain finds it
    // unheld and sends it). Without this, a worker stopped mid-send left the item for the app's next start.
    summary.retryLater += (await listOutboxRecords()).filter((r) => r.state === 'sending').length;
    return summary;
  });
}

/** The longest a woken worker waits for a held action's Undo window to close before sending it (issue 47.9). */
export const HOLD_WAIT_MAX_MS = 15_000;

/**
 * Drains, then, while an action is held for its Undo window (at most HOLD_WAIT_MAX_MS away), waits for the window to
 * close and drains again: the service worker's Background Sync runs this, so a Deny or Reject is sent when its window
 * closes even when the app was closed inside it (issue 47.9), never on the app's next start. Undo removes the item
 * before then, and the drain lock keeps a page's own drain from sending it twice.
 */
export async function drainThroughHolds(
  drain: () => Promise<DrainSummary> = drainOutbox,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: () => number = Date.now,
): Promise<DrainSummary> {
  let summary = await drain();
  const total = { ...summary, failedAdmin: [...summary.failedAdmin] };
  while (summary.heldUntil !== undefined && summary.heldUntil - now() <= HOLD_WAIT_MAX_MS) {
    await wait(Math.max(0, summary.heldUntil - now()));
    summary = await drain();
    total.sent += summary.sent;
    total.failed += summary.failed;
    total.needsLogin += summary.needsLogin;
    total.retryLater = summary.retryLater;
    total.failedAdmin.push(...summary.failedAdmin);
    total.heldUntil = summary.heldUntil;
  }
  if (total.heldUntil === undefined) delete total.heldUntil;
  return total;
}
