import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { CART, Client, jpegDataUrl, logIn, openSocket, signUp, SUBMISSION } from '../api/helpers';
import { SUPER_ADMIN } from '../support/server';
import { asServer, nextMessage, useProcessPair, waitFor, type Process } from '../support/server-process';
import { YEAR } from '../support/dates';
import { advance, CLOCKED, HOUR, portsOf } from './two-processes-steps';

describe('two server processes on one PostgreSQL database', () => {
  const { a, b, database } = useProcessPair(CLOCKED);

  it('when both processes run, then each listens on its HTTP port and on nothing else (issue 46: no links between them)', () => {
    for (const proc of [a, b]) {
      expect(portsOf(proc.child.pid!)).toEqual({ tcp: [Number(new URL(proc.url).port)], udp: [] });
    }
  });

  it('when a player makes a request through one process, then an admin socket on the other gets it', async () => {
    const admin = await logIn(asServer(b), SUPER_ADMIN.username, SUPER_ADMIN.password);
    const socket = await openSocket(asServer(b), admin);
    const player = await signUp(asServer(a), 'cross_ada');
    const created = await player.post('/api/purchase-requests', CART);
    expect(created.status).toBe(201);
    const message = await nextMessage(socket, (m) => m.type === 'NEW_PURCHASE_REQUEST' && m.payload.id === created.body.id);
    expect(message.payload).toEqual(created.body);
    socket.close();
  });

  it('when the super admin changes the catalogue through one process, then a player on the other hears CATALOGUE_UPDATE and reads the change (issue 49)', async () => {
    const admin = await logIn(asServer(a), SUPER_ADMIN.username, SUPER_ADMIN.password);
    const player = await signUp(asServer(b), 'cross_shop');
    const socket = await openSocket(asServer(b), player);
    // Seeded once, whichever process started first.
    const before = await player.get('/api/catalogue');
    expect(before.body.items.filter((item: { id: string }) => item.id === 'gun-ak-47')).toHaveLength(1);
    const ak = before.body.items.find((item: { id: string }) => item.id === 'gun-ak-47');
    const changed = await admin.patch('/api/admin/catalogue/items/gun-ak-47', { price: 19, reason: 'demand', expectedVersion: ak.version });
    expect(changed.status).toBe(200);
    const heard = await nextMessage(socket, (m) => m.type === 'CATALOGUE_UPDATE' && m.payload.version > before.body.version);
    const after = await player.get('/api/catalogue', { 'If-None-Match': before.headers.get('etag')! });
    expect(after.status).toBe(200);
    expect(after.body.version).toBe(heard.payload.version);
    expect(after.body.items.find((item: { id: string }) => item.id === 'gun-ak-47').price).toBe(19);
    socket.close();
  });

  it('when 20 purchases through both processes race for the last 5 of an item, then exactly 5 are sold (issue 49)', async () => {
    const admin = await logIn(asServer(a), SUPER_ADMIN.username, SUPER_ADMIN.password);
    const { body } = await admin.get('/api/catalogue');
    const m24 = body.items.find((item: { id: string }) => item.id === 'gun-m24');
    expect(
      (await admin.patch('/api/admin/catalogue/items/gun-m24', { stock: 5, reason: 'last crate', expectedVersion: m24.version })).status,
    ).toBe(200);
    const [onA, onB] = await Promise.all([signUp(asServer(a), 'race_a'), signUp(asServer(b), 'race_b')]);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        (n % 2 ? onA : onB).post('/api/purchase-requests', { items: [{ name: 'M24', category: 'Weapons', quantity: 1 }], totalPrice: 14 }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(15);
    const now = (await admin.get('/api/catalogue')).body.items.find((item: { id: string }) => item.id === 'gun-m24');
    expect(now.stock).toBe(0);
  });

  it('when an admin writes in a conversation through one process, then the player on the other hears it as from "Admin", and nobody else', async () => {
    const admin = await logIn(asServer(a), SUPER_ADMIN.username, SUPER_ADMIN.password);
    const player = await signUp(asServer(b), 'cross_chat');
    const other = await signUp(asServer(b), 'cross_nosy');
    const [playerSocket, otherSocket] = await Promise.all([openSocket(asServer(b), player), openSocket(asServer(b), other)]);
    const request = (await player.post('/api/purchase-requests', CART)).body;
    const sent = await admin.post(`/api/conversations/purchase-request/${request.id}/messages`, { body: 'On my way' });
    expect(sent.status).toBe(201);
    const heard = await nextMessage(playerSocket, (m) => m.type === 'NEW_MESSAGE' && m.payload.message.id === sent.body.id);
    expect(heard.payload).toEqual({
      subjectType: 'purchase-request',
      subjectId: request.id,
      message: expect.objectContaining({ authorName: 'Admin', authorRole: 'admin', body: 'On my way', mine: false }),
    });
    expect(otherSocket.messages.some((m) => m.type === 'NEW_MESSAGE')).toBe(false);
    playerSocket.close();
    otherSocket.close();
  });

  it('when a session is made on one process, then it works on the other, and a logout on the other ends it on both', async () => {
    const onA = await signUp(asServer(a), 'cross_bea');
    const onB = new Client(b.url);
    onB.cookie = onA.cookie;
    const me = await onB.get('/api/marketplace/me');
    expect(me.status).toBe(200);
    expect(me.body.username).toBe('cross_bea');
    expect((await onB.post('/api/marketplace/logout')).status).toBeLessThan(300);
    const again = new Client(a.url);
    again.cookie = onA.cookie;
    expect((await again.get('/api/marketplace/me')).status).toBe(401);
  });

  it('when a player writes through one process, then their kept list on the other shows it at once, write after write', async () => {
    const onA = await signUp(asServer(a), 'ryw_rita');
    const onB = new Client(b.url);
    onB.cookie = onA.cookie;
    const list = (client: Client) => client.get('/api/user-purchase-requests/ryw_rita');
    // Each process keeps the list between writes (issue 32): a write elsewhere must not be hidden by a kept copy.
    for (let i = 1; i <= 6; i++) {
      const [writer, reader] = i % 2 ? [onA, onB] : [onB, onA];
      expect((await list(reader)).body).toHaveLength(i - 1);
      expect((await writer.post('/api/purchase-requests', CART)).status).toBe(201);
      expect((await list(reader)).body).toHaveLength(i);
    }
  });

  it('when signups for one name alternate between the processes, then the limit counts across both', async () => {
    const statuses: number[] = [];
    // Five signups per name per 15 minutes; each process alone sees at most three of these.
    for (let i = 0; i < 6; i++) {
      const proc = i % 2 === 0 ? a : b;
      const answer = await new Client(proc.url).post('/api/marketplace/signup', { username: 'cross_limit', password: 'password-123' });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 5).every((status) => status !== 429)).toBe(true);
    expect(statuses[5]).toBe(429);
  });

  it('when a photo is uploaded through one process, then the other serves it to its owner and an admin, and no disk holds it', async () => {
    const player = await signUp(asServer(a), 'cross_cy');
    const created = await player.post('/api/item-submissions', { ...SUBMISSION, imageUrl: await jpegDataUrl(640, 480) });
    expect(created.status).toBe(201);
    const owner = new Client(b.url);
    owner.cookie = player.cookie;
    const photo = await fetch(b.url + created.body.imageUrl, { headers: { cookie: owner.cookie! } });
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await photo.arrayBuffer());
    expect(bytes.subarray(0, 2).toString('hex')).toBe('ffd8');
    const admin = await logIn(asServer(b), SUPER_ADMIN.username, SUPER_ADMIN.password);
    expect((await admin.get(created.body.thumbnailUrl)).status).toBe(200);
    const stranger = await signUp(asServer(b), 'cross_dee');
    expect((await stranger.get(created.body.imageUrl)).status).toBe(403);
    // Neither process keeps photos on its own disk.
    for (const proc of [a, b]) expect(existsSync(path.join(proc.dataDir, 'images'))).toBe(false);
  });

  it('when a promise is missed while both processes run the credit job every 50 ms, then it is credited exactly once', async () => {
    const admin = await logIn(asServer(a), SUPER_ADMIN.username, SUPER_ADMIN.password);
    const player = await signUp(asServer(b), 'cross_fay');
    const control = new pg.Client({ connectionString: database.url });
    await control.connect();
    const bystander = await signUp(asServer(a), 'cross_fence');
    /** An 'Immediately' pickup of `seller`'s scheduled through `proc`, due 30 minutes later by that process's clock. */
    const immediatePickup = async (proc: Process, seller: Client): Promise<number> => {
      const submission = (await seller.post('/api/item-submissions', SUBMISSION)).body;
      const adminThere = Object.assign(new Client(proc.url), { cookie: admin.cookie, device: admin.device });
      const made = await adminThere.post('/api/scheduled-pickups', {
        submissionId: submission.id,
        scheduledDate: 'Immediately',
        scheduledTime: '',
        agreedPrice: 40,
      });
      expect(made.status).toBe(201);
      return made.body.id;
    };
    const credited = async (pickupId: number) =>
      (await control.query("SELECT 1 FROM credit_ledger WHERE subject_type = 'pickup' AND subject_id = $1", [pickupId])).rowCount;
    try {
      const pickupId = await immediatePickup(a, player);
      // Missed for both processes at once: both jobs find it due.
      await Promise.all([a, b].map((proc) => advance(proc, HOUR)));
      await expect.poll(() => credited(pickupId), { timeout: 15_000 }).toBeGreaterThan(0);
      // Then each process finishes a whole run of its job, one after the other: a pickup made through it an hour ahead
      // of the other's clock, and missed on its own clock alone, is credited. A process's runs never overlap, so no
      // run begun before can credit the first one a second time.
      const offsets = new Map([
        [a, HOUR],
        [b, HOUR],
      ]);
      for (const proc of [a, b]) {
        const lead = Math.max(...offsets.values()) + HOUR - offsets.get(proc)!;
        await advance(proc, lead);
        const fence = await immediatePickup(proc, bystander);
        await advance(proc, HOUR);
        offsets.set(proc, offsets.get(proc)! + lead + HOUR);
        await expect.poll(() => credited(fence), { timeout: 15_000 }).toBe(1);
      }
      const ledger = await control.query(
        "SELECT amount_cents, cause FROM credit_ledger WHERE subject_type = 'pickup' AND subject_id = $1",
        [pickupId],
      );
      expect(ledger.rows).toEqual([{ amount_cents: '1000', cause: expect.stringMatching(/^promise:\d+$/) }]);
      const missed = await control.query(
        "SELECT count(*)::int AS n FROM audit_history WHERE subject_type = 'scheduled_pickup' AND subject_id = $1 AND note LIKE '%was missed%'",
        [pickupId],
      );
      expect(missed.rows[0].n).toBe(1);
    } finally {
      await control.end();
    }
    const credit = await player.get('/api/marketplace/credit/cross_fay');
    expect(credit.body.balance).toBe(10);
  });

  it('when the super admin upholds one dispute on both processes at once, then the player is credited exactly once; a proposal made on one reaches the player on the other', async () => {
    const admin = await logIn(asServer(a), SUPER_ADMIN.username, SUPER_ADMIN.password);
    const adminOnB = new Client(b.url);
    adminOnB.cookie = admin.cookie;
    const player = await signUp(asServer(b), 'cross_gus');
    const socket = await openSocket(asServer(b), player);
    const submission = (await player.post('/api/item-submissions', SUBMISSION)).body;
    const pickup = await admin.post('/api/scheduled-pickups', {
      submissionId: submission.id,
      scheduledDate: `3/14/${YEAR}`,
      scheduledTime: '4:30 PM',
      agreedPrice: 40,
      expectedStatus: 'pending',
    });
    expect(pickup.status).toBe(201);

    const proposed = await admin.post('/api/proposals', {
      subjectType: 'pickup',
      subjectId: pickup.body.id,
      scheduledDate: `3/15/${YEAR}`,
      scheduledTime: '1:00 PM',
    });
    expect(proposed.status).toBe(201);
    const heard = await nextMessage(socket, (m) => m.type === 'PROPOSAL_UPDATE' && m.payload.id === proposed.body.id);
    expect(heard.payload).toMatchObject({ status: 'open', proposedBy: 'Admin', subjectId: pickup.body.id });
    socket.close();

    // The no-show itself is recorded in the window (tests/api/deals.test.ts moves one server's clock for that); here
    // the promise is closed as a no-show directly, so both processes' clocks stay real and neither job interferes.
    const control = new pg.Client({ connectionString: database.url });
    await control.connect();
    try {
      await control.query(
        "UPDATE promises SET status = 'no-show', closed_at = $1, closed_by = 'admin' WHERE subject_type = 'pickup' AND subject_id = $2",
        [new Date().toISOString(), pickup.body.id],
      );
      const dispute = await player.post('/api/disputes', {
        subjectType: 'pickup',
        subjectId: pickup.body.id,
        reason: 'I was there at 4:30.',
      });
      expect(dispute.status, JSON.stringify(dispute.body)).toBe(201);
      const answers = await Promise.all([
        admin.post(`/api/admin/disputes/${dispute.body.id}/uphold`, { note: 'Seen in the log' }),
        adminOnB.post(`/api/admin/disputes/${dispute.body.id}/uphold`, { note: 'Seen in the log' }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const ledger = await control.query("SELECT amount_cents FROM credit_ledger WHERE subject_type = 'pickup' AND subject_id = $1", [
        pickup.body.id,
      ]);
      expect(ledger.rows).toEqual([{ amount_cents: '1000' }]);
    } finally {
      await control.end();
    }
    expect((await player.get('/api/marketplace/credit/cross_gus')).body.balance).toBe(10);
  });

  it('when the listening connection of a process is cut, then it reconnects, logs it, and updates reach its sockets again', async () => {
    const admin = await logIn(asServer(b), SUPER_ADMIN.username, SUPER_ADMIN.password);
    const socket = await openSocket(asServer(b), admin);
    const closed = new Promise<number>((resolve) => socket.socket.once('close', (code: number) => resolve(code)));
    const control = new pg.Client({ connectionString: database.url });
    await control.connect();
    try {
      // Cut every LISTEN connection of process b (the pool's connections never listen).
      const { rows } = await control.query<{ pid: number }>(
        "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%' AND pid <> pg_backend_pid()",
      );
      expect(rows.length).toBeGreaterThanOrEqual(2);
      await control.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid = ANY($1::int[])', [
        rows.map((row) => row.pid),
      ]);
    } finally {
      await control.end();
    }
    // The socket is closed so that its client reads afresh what may have been missed.
    expect(await closed).toBe(1012);
    await waitFor(() => b.logs.some((entry) => String(entry.msg).includes('listener is back')), 10_000);
    expect(b.logs.some((entry) => String(entry.msg).includes('lost its database connection'))).toBe(true);
    const fresh = await openSocket(asServer(b), admin);
    const player = await signUp(asServer(a), 'cross_eve');
    const created = await player.post('/api/purchase-requests', CART);
    const message = await nextMessage(fresh, (m) => m.type === 'NEW_PURCHASE_REQUEST' && m.payload.id === created.body.id);
    expect(message.payload.id).toBe(created.body.id);
    fresh.close();
  }, 30_000);
});
