import { describe, expect, it } from 'vitest';
import { MAX_PUSH_PAYLOAD_BYTES, PushPayload } from '../../../src/domain/push';
import { creditNotice } from './player-notices';
import { fitted, wireBody, wireMessage } from './wire';

describe('wireMessage (issue 47.10: Declarative Web Push with the classic payload as its fallback)', () => {
  const payload = {
    title: 'Order completed',
    body: 'Your order of 2 items has been dropped. Enjoy!',
    url: '/my-activity?tab=buy',
    tag: 'purchase-7',
  };

  it('is a declarative message Safari shows by itself: web_push 8030 and a notification with title, body and absolute navigate and icon', () => {
    const message = JSON.parse(wireBody(payload, { origin: 'https://market.example' })) as Record<string, unknown>;
    expect(message.web_push).toBe(8030);
    expect(message.notification).toEqual({
      title: 'Order completed',
      body: 'Your order of 2 items has been dropped. Enjoy!',
      // WebKit reads both as absolute URLs: a path would make the whole message unreadable as declarative.
      navigate: 'https://market.example/my-activity?tab=buy',
      icon: 'https://market.example/icons/icon-192.png',
      tag: 'purchase-7',
      lang: 'en',
      dir: 'ltr',
      silent: false,
      data: { url: '/my-activity?tab=buy' },
    });
    expect(message).not.toHaveProperty('app_badge');
    // The icon's count: inside notification (where WebKit reads it) and at the top (the W3C draft).
    const badged = JSON.parse(wireBody(payload, { origin: 'https://market.example', appBadge: 3 })) as {
      app_badge: number;
      notification: { app_badge: number };
    };
    expect([badged.app_badge, badged.notification.app_badge]).toEqual([3, 3]);
    // Without a known origin no icon is named (a relative one would not parse).
    expect(wireMessage(payload).notification).not.toHaveProperty('icon');
  });

  it('carries the classic fields beside it, so a worker without declarative support shows the same notification', () => {
    const message = wireMessage({ ...payload, proposalId: 4 });
    expect(PushPayload.parse(message)).toEqual({ ...payload, proposalId: 4 });
    expect(message.notification.data).toEqual({ url: payload.url, proposalId: 4 });
    // The worker reads these fields (src/lib/push-worker.ts `notificationFor`, tested there with this very shape).
    expect(JSON.parse(wireBody(payload))).toMatchObject(payload);
  });

  it('a notice is shortened to the size limit as sent (both shapes), never only to half of it', () => {
    const notice = creditNotice(1, 2, 175, 'missed-drop');
    const long = { ...notice, payload: { ...notice.payload, body: 'x'.repeat(2000) } };
    // Under the limit alone, over it once carried twice on the wire: shortened.
    expect(Buffer.byteLength(JSON.stringify(long.payload))).toBeLessThan(MAX_PUSH_PAYLOAD_BYTES);
    expect(Buffer.byteLength(wireBody(long.payload))).toBeGreaterThan(MAX_PUSH_PAYLOAD_BYTES);
    const sent = fitted(long);
    expect(Buffer.byteLength(wireBody(sent.payload))).toBeLessThanOrEqual(MAX_PUSH_PAYLOAD_BYTES);
    expect(sent.payload.body).toMatch(/^x+…$/);
    expect(fitted(notice)).toBe(notice);
  });
});
