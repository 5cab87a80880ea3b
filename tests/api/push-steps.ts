import { afterAll, beforeAll, expect } from 'vitest';
import { newDevice, startPushService, type FakeDevice, type LocalPushService } from '../support/push-service';
import type { Client } from './helpers';

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
