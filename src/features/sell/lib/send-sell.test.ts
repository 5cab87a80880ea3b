import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type { SellPayload } from '@/domain/schemas/submissions';
import type { OutboxRecord } from '@/lib/db';
import { drainOutbox } from '@/lib/outbox/drain';
import { getOutboxRecord, listOutboxRecords, putOutboxRecord } from '@/lib/outbox/store';
import type { PostFn } from '@/lib/outbox/transport';
import { queuedRecord, withFakeServer } from '@/test/outbox-server';
import { sendSellSteps } from './send-sell';

const sellPayload: SellPayload = {
  submission: { ps5Name: 'AK-47', robloxName: 'Item', hasMultipleQuantity: false, quantity: 1, paymentMethod: 'usd' },
  sellRequest: { itemName: 'AK-47', category: 'Weapons' },
};

const sellRecord = (patch: Partial<OutboxRecord> = {}): OutboxRecord =>
  queuedRecord('sell', sellPayload, { photo: new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' }), ...patch });

const server = withFakeServer(['sell', sendSellSteps]);

describe('a queued sell, sent by the drain', () => {
  it('when a sell with a photo is queued, then the submission and then the sell request are created with derived keys and the item leaves', async () => {
    await putOutboxRecord(sellRecord());
    expect(await drainOutbox()).toEqual({ sent: 1, retryLater: 0, failed: 0, needsLogin: 0, failedAdmin: [] });
    expect(server.state.created.map((c) => [c.path, c.key])).toEqual([
      ['/api/item-submissions', 'key-1:submission'],
      ['/api/user-sell-requests', 'key-1:sell-request'],
    ]);
    expect(server.state.created[0].body).toMatchObject({
      ps5Name: 'AK-47',
      submittedBy: 'alice',
      imageUrl: 'data:image/jpeg;base64,/9j/4A==',
    });
    expect(server.state.created[1].body).toMatchObject({ submissionId: 1, itemName: 'AK-47', category: 'Weapons', status: 'pending' });
    expect(await listOutboxRecords()).toEqual([]);
  });

  it('when the answer is lost after the server committed, then the replay creates nothing new', async () => {
    await putOutboxRecord(sellRecord());
    server.state.script = ['drop'];
    await drainOutbox();
    expect(await getOutboxRecord('key-1')).toMatchObject({ state: 'queued' });
    await drainOutbox();
    expect(await listOutboxRecords()).toEqual([]);
    expect(server.state.created.filter((c) => c.path === '/api/item-submissions')).toHaveLength(1);
    expect(server.state.created.filter((c) => c.path === '/api/user-sell-requests')).toHaveLength(1);
  });

  it('when only the submission got through, then the replay skips it (no second upload) and makes the sell request once', async () => {
    await putOutboxRecord(sellRecord());
    server.state.cutPath = '/api/user-sell-requests';
    await drainOutbox();
    const kept = await getOutboxRecord('key-1');
    expect(kept).toMatchObject({ state: 'queued', progress: { submission: { id: 1 } } });
    server.state.posts = [];
    await drainOutbox();
    expect(server.state.posts.map((p) => p.path)).toEqual(['/api/user-sell-requests']);
    expect(server.state.created.map((c) => c.key)).toEqual(['key-1:submission', 'key-1:sell-request']);
  });
});

/** A refusal as request() answers it. */
const refused = (status: number, message: string | null) =>
  ({ kind: 'refused', status, message, body: { message }, statusText: '', summary: `${status}: ${message}` }) as const;

describe('sendSellSteps', () => {
  it('when the server refuses the sell request (422) after the submission, then the submission stands and the refusal is only logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const submission = { id: 9, imageUrl: '/api/images/9.jpg' };
    const post = vi
      .fn<PostFn>()
      .mockResolvedValueOnce({ kind: 'ok', status: 201, data: submission })
      .mockResolvedValueOnce(refused(422, 'category is required'));
    const onStep = vi.fn();
    expect(await sendSellSteps(sellRecord(), post, onStep)).toEqual({ kind: 'ok', status: 201, data: { submission, sellRequest: null } });
    expect(onStep).toHaveBeenCalledWith('submission', submission);
    expect(warn).toHaveBeenCalledWith('Could not record the sell request', 422, 'category is required');
  });

  it('when the sell request gets no answer or a busy server, then that answer is passed on, so the item waits with its submission', async () => {
    const submission = { id: 9, imageUrl: '/api/images/9.jpg' };
    const post = vi.fn<PostFn>().mockResolvedValue(refused(503, null));
    expect(await sendSellSteps(sellRecord({ progress: { submission } }), post, () => undefined)).toEqual(refused(503, null));
    expect(post).toHaveBeenCalledOnce();
    expect(post.mock.calls[0][0]).toBe('/api/user-sell-requests');
  });
});
