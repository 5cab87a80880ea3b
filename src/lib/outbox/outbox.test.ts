import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { newRecord, sendOrQueue } from './outbox';
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
});
