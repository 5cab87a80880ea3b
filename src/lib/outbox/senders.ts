// Which code sends a queued item of each kind. The drain is shared, but what a sell or a purchase posts belongs to its
// feature, and shared code does not import features: the app composes one table of the features' senders
// (src/app/outbox-senders.ts) and installs it, on the page and in the service worker, before any drain runs. No
// DOM-only APIs: the service worker loads it too.
import type { OutboxKind, OutboxRecord } from '../db';
import type { RequestResult } from '../api/request';
import type { PostFn } from './transport';

/** The kinds sent through a feature's sender; admin actions have their own path in the drain (one may end as done). */
export type SenderKind = Exclude<OutboxKind, 'admin'>;

/** Keeps the result of a call the server confirmed, so a replay of a many-call send does not make it again. */
export type OnStep = (step: string, result: unknown) => Promise<void> | void;

/**
 * Sends one item with its Idempotency-Key (`item.id`, or keys derived from it) through `post`, skipping the steps in
 * `item.progress`; never throws for HTTP or network failures.
 */
export type OutboxSender<T = unknown> = (item: OutboxRecord, post: PostFn, onStep: OnStep) => Promise<RequestResult<T>>;

/** The sender of each kind; a kind left out waits in the outbox, never lost. */
export type OutboxSenders = Partial<Record<SenderKind, OutboxSender>>;

const senders = new Map<SenderKind, OutboxSender>();

/** Makes each sender of `table` the one the drain uses for its kind; returns a function that takes them back (tests). */
export function installOutboxSenders(table: OutboxSenders): () => void {
  const entries = Object.entries(table) as Array<[SenderKind, OutboxSender]>;
  for (const [kind, sender] of entries) senders.set(kind, sender);
  return () => {
    for (const [kind, sender] of entries) if (senders.get(kind) === sender) senders.delete(kind);
  };
}

/** The sender for `kind`, or undefined while none is installed (the drain then leaves such items queued). */
export function outboxSender(kind: SenderKind): OutboxSender | undefined {
  return senders.get(kind);
}
