// The first send of a creating call, written ahead (issue 47): sendOrQueue (outbox.ts) runs it while it holds the
// item's lock. The item is stored, state 'sending', before it is sent, and leaves only when the answer is settled.
import type { RequestResult } from '../api/request';
import type { OutboxRecord } from '../db';
import { markSessionRequestKept } from '../session-notice';
import { enqueue, keepUntilLogin, registerBackgroundSync } from './keep';
import { classifyStatus, transition, type OutboxEvent, type Verdict } from './machine';
import type { SendResult, WriteAhead } from './outbox';
import type { OutboxSender } from './senders';
import { deleteOutboxRecord, putOutboxRecord, putOutboxRecordWith } from './store';
import { pagePost } from './transport';

/** An item on its first send: the record in memory and whether the device could write it ahead. */
class FirstSend<T> {
  readonly sending: OutboxRecord;
  written = true;

  constructor(
    private readonly record: OutboxRecord,
    private readonly writeAhead: WriteAhead | undefined,
  ) {
    this.sending = { ...record, state: 'sending', attempts: 1 };
  }

  /** Stores the item before it is sent; when the device cannot, it is sent from memory alone, as before write-ahead. */
  async write(): Promise<void> {
    try {
      if (this.writeAhead) await putOutboxRecordWith(this.sending, this.writeAhead.alongside);
      else await putOutboxRecord(this.sending);
    } catch (error) {
      // Kept only if it can be later.
      console.warn('Could not write the item ahead of its send', error);
      this.written = false;
    }
  }

  /**
   * The item is this send's alone while it holds the item's lock, so each change is written from the record in
   * memory, whose photo is the page's own Blob: on WebKit a Blob read back from IndexedDB and written again broke
   * once its older copy was overwritten, and the drain could then never read the photo to send it.
   */
  async advance(event: OutboxEvent): Promise<void> {
    const next = transition(this.sending, event, new Date().toISOString());
    if (!next) return void (await deleteOutboxRecord(this.record.id));
    Object.assign(this.sending, next);
    await putOutboxRecord({ ...next, ...(this.record.photo ? { photo: this.record.photo } : {}) });
  }

  /** A step the server confirmed: written with the item, or kept in memory when it could not be written. */
  async confirmStep(step: string, result: unknown): Promise<void> {
    if (this.written) await this.advance({ type: 'step-confirmed', step, result });
    else this.sending.progress = { ...this.sending.progress, [step]: result };
  }

  /** Ends the send with `result`: a refused or unsent item leaves (its write-ahead undone), a kept one takes `event`. */
  async settle(result: SendResult<T>, event?: OutboxEvent): Promise<SendResult<T>> {
    if (!this.written) return result;
    if (result.status === 'refused' || result.status === 'not-sent') {
      await deleteOutboxRecord(this.record.id);
      await this.writeAhead?.undo();
    } else if (event) await this.advance(event);
    return result;
  }

  /** Keeps the item for the drain after no answer, a busy server or an ended session (`verdict` 'needs-login'). */
  async keep(outcome: Exclude<RequestResult<T>, { kind: 'ok' }>, verdict: Verdict): Promise<SendResult<T>> {
    const id = this.record.id;
    if (!this.written) {
      // Kept now, if the device can (after the player logs in again for a 401).
      if (verdict === 'needs-login') return await keepUntilLogin({ ...this.sending, progress: this.sending.progress });
      await enqueue({ ...this.sending, state: 'queued', progress: this.sending.progress });
      return { status: 'queued', id };
    }
    await this.advance(
      outcome.kind === 'offline' ? { type: 'network-error' } : { type: 'refused', status: outcome.status, message: outcome.message },
    );
    void registerBackgroundSync();
    if (verdict === 'needs-login') {
      markSessionRequestKept();
      return { status: 'queued', id, needsLogin: true };
    }
    return { status: 'queued', id };
  }
}

/**
 * Writes the item ahead, sends it once with `send` and settles the answer: sent, refused (the item leaves), not sent
 * (without `allowQueue`), or kept for the drain. Never throws.
 */
export async function firstSend<T>(
  record: OutboxRecord,
  send: OutboxSender<T>,
  allowQueue: boolean,
  writeAhead: WriteAhead | undefined,
): Promise<SendResult<T>> {
  const item = new FirstSend<T>(record, writeAhead);
  await item.write();
  try {
    const outcome = await send(item.sending, pagePost, (step, result) => item.confirmStep(step, result));
    if (outcome.kind === 'ok') return await item.settle({ status: 'sent', result: outcome.data }, { type: 'confirmed' });
    const verdict = classifyStatus(outcome.kind === 'offline' ? 0 : outcome.status);
    if (outcome.kind === 'refused' && (verdict === 'failed' || (!allowQueue && verdict === 'needs-login'))) {
      return await item.settle({ status: 'refused', code: outcome.status, message: outcome.message });
    }
    if (!allowQueue) return await item.settle({ status: 'not-sent' });
    return await item.keep(outcome, verdict);
  } catch (error) {
    console.warn('Could not keep the item in the outbox', error);
    return { status: 'not-sent' };
  }
}
