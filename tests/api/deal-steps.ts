// Steps several API files take to reach a deal's state: a drop approved for at once, a new time proposed for it.
import { expect } from 'vitest';
import { YEAR } from '../support/dates';
import { createPurchase, submitItem, type Client } from './helpers';

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

/** A pickup's schedule for at once, as the API takes it. */
export const IMMEDIATELY = { scheduledDate: 'Immediately', scheduledTime: '', isImmediate: true };
/** The item the deals' players sell. */
export const AK = { ps5Name: 'AK-47', robloxName: 'weapons', quantity: 1 };

/** A pickup of an AK-47 `player` submits, scheduled by `admin` for at once (so its promise is open); fails unless 201. */
export async function immediatePickup(admin: Client, player: Client) {
  const submission = await submitItem(player, AK);
  const created = await admin.post('/api/scheduled-pickups', { submissionId: submission.id, ...IMMEDIATELY, expectedStatus: 'pending' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { id: number; submissionId: number; promisedAt: string; promiseStatus: string };
}

/** One of the player's purchase requests, as their list answers it. */
export const purchaseOf = async (player: Client, username: string, id: number) =>
  (
    (await player.get(`/api/user-purchase-requests/${username}`)).body as Array<{
      id: number;
      promisedAt: string;
      promiseStatus: string;
      scheduledDate: string;
    }>
  ).find((r) => r.id === id)!;

/** The player's credit: the balance and the ledger's entries. */
export const creditOf = async (player: Client, username: string) =>
  (await player.get(`/api/marketplace/credit/${username}`)).body as {
    balance: number;
    entries: Array<{ kind: string; amount: number; reason: string | null }>;
  };
