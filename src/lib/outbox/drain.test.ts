import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type { OutboxRecord } from '../db';
import { drainOutbox, DRAIN_LOCK } from './drain';
import type { OutboxSender } from './senders';
import { getOutboxRecord, listOutboxRecords, putOutboxRecord } from './store';
import { queuedRecord, twoStepSender, withFakeServer } from '@/test/outbox-server';

/** A feature's sender as the drain sees it: one POST with the item's key. */
const sendOne: OutboxSender = (item, post) => post('/api/things', item.payload, item.id);

/** A sender of two calls, the first kept as a step once the server confirms it (as a sell's submission is). */
const sendTwo = twoStepSender;

const record = (patch: Partial<OutboxRecord> = {}): OutboxRecord => queuedRecord('purchase', { name: 'Glock', quantity: 1 }, patch);

const server = withFakeServer(['purchase', sendOne]);
const { useSender } = server;

describe('drainOutbox', () => {
  it("when an item is queued, then its kind's sender posts it with its key and the item leaves", async () => {
    await putOutboxRecord(record());
    expect(await drainOutbox()).toEqual({ sent: 1, retryLater: 0, failed: 0, needsLogin: 0, failedAdmin: [] });
    expect(server.state.created).toEqual([{ path: '/api/things', key: 'key-1', body: { name: 'Glock', quantity: 1 } }]);
    expect(await listOutboxRecords()).toEqual([]);
  });

  it('when no sender is registered for its kind, then the item stays queued, untouched, and goes once one is', async () => {
    await putOutboxRecord(record({ id: 'key-1', kind: 'sell' }));
    await putOutboxRecord(record({ id: 'key-2', createdAt: '2026-11-21T05:00:01.000Z' }));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await drainOutbox()).toEqual({ sent: 1, retryLater: 1, failed: 0, needsLogin: 0, failedAdmin: [] });
    expect(server.state.posts).toEqual([{ path: '/api/things', key: 'key-2' }]);
    expect(await listOutboxRecords()).toEqual([record({ id: 'key-1', kind: 'sell' })]);
    expect(await drainOutbox()).toMatchObject({ sent: 0, retryLater: 1 });
    expect(await getOutboxRecord('key-1')).toMatchObject({ state: 'queued', attempts: 0 });

    useSender('sell', sendOne);
    expect(await drainOutbox()).toMatchObject({ sent: 1, retryLater: 0 });
    expect(server.state.created.map((c) => c.key)).toEqual(['key-2', 'key-1']);
    expect(await listOutboxRecords()).toEqual([]);
  });

  it('when the network is gone, then the item stays queued with the same key and the next drain sends it once', async () => {
    await putOutboxRecord(record());
    server.state.script = ['network'];
    expect(await drainOutbox()).toMatchObject({ sent: 0, retryLater: 1 });
    expect(await getOutboxRecord('key-1')).toMatchObject({ id: 'key-1', state: 'queued', attempts: 1 });
    expect(server.state.created).toEqual([]);
    expect(await drainOutbox()).toMatchObject({ sent: 1 });
    expect(server.state.created).toHaveLength(1);
  });

  it('when an item gets no answer, then the items after it wait for the next trigger without being tried', async () => {
    await putOutboxRecord(record());
    await putOutboxRecord(record({ id: 'key-2', createdAt: '2026-11-21T05:00:01.000Z' }));
    server.state.script = ['network'];
    expect(await drainOutbox()).toMatchObject({ sent: 0, retryLater: 2 });
    expect(server.state.posts.map((p) => p.key)).toEqual(['key-1']);
    expect(await getOutboxRecord('key-2')).toMatchObject({ state: 'queued', attempts: 0 });
  });

  it('when the answer is lost after the server committed, then the replay creates nothing new', async () => {
    await putOutboxRecord(record());
    server.state.script = ['drop'];
    await drainOutbox();
    expect(await getOutboxRecord('key-1')).toMatchObject({ state: 'queued' });
    await drainOutbox();
    expect(await listOutboxRecords()).toEqual([]);
    expect(server.state.created).toHaveLength(1);
  });

  it('when a sender confirms a step before its next call gets no answer, then the step is kept and the replay skips it', async () => {
    useSender('sell', sendTwo);
    await putOutboxRecord(record({ kind: 'sell' }));
    server.state.cutPath = '/api/second';
    await drainOutbox();
    expect(await getOutboxRecord('key-1')).toMatchObject({ state: 'queued', progress: { first: { id: 1 } } });
    server.state.posts = [];
    expect(await drainOutbox()).toMatchObject({ sent: 1 });
    expect(server.state.posts.map((p) => p.path)).toEqual(['/api/second']);
    expect(server.state.created.map((c) => c.key)).toEqual(['key-1:first', 'key-1:second']);
  });

  it.each([408, 429, 500, 503])('when the server answers %i, then the item is kept for the next trigger', async (status) => {
    await putOutboxRecord(record());
    server.state.script = [status];
    expect(await drainOutbox()).toMatchObject({ retryLater: 1 });
    expect(await getOutboxRecord('key-1')).toMatchObject({ state: 'queued' });
  });

  it('when the session has ended (401), then the item is kept as needs-login and goes out after the player signs in', async () => {
    await putOutboxRecord(record());
    server.state.me = null;
    server.state.script = [401];
    expect(await drainOutbox()).toMatchObject({ needsLogin: 1 });
    expect(await getOutboxRecord('key-1')).toMatchObject({ state: 'needs-login' });
    server.state.me = 'alice';
    expect(await drainOutbox()).toMatchObject({ sent: 1 });
    expect(await listOutboxRecords()).toEqual([]);
  });

  it("when the server refuses with 409, then the item fails with the server's message and is not replayed", async () => {
    await putOutboxRecord(record());
    server.state.script = [409];
    expect(await drainOutbox()).toMatchObject({ failed: 1 });
    expect(await getOutboxRecord('key-1')).toMatchObject({ state: 'failed', error: 'Refused with 409' });
    server.state.posts = [];
    await drainOutbox();
    expect(server.state.posts).toEqual([]);
  });

  it("when another player is signed in, then this player's items are not sent", async () => {
    await putOutboxRecord(record());
    server.state.me = 'bob';
    await drainOutbox();
    expect(server.state.posts).toEqual([]);
    expect(await getOutboxRecord('key-1')).toMatchObject({ state: 'queued' });
  });

  it('when an item was left sending by a drain that died, then the next drain sends it', async () => {
    await putOutboxRecord(record({ state: 'sending', attempts: 1 }));
    expect(await drainOutbox()).toMatchObject({ sent: 1 });
  });

  it('when two drains start at once, then they run one after the other and each item is posted once', async () => {
    await putOutboxRecord(record());
    await putOutboxRecord(record({ id: 'key-2', createdAt: '2026-11-21T05:00:01.000Z' }));
    const [a, b] = await Promise.all([drainOutbox(), drainOutbox()]);
    expect(a.sent + b.sent).toBe(2);
    expect(server.state.posts.map((p) => p.key)).toEqual(['key-1', 'key-2']);
  });

  it('when the browser has Web Locks, then every drain holds the outbox-drain lock', async () => {
    const held: string[] = [];
    let active = 0;
    let maxActive = 0;
    let chain = Promise.resolve<unknown>(undefined);
    const locks = {
      request: <T>(name: string, task: () => Promise<T>) => {
        held.push(name);
        const run = chain.then(async () => {
          maxActive = Math.max(maxActive, ++active);
          try {
            return await task();
          } finally {
            active--;
          }
        });
        chain = run.catch(() => undefined);
        return run;
      },
    };
    vi.stubGlobal('navigator', { locks });
    await putOutboxRecord(record());
    await Promise.all([drainOutbox(), drainOutbox(), drainOutbox()]);
    expect(held).toEqual([DRAIN_LOCK, DRAIN_LOCK, DRAIN_LOCK]);
    expect(maxActive).toBe(1);
    expect(server.state.created).toHaveLength(1);
  });
});
