import { afterAll, beforeAll, expect } from 'vitest';
import { YEAR } from '../support/dates';
import { decryptFor, newDevice, startPushService, type FakeDevice, type LocalPushService } from '../support/push-service';
import { eventually, useServerWithCast, type Client } from './helpers';

/** A new fake device of `client`, subscribed to push through the API at the local push service; fails unless 201. */
export async function subscribeDevice(push: LocalPushService, client: Client, name: string): Promise<FakeDevice> {
  const device = newDevice(push, name);
  const answer = await client.post('/api/push/subscriptions', device.subscription);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return device;
}

/**
 * The local push service for a file's tests: started before them, closed after them. What it answers is the running
 * service's, read when used (so `push.to(name)` in a test reads the one `beforeAll` started).
 */
export function usePushService(): LocalPushService {
  let service: LocalPushService | undefined;
  beforeAll(async () => {
    service = await startPushService();
  });
  afterAll(() => service?.close());
  return new Proxy({} as LocalPushService, {
    get: (_target, key: keyof LocalPushService) => {
      if (!service) throw new Error('The push service starts in beforeAll');
      return service[key];
    },
  });
}

// Short promise windows so a missed promise (and its credit) happens within the test.
const WINDOWS = { immediateWindowMs: 300, promiseGraceMs: 200, promiseCheckIntervalMs: 100 };

/** push.test.ts, push-delivery.test.ts: an approval with a drop time. */
export const APPROVE_LATER = { status: 'approved', scheduledDate: `3/14/${YEAR}`, scheduledTime: '4:30 PM' };

/**
 * push.test.ts, push-delivery.test.ts: the local push service and a server (with its cast) that sends to it over
 * http, retrying soon; and steps reading what each device received.
 */
export function usePushServer() {
  const push = usePushService();
  const { server, cast } = useServerWithCast({
    pushAllowHttpEndpoints: true,
    pushRetryBaseMs: 40,
    vapidSubject: 'mailto:ops@blockspin.example',
    ...WINDOWS,
  });
  const subscribe = (client: Client, name: string) => subscribeDevice(push, client, name);

  /** The decrypted payloads a device has received, oldest first. */
  const payloadsOf = (device: FakeDevice) =>
    push.to(device.name).map((delivery) => classic(decryptFor(device, delivery.body) as Record<string, unknown>));

  /** Waits for the n-th message to a device and answers its decrypted payload and headers. */
  async function nth(device: FakeDevice, n: number) {
    await eventually(() => push.to(device.name).length >= n);
    const delivery = push.to(device.name)[n - 1]!;
    return {
      payload: classic(decryptFor(device, delivery.body) as Record<string, unknown>),
      headers: delivery.headers,
      body: delivery.body,
    };
  }
  return { push, server, cast, subscribe, payloadsOf, nth };
}

/**
 * A message's classic fields (what the service worker reads), after checking its Declarative Web Push twin says the
 * same (issue 47.10: Safari shows that one without the worker).
 */
export function classic(message: Record<string, unknown>): Record<string, string> {
  const { web_push: marker, notification, app_badge: badge, ...fields } = message as Record<string, string> & { notification: unknown };
  // A player's push carries their icon's count (unread messages); an admin's leaves the icon to the app.
  expect(badge === undefined || (Number.isInteger(badge) && Number(badge) >= 0)).toBe(true);
  expect(marker).toBe(8030);
  expect(notification).toMatchObject({ title: fields.title, body: fields.body, tag: fields.tag });
  // The same screen, as an absolute URL of the app's origin (Safari opens it on a tap).
  const navigate = new URL((notification as { navigate: string }).navigate);
  expect(`${navigate.pathname}${navigate.search}`).toBe(fields.url);
  expect(navigate.origin).toMatch(/^http:\/\/(127\.0\.0\.1|localhost):\d+$/);
  // WebKit reads the icon as an absolute URL too (a path would make the message fail to parse as declarative).
  expect((notification as { icon: string }).icon).toBe(`${navigate.origin}/icons/icon-192.png`);
  expect((notification as { app_badge?: unknown }).app_badge).toBe(badge);
  return fields;
}
