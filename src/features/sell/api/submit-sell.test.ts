import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { listOutboxRecords } from '@/lib/outbox/store';
import { withScriptedServer } from '@/test/outbox-server';
import { submitSell, type SellInput } from './submit-sell';

const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' });
const input: SellInput = {
  username: 'alice',
  submission: { ps5Name: 'AK-47', robloxName: 'weapons', hasMultipleQuantity: false, quantity: 1, paymentMethod: 'usd' },
  sellRequest: { itemName: 'AK-47', category: 'weapons' },
  photo,
};

const scripted = withScriptedServer();

describe('submitSell', () => {
  it('when the server answers, then it is sent: the submission then the sell request, with keys derived from one key', async () => {
    const outcome = await submitSell(input);
    expect(outcome.status).toBe('sent');
    expect(scripted.state.calls.map((c) => c.path)).toEqual(['/api/item-submissions', '/api/user-sell-requests']);
    const [key] = scripted.state.calls[0].key!.split(':');
    expect(scripted.state.calls.map((c) => c.key)).toEqual([`${key}:submission`, `${key}:sell-request`]);
    expect(await listOutboxRecords()).toEqual([]);
  });

  it('when the device is offline, then nothing is sent and the item is queued with its photo', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const outcome = await submitSell(input);
    expect(outcome.status).toBe('queued');
    expect(scripted.state.calls).toEqual([]);
    const [record] = await listOutboxRecords();
    expect(record).toMatchObject({ id: (outcome as { id: string }).id, kind: 'sell', username: 'alice', state: 'queued', attempts: 0 });
    expect(record.photo?.size).toBe(4);
  });

  it('when the send fails on the network, then the item is queued under the key it was first sent with', async () => {
    scripted.state.answers = ['network'];
    const outcome = await submitSell(input);
    expect(outcome.status).toBe('queued');
    const [record] = await listOutboxRecords();
    expect(scripted.state.calls[0].key).toBe(`${record.id}:submission`);
  });

  it('when the submission got through but the sell request did not, then the item is queued with the confirmed submission', async () => {
    scripted.state.answers = [{ status: 201, body: { id: 9, imageUrl: '/api/images/9.jpg' } }, 'network'];
    expect((await submitSell(input)).status).toBe('queued');
    const [record] = await listOutboxRecords();
    expect(record.progress).toEqual({ submission: { id: 9, imageUrl: '/api/images/9.jpg' } });
  });

  it.each([500, 503, 429, 408])('when the server answers %i, then the item is queued for later', async (status) => {
    scripted.state.answers = [{ status }];
    expect((await submitSell(input)).status).toBe('queued');
    expect(await listOutboxRecords()).toHaveLength(1);
  });

  it('when the session has ended (401), then the item is kept as needs-login, to go out after the next login', async () => {
    scripted.state.answers = [{ status: 401, body: { message: 'Please log in' } }];
    expect((await submitSell(input)).status).toBe('queued');
    expect(await listOutboxRecords()).toMatchObject([
      { state: 'needs-login', error: 'Your session has ended. Log in again to send this.' },
    ]);
  });

  it("when the server refuses it (413), then it answers refused with the server's message and queues nothing", async () => {
    scripted.state.answers = [{ status: 413, body: { message: 'The photo is too large (at most 6 MB)' } }];
    expect(await submitSell(input)).toEqual({ status: 'refused', code: 413, message: 'The photo is too large (at most 6 MB)' });
    expect(await listOutboxRecords()).toEqual([]);
  });
});
