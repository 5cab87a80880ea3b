import { expect } from 'vitest';
import { newDevice, type FakeDevice, type LocalPushService } from '../support/push-service';
import type { Client } from './helpers';

/** A new fake device of `client`, subscribed to push through the API at the local push service; fails unless 201. */
export async function subscribeDevice(push: LocalPushService, client: Client, name: string): Promise<FakeDevice> {
  const device = newDevice(push, name);
  const answer = await client.post('/api/push/subscriptions', device.subscription);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return device;
}
