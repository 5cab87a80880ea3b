// Seeds every Admin Control list (issue 33 item 6): purchase requests pending, approved, rejected and completed;
// submissions pending and denied; pickups scheduled, collected and paid — `count` records in each.
//
// The first `httpPerState` records of each state are made through the HTTP API one call at a time, as the app makes
// them (create, then approve / reject / complete, schedule / collect / pay). Making all of them that way takes too
// long for a bench (measured: see docs/ADMIN-UI.md), so the rest are copies of those server-written records, made
// in the server's own SQLite file (`cloneServerRows`): each copy is the same row with a new id — and its audit rows
// and promise copied with it, re-pointed at the copy — so the app reads them through its normal API, as it reads the
// originals (a purchase request's lines are copied with it). SQLite only (the bench servers run on it); the server's read cache sees the other connection's commit
// (`data_version`), so the server keeps running while the copies are written.
import Database from 'better-sqlite3';
import path from 'node:path';
import { ApiClient, pool, purchaseBody } from './client';
import { SUPER_ADMIN, type Child } from './processes';

export type RequestState = 'pending' | 'approved' | 'rejected' | 'completed';
export type SubmissionState = 'pending' | 'denied' | 'scheduled' | 'collected' | 'paid';

export const REQUEST_STATES: readonly RequestState[] = ['pending', 'approved', 'rejected', 'completed'];
export const SUBMISSION_STATES: readonly SubmissionState[] = ['pending', 'denied', 'scheduled', 'collected', 'paid'];

const PLAYERS = 8;
const ITEMS = ['Glock', 'Golden AK-47', 'Rifle Ammo', 'First Aid Kit'] as const;

/** What the seed made, and how long each way took (ms). */
export interface SeedReport {
  /** Records made through the API, per state (`request:approved` …), and how long each state's took (ms). */
  http: Record<string, { records: number; ms: number }>;
  httpMs: number;
  /** Copies written to the database. */
  cloned: number;
  cloneMs: number;
}

/**
 * A drop or pickup time `days` ahead, in the API's month/day/year and h:mm AM/PM: in the future, so no promise comes
 * due (and is settled by the server) while the bench runs.
 */
export function scheduleAt(i: number, days = 30): { scheduledDate: string; scheduledTime: string } {
  const at = new Date(Date.now() + (days + (i % 20)) * 86_400_000);
  const hour = (i % 12) + 1;
  return {
    scheduledDate: `${at.getMonth() + 1}/${at.getDate()}/${at.getFullYear()}`,
    scheduledTime: `${hour}:${i % 2 ? '30' : '00'} ${i % 4 < 2 ? 'AM' : 'PM'}`,
  };
}

const expectOk = (what: string, res: { status: number; data: unknown }, ok = [200, 201]) => {
  if (!ok.includes(res.status)) throw new Error(`seed ${what}: ${res.status} ${JSON.stringify(res.data).slice(0, 200)}`);
};

/** Seeds `count` records of every state; at most `httpPerState` of each through the API, the rest copied. */
export async function seedAdminLists(server: Child, count: number, { httpPerState = 100 } = {}): Promise<SeedReport> {
  const started = performance.now();
  const customers = await Promise.all(
    Array.from({ length: PLAYERS }, async (_, i) => {
      const client = new ApiClient(server.url);
      await client.signup(`player${i}`);
      return client;
    }),
  );
  const admin = new ApiClient(server.url);
  await admin.login(SUPER_ADMIN.username, SUPER_ADMIN.password);

  const viaHttp = Math.min(count, httpPerState);
  const http: SeedReport['http'] = {};
  const templates: { table: 'purchase_requests' | 'scheduled_pickups' | 'item_submissions'; ids: number[] }[] = [];

  for (const state of REQUEST_STATES) {
    const ids: number[] = [];
    const stateStarted = performance.now();
    await pool(viaHttp, 8, async (i) => {
      const player = i % PLAYERS;
      const created = await customers[player].call<{ id: number }>('POST', '/api/purchase-requests', purchaseBody(`player${player}`));
      expectOk('purchase', created);
      const id = created.data.id;
      if (state === 'approved' || state === 'completed')
        expectOk(
          'approve',
          await admin.call('PATCH', `/api/purchase-requests/${id}/status`, {
            status: 'approved',
            ...scheduleAt(i),
            expectedStatus: 'pending',
          }),
        );
      if (state === 'completed')
        expectOk('complete', await admin.call('PUT', `/api/purchase-requests/${id}/complete`, { expectedStatus: 'approved' }));
      if (state === 'rejected')
        expectOk(
          'reject',
          await admin.call('PATCH', `/api/purchase-requests/${id}/status`, {
            status: 'rejected',
            rejectionReason: 'Out of stock',
            expectedStatus: 'pending',
          }),
        );
      ids.push(id);
    });
    http[`request:${state}`] = { records: ids.length, ms: Math.round(performance.now() - stateStarted) };
    templates.push({ table: 'purchase_requests', ids });
  }

  for (const state of SUBMISSION_STATES) {
    const ids: number[] = [];
    const stateStarted = performance.now();
    // No photos: the part measures the page, not uploads (admin-lists measures lists with photos). The photo gate
    // admits a few sell calls at once (503 + Retry-After beyond): sent patiently, two at a time.
    await pool(viaHttp, 2, async (i) => {
      const player = i % PLAYERS;
      const created = await customers[player].callPatiently<{ id: number }>('POST', '/api/item-submissions', {
        ps5Name: ITEMS[i % 2],
        robloxName: 'weapons',
        quantity: 1 + (i % 3),
        hasMultipleQuantity: i % 3 > 0,
        paymentMethod: 'usd',
      });
      expectOk('submission', created);
      const submissionId = created.data.id;
      if (state === 'denied')
        expectOk(
          'deny',
          await admin.call('PATCH', `/api/item-submissions/${submissionId}/status`, {
            status: 'rejected',
            rejectionReason: 'Not in the catalogue',
            expectedStatus: 'pending',
          }),
        );
      if (state === 'pending' || state === 'denied') return void ids.push(submissionId);
      const pickup = await admin.call<{ id: number }>('POST', '/api/scheduled-pickups', {
        submissionId,
        ...scheduleAt(i),
        expectedStatus: 'pending',
      });
      expectOk('schedule pickup', pickup);
      const pickupId = pickup.data.id;
      if (state === 'collected' || state === 'paid')
        expectOk('collect', await admin.call('PATCH', `/api/scheduled-pickups/${pickupId}/complete`, { expectedStatus: 'scheduled' }));
      if (state === 'paid')
        expectOk('pay', await admin.call('PATCH', `/api/scheduled-pickups/${pickupId}/paid`, { expectedStatus: 'collected' }));
      ids.push(pickupId);
    });
    http[`submission:${state}`] = { records: ids.length, ms: Math.round(performance.now() - stateStarted) };
    templates.push({ table: state === 'pending' || state === 'denied' ? 'item_submissions' : 'scheduled_pickups', ids });
  }
  const httpMs = performance.now() - started;

  const cloneStarted = performance.now();
  let cloned = 0;
  if (count > viaHttp) {
    cloned = cloneServerRows(server.dataDir, templates, count - viaHttp);
    // The copying held this process's event loop for seconds, in which the server closed the idle keep-alive
    // connections; one turn of the loop lets fetch see that, instead of sending the next call on a closed socket.
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { http, httpMs, cloned, cloneMs: performance.now() - cloneStarted };
}

/** Audit subject types and promise subject types of each record table, as the server stores them (server/db/record-kinds.ts). */
const KINDS = {
  purchase_requests: { audit: 'purchase_request', promise: 'purchase_request' },
  item_submissions: { audit: 'item_submission', promise: null },
  scheduled_pickups: { audit: 'scheduled_pickup', promise: 'pickup' },
} as const;

/**
 * Writes `copies` copies of the template records of each group, round robin over the group's templates, in one
 * transaction on the server's SQLite file. A copy is its template's row with a new id; its audit rows and promise
 * are copied and re-pointed at it; a pickup's submission is copied first and the copy points at the new submission.
 * Answers how many records were written.
 */
export function cloneServerRows(
  dataDir: string,
  groups: ReadonlyArray<{ table: keyof typeof KINDS; ids: readonly number[] }>,
  copies: number,
): number {
  const db = new Database(path.join(dataDir, 'blockspin.sqlite'));
  db.pragma('busy_timeout = 30000');
  db.pragma('foreign_keys = ON');
  const columns = (table: string) =>
    (db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[]).filter((name) => name !== 'id');
  // INSERT … SELECT of a row with some columns replaced by parameters: the row as the server wrote it, but for those.
  const copier = (table: string, replaced: readonly string[], where: string) => {
    const names = columns(table);
    const values = names.map((name) => (replaced.includes(name) ? `@${name}` : name));
    return db.prepare(`INSERT INTO ${table} (${names.join(', ')}) SELECT ${values.join(', ')} FROM ${table} WHERE ${where}`);
  };
  const copyRecord = {
    purchase_requests: copier('purchase_requests', [], 'id = @from'),
    item_submissions: copier('item_submissions', [], 'id = @from'),
    scheduled_pickups: copier('scheduled_pickups', ['submission_id'], 'id = @from'),
  };
  const copyAudit = copier('audit_history', ['subject_id'], 'subject_type = @type AND subject_id = @from');
  // A request's lines are rows of their own (migration 023): copied with it, pointing at the copy.
  const copyLines = copier('purchase_request_lines', ['request_id'], 'request_id = @from');
  const copyPromise = copier('promises', ['subject_id'], 'id = @from');
  const setPromise = {
    purchase_requests: db.prepare('UPDATE purchase_requests SET promise_id = ? WHERE id = ?'),
    scheduled_pickups: db.prepare('UPDATE scheduled_pickups SET promise_id = ? WHERE id = ?'),
  };
  const promiseOf = {
    purchase_requests: db.prepare('SELECT promise_id FROM purchase_requests WHERE id = ?').pluck(),
    scheduled_pickups: db.prepare('SELECT promise_id FROM scheduled_pickups WHERE id = ?').pluck(),
  };
  const submissionOf = db.prepare('SELECT submission_id FROM scheduled_pickups WHERE id = ?').pluck();

  const copySubmission = (from: number): number => {
    const to = Number(copyRecord.item_submissions.run({ from }).lastInsertRowid);
    copyAudit.run({ type: KINDS.item_submissions.audit, from, subject_id: to });
    return to;
  };

  let written = 0;
  db.transaction(() => {
    for (const { table, ids } of groups) {
      if (ids.length === 0) continue;
      for (let n = 0; n < copies; n++) {
        const from = ids[n % ids.length];
        let to: number;
        if (table === 'item_submissions') to = copySubmission(from);
        else {
          const submission = table === 'scheduled_pickups' ? copySubmission(submissionOf.get(from) as number) : undefined;
          to = Number(
            (table === 'scheduled_pickups'
              ? copyRecord.scheduled_pickups.run({ from, submission_id: submission })
              : copyRecord[table].run({ from })
            ).lastInsertRowid,
          );
          copyAudit.run({ type: KINDS[table].audit, from, subject_id: to });
          if (table === 'purchase_requests') copyLines.run({ from, request_id: to });
          const promise = promiseOf[table].get(from) as number | null;
          if (promise !== null) setPromise[table].run(Number(copyPromise.run({ from: promise, subject_id: to }).lastInsertRowid), to);
        }
        written++;
      }
    }
  })();
  db.close();
  return written;
}
