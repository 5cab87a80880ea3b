// Steps several API files take to reach a deal's state: a drop approved for at once, a new time proposed for it.
import { beforeAll, expect } from 'vitest';
import { YEAR } from '../support/dates';
import { createPurchase, signUp, submitItem, useServerWithCast, type Client } from './helpers';

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

export const HOUR = 3600_000;
export const MINUTE = 60_000;

/**
 * The deals files' server and cast: real-sized windows ('Immediately' = within 60 minutes, 15 minutes of grace), time
 * passed by moving the server's clock (POST /api/test/clock, `advance`), never by sleeping; the job looks for missed
 * promises every 50 ms. `admins.sam` is a second admin (promoted before the tests), `approvedDrop` and `pickupFor` the
 * deal steps by the cast's admin.
 */
export function useDealWorld() {
  const { server, cast } = useServerWithCast({ testClock: true, promiseCheckIntervalMs: 50 });
  const admins = {} as { sam: Client };
  beforeAll(async () => {
    admins.sam = await signUp(server, 'sam');
    const promoted = await cast.superAdmin.post('/api/admin/marketplace-users/sam/admin-status', { isAdmin: true });
    expect(promoted.status).toBe(200);
    await cast.admin.post('/api/test/clock', { reset: true });
  });
  const advance = async (ms: number) => {
    const answer = await cast.admin.post('/api/test/clock', { advanceMs: ms });
    expect(answer.status).toBe(200);
  };
  const approvedDrop = (player: Client) => approveDrop(cast.admin, player);
  const pickupFor = (player: Client) => immediatePickup(cast.admin, player);
  return { server, cast, admins, advance, approvedDrop, pickupFor };
}
