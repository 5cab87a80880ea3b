import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { newRecord, sendOrQueue } from './outbox';
import { beingSent } from './item-lock';
import { listOutboxRecords } from './store';
import { twoStepSender, withScriptedServer } from '@/test/outbox-server';

/** A feature's sender as the first send sees it: two calls, the first kept as a step once the server confirms it. */
const sendTwo = twoStepSender;

const record = () => newRecord('key-1', 'purchase', 'alice', { name: 'Glock' });

const scripted = withScriptedServer();

describe('sendOrQueue', () => {
  it("when the server answers, then the sender's result is returned and nothing is queued", async () => {
    scripted.state.answers = [
      { status: 201, body: { id: 1 } },
      { status: 201, body: { id: 2 } },
    ];
    expect(await sendOrQueue(record(), sendTwo)).toEqual({ status: 'sent', result: { id: 2 } });
    expect(scripted.state.calls).toEqual([
      { path: '/api/first', key: 'key-1:first' },
      { path: '/api/second', key: 'key-1:second' },
    ]);
    expect(await listOutboxRecords()).toEqual([]);
  });

  it('when a later call of the send gets no answer, then the item is queued with the steps the server confirmed', async () => {
    scripted.state.answers = [{ status: 201, body: { id: 1 } }, 'network'];
    expect(await sendOrQueue(record(), sendTwo)).toEqual({ status: 'queued', id: 'key-1' });
    expect(await listOutboxRecords()).toMatchObject([{ id: 'key-1', state: 'queued', progress: { first: { id: 1 } } }]);
  });

  it('when queueing is not allowed, then offline, no answer and a busy server all answer not-sent, and nothing is queued', async () => {
    scripted.state.answers = ['network', { status: 503 }];
    expect(await sendOrQueue(record(), sendTwo, { allowQueue: false })).toEqual({ status: 'not-sent' });
    expect(await sendOrQueue(record(), sendTwo, { allowQueue: false })).toEqual({ status: 'not-sent' });
    vi.stubGlobal('navigator', { onLine: false });
    expect(await sendOrQueue(record(), sendTwo, { allowQueue: false })).toEqual({ status: 'not-sent' });
    expect(await listOutboxRecords()).toEqual([]);
  });

  it("when the server refuses, then it answers refused with the server's message even where queueing is allowed", async () => {
    scripted.state.answers = [{ status: 422, body: { message: 'quantity must be at least 1' } }];
    expect(await sendOrQueue(record(), sendTwo)).toEqual({ status: 'refused', code: 422, message: 'quantity must be at least 1' });
    expect(await listOutboxRecords()).toEqual([]);
  });

  it('when the device cannot store the item, then it answers not-sent instead of throwing', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal('navigator', { onLine: false });
    vi.stubGlobal('indexedDB', {
      open: () => {
        throw new Error('storage is broken');
      },
    });
    expect(await sendOrQueue(record(), sendTwo)).toEqual({ status: 'not-sent' });
  });

  it('when a send waits for its answer, then the item is already stored as sending and marked as being sent, so a reload resumes it and a drain leaves it alone (write-ahead, issue 47.1)', async () => {
    let answer = () => {};
    const waiting = new Promise<void>((resolve) => (answer = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        await waiting;
        return new Response(JSON.stringify({ id: 7 }), { status: 201, headers: { 'Content-Type': 'application/json' } });
      }),
    );
    const sent = sendOrQueue(record(), sendTwo);
    await vi.waitFor(async () => expect(await listOutboxRecords()).toMatchObject([{ id: 'key-1', state: 'sending', attempts: 1 }]));
    expect(await beingSent('key-1')).toBe(true);
    answer();
    expect(await sent).toEqual({ status: 'sent', result: { id: 7 } });
    expect(await listOutboxRecords()).toEqual([]);
    expect(await beingSent('key-1')).toBe(false);
  });

  it('when a send written ahead is refused, then the item leaves the outbox and what was written beside it is undone', async () => {
    scripted.state.answers = [{ status: 409, body: { message: 'Prices have changed' } }];
    const undo = vi.fn(async () => undefined);
    const alongside = vi.fn(async () => undefined);
    expect(await sendOrQueue(record(), sendTwo, { writeAhead: { alongside, undo } })).toEqual({
      status: 'refused',
      code: 409,
      message: 'Prices have changed',
    });
    expect(alongside).toHaveBeenCalledTimes(1);
    expect(undo).toHaveBeenCalledTimes(1);
    expect(await listOutboxRecords()).toEqual([]);
  });
});
