import { describe, expect, it, vi } from 'vitest';
import { failedAdminNotification, notificationFor, openScreen, safePath } from './push-worker';

const ORIGIN = 'https://market.example';

describe('notificationFor', () => {
  it('shows the payload’s title and body, replaces by its tag, and keeps the screen to open', () => {
    const shown = notificationFor(
      JSON.stringify({
        title: 'Pickup scheduled',
        body: 'We will pick up Glock right away.',
        url: '/my-activity?tab=sell',
        tag: 'pickup-4',
      }),
      ORIGIN,
    );
    expect(shown).toMatchObject({
      title: 'Pickup scheduled',
      options: { body: 'We will pick up Glock right away.', tag: 'pickup-4', data: { url: '/my-activity?tab=sell' } },
    });
  });
  it.each([null, '', 'not json', '{"title":3}'])('when the payload is %j, then a plain notification still shows', (text) => {
    expect(notificationFor(text, ORIGIN)).toMatchObject({ title: 'Blockspin Market', options: { data: { url: '/' } } });
  });
  it('never opens another site', () => {
    expect(safePath('https://evil.example/x', ORIGIN)).toBe('/');
    expect(safePath('//evil.example/x', ORIGIN)).toBe('/');
    expect(safePath('/?admin=pending', ORIGIN)).toBe('/?admin=pending');
  });
});

describe('failedAdminNotification', () => {
  it('names the one refused action with its reason, or counts several', () => {
    expect(failedAdminNotification([{ label: 'Approve: 3 items from alice', error: 'Already rejected by dave.' }]).options).toMatchObject({
      body: 'Approve: 3 items from alice — Already rejected by dave.',
      data: { url: '/?admin=outbox' },
    });
    expect(failedAdminNotification([{ label: 'a' }, { label: 'b' }]).title).toBe('Queued admin actions failed');
  });
});

describe('openScreen', () => {
  const windowAt = (url: string) => {
    const client = { url, focus: vi.fn(async () => client), navigate: vi.fn(async () => client) };
    return client;
  };
  it('when the app is open, then that window is focused and moved to the screen', async () => {
    const open = windowAt(`${ORIGIN}/`);
    const clients = { matchAll: vi.fn(async () => [open]), openWindow: vi.fn() };
    await openScreen(clients, '/my-activity?tab=buy', ORIGIN);
    expect(open.focus).toHaveBeenCalled();
    expect(open.navigate).toHaveBeenCalledWith(`${ORIGIN}/my-activity?tab=buy`);
    expect(clients.openWindow).not.toHaveBeenCalled();
  });
  it('when no window is open (or it cannot be moved), then a new one opens on the screen', async () => {
    const clients = { matchAll: vi.fn(async () => []), openWindow: vi.fn(async () => null) };
    await openScreen(clients, '/?admin=submissions', ORIGIN);
    expect(clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/?admin=submissions`);
    const stuck = windowAt(`${ORIGIN}/`);
    stuck.navigate.mockRejectedValue(new Error('not controlled'));
    const again = { matchAll: vi.fn(async () => [stuck]), openWindow: vi.fn(async () => null) };
    await openScreen(again, '/my-activity?tab=sell', ORIGIN);
    expect(again.openWindow).toHaveBeenCalledWith(`${ORIGIN}/my-activity?tab=sell`);
  });
});
