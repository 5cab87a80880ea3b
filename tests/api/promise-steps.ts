import path from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'vitest';
import type { TestServer } from '../support/server';
import { type Cast, type Client, submitItem } from './helpers';
import { YEAR } from '../support/dates';

// What tests/api/promise*.test.ts share: the windows their server runs with, the schedules, items and cart they use,
// and the steps that move its clock and read its promises and credit.

// Real-sized windows ('Immediately' = within 60 minutes, 15 minutes of grace): time passes by moving the server's clock
// (POST /api/test/clock, server/lib/time.ts), never by sleeping, so a slow machine can neither miss a promise a test
// keeps nor keep one it misses. After moving the clock a test runs the job once itself, as its timer would.
export const WINDOWS = { immediateWindowMs: 60 * 60_000, promiseGraceMs: 15 * 60_000, promiseCheckIntervalMs: 100 };
/** Past an Immediately promise's deadline (window + grace) with room to spare. */
export const PAST_DEADLINE_MS = 2 * 60 * 60_000;

export const IMMEDIATELY = { scheduledDate: 'Immediately', scheduledTime: '', isImmediate: true };
export const LATER = { scheduledDate: `3/14/${YEAR}`, scheduledTime: '4:30 PM' };
/** AK-47: table price $18, sold for 15% → $2.70 USD; a quarter of that is $0.675 → $0.68. */
export const AK = { ps5Name: 'AK-47', robloxName: 'weapons', quantity: 1 };

export const creditOf = async (client: Client, username: string) => {
  const answer = await client.get(`/api/marketplace/credit/${username}`);
  expect(answer.status).toBe(200);
  return answer.body as {
    balance: number;
    entries: Array<{
      id: number;
      amount: number;
      kind: string;
      subjectType: string;
      subjectId: number;
      reason: string | null;
      createdBy: string | null;
    }>;
  };
};

export function ledgerRows(dataDir: string) {
  const db = new Database(path.join(dataDir, 'blockspin.sqlite'), { readonly: true });
  try {
    return db.prepare('SELECT kind, amount_cents AS cents, cause FROM credit_ledger ORDER BY id').all() as Array<{
      kind: string;
      cents: number;
      cause: string;
    }>;
  } finally {
    db.close();
  }
}

/** CART of the helpers: $6.99; a quarter is $1.7475 → $1.75. */
export const CART_BODY = {
  items: [
    { id: 'gun-glock', name: 'Glock', category: 'Weapons', price: '$2.00', quantity: 2 },
    { id: 'cash-12000', name: '$12,000 Cash', category: 'Cash', price: '$2.99', quantity: 1 },
  ],
  totalPrice: 6.99,
};

/** The steps of a test file's own server (`useServerWithCast({ ...WINDOWS, testClock: true })`). */
export function promiseSteps(server: TestServer, cast: Cast) {
  /** The server's current instant. */
  const serverNow = async () => {
    const answer = await cast.admin.post('/api/test/clock', {});
    expect(answer.status).toBe(200);
    return Date.parse(answer.body.now as string);
  };

  /** Lets `ms` pass on the server's clock, then runs the missed-promise job at that instant. */
  async function pass(ms = PAST_DEADLINE_MS) {
    const moved = await cast.admin.post('/api/test/clock', { advanceMs: ms });
    expect(moved.status).toBe(200);
    await server.runPromiseJob();
  }

  async function pickupFor(player: Client, schedule: Record<string, unknown> = IMMEDIATELY, item: Record<string, unknown> = AK) {
    const submission = await submitItem(player, item);
    const created = await cast.admin.post('/api/scheduled-pickups', { submissionId: submission.id, ...schedule });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body as { id: number; promisedAt: string; promiseStatus: string; agreedPrice: number | null };
  }

  const pickupOf = async (id: number) =>
    (
      (await cast.admin.get('/api/scheduled-pickups')).body as Array<{
        id: number;
        promiseStatus: string;
        promisedAt: string;
        scheduledDate: string;
      }>
    ).find((p) => p.id === id)!;
  return { serverNow, pass, pickupFor, pickupOf };
}
