// Steps several API files take to reach a deal's state: a drop approved for at once, a new time proposed for it.
import { expect } from 'vitest';
import { YEAR } from '../support/dates';
import { createPurchase, type Client } from './helpers';

/** What an approved drop answers that the tests read. */
export interface ApprovedDrop {
  id: number;
  promisedAt: string;
  promiseStatus: string;
  totalPrice: number;
}

/** A new purchase request of `player`, approved by `admin` for at once (so its promise is open); fails unless 200. */
export async function approveDrop(admin: Client, player: Client): Promise<ApprovedDrop> {
  const request = await createPurchase(player);
  const approved = await admin.patch(`/api/purchase-requests/${request.id}/status`, {
    status: 'approved',
    isImmediateSchedule: true,
    expectedStatus: 'pending',
  });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  return approved.body as ApprovedDrop;
}

/** `client` proposes a new time for the drop (by default March 14, 4:30 PM); the answer, for the test to check. */
export const proposeDropTime = (client: Client, dropId: number, scheduledDate = `3/14/${YEAR}`, scheduledTime = '4:30 PM') =>
  client.post('/api/proposals', { subjectType: 'purchase-request', subjectId: dropId, scheduledDate, scheduledTime });
