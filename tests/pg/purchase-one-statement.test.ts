import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { CART, eventually, logIn, openSocket, signUp, type Client } from '../api/helpers';
import { LIVE_CHANNEL, type Note } from '../../server/realtime/bus';
import { readFully } from '../support/notes';
import { freshDatabase } from '../support/postgres';
import { startTestServer, SUPER_ADMIN, type TestServer } from '../support/server';
import { nextMessage } from '../support/server-process';

type Socket = Awaited<ReturnType<typeof openSocket>>;

// Issue 46: on PostgreSQL a purchase without credit or a key that takes no stock is one statement, its live note a
// pg_notify of that statement. The note must go with the change: never for one that fails, once for one that commits.
describe('a purchase as one statement on PostgreSQL: its live note commits with it', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let server: TestServer;
  let watcher: pg.Client;
  let player: Client;
  let admin: Socket;
  /** Every note on the live channel, as a listener that is not a server process hears it. */
  const heard: Note[] = [];
  const purchaseNotes = () => heard.filter((note) => note.kind === 'record' && note.type === 'NEW_PURCHASE_REQUEST');
  /**
   * The purchase notes heard since `from`, once the note of request `id` is among them: notes come in commit order on
   * one channel, so a note of anything that committed before it has been heard by then.
   */
  const notesUpTo = async (id: number, from = 0) => {
    await eventually(() => purchaseNotes().some((note) => (note as { id: number }).id === id));
    return purchaseNotes().slice(from);
  };
  const count = async (query: string) => Number((await watcher.query<{ n: string }>(query)).rows[0].n);

  beforeAll(async () => {
    database = await freshDatabase(inject('postgresUrl'));
    server = await startTestServer({ databaseUrl: database.url });
    watcher = new pg.Client({ connectionString: server.databaseUrl });
    await watcher.connect();
    watcher.on('notification', (message) => heard.push(readFully(message.payload ?? '')));
    await watcher.query(`LISTEN ${LIVE_CHANNEL}`);
    admin = await openSocket(server, await logIn(server, SUPER_ADMIN.username, SUPER_ADMIN.password));
    player = await signUp(server, 'one_statement_olly');
    // A fault only this test has: the statement's last insert (what the purchase took from the catalogue) fails for a
    // Glock bought 7 at a time, after the request, its lines, its audit row and its pg_notify are in the statement.
    await watcher.query(`CREATE FUNCTION test_refuse_seven() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.quantity = 7 THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$`);
    await watcher.query(`CREATE TRIGGER test_refuse_seven BEFORE INSERT ON purchase_catalogue_lines
      FOR EACH ROW EXECUTE FUNCTION test_refuse_seven()`);
  }, 120_000);
  afterAll(async () => {
    admin?.socket.close();
    await watcher?.end();
    await server?.close();
    await database?.drop();
  });

  it('when the statement fails, then nothing is stored and no note is sent; when the next commits, its one note carries it', async () => {
    const failed = await player.post('/api/purchase-requests', {
      items: [{ id: 'gun-glock', name: 'Glock', category: 'Weapons', price: '$2.00', quantity: 7 }],
      totalPrice: 14,
    });
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(await count('SELECT count(*) AS n FROM purchase_requests')).toBe(0);
    expect(await count('SELECT count(*) AS n FROM purchase_request_lines')).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM audit_history WHERE subject_type = 'purchase_request'`)).toBe(0);

    const made = await player.post('/api/purchase-requests', CART);
    expect(made.status).toBe(201);
    const message = await nextMessage(admin, (m) => m.type === 'NEW_PURCHASE_REQUEST');
    expect(message.payload).toEqual(made.body);
    // The failed purchase's note was never sent: the one heard is the committed one's, once, with its id and record.
    const notes = await notesUpTo(made.body.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ id: made.body.id, owner: expect.any(Number), carried: { message: { payload: made.body } } });
    expect(admin.messages.filter((m) => m.type === 'NEW_PURCHASE_REQUEST')).toHaveLength(1);
    // What it stored is what it answered, with its audit row and what it took from the catalogue.
    expect((await player.get('/api/user-purchase-requests/one_statement_olly')).body).toEqual([made.body]);
    expect(
      await count(`SELECT count(*) AS n FROM audit_history WHERE subject_type = 'purchase_request' AND subject_id = ${made.body.id}`),
    ).toBe(1);
    expect(await count(`SELECT count(*) AS n FROM purchase_catalogue_lines WHERE request_id = ${made.body.id}`)).toBe(2);
  });

  it('when a purchase asks for more than is left, then it answers 409 naming what is left, and no note is sent', async () => {
    await watcher.query(`UPDATE catalogue_items SET stock = 1 WHERE id = 'gun-glock'`);
    const before = purchaseNotes().length;
    const short = await player.post('/api/purchase-requests', CART);
    expect(short.status).toBe(409);
    expect(short.body.unavailable).toEqual([expect.objectContaining({ id: 'gun-glock', available: 1, requested: 2 })]);
    const made = await player.post('/api/purchase-requests', { ...CART, items: [{ ...CART.items[0], quantity: 1 }], totalPrice: 2 });
    expect(made.status).toBe(201);
    await nextMessage(admin, (m) => m.type === 'NEW_PURCHASE_REQUEST' && m.payload.id === made.body.id);
    expect((await notesUpTo(made.body.id, before)).map((note) => (note as { id: number }).id)).toEqual([made.body.id]);
    expect(await count(`SELECT stock AS n FROM catalogue_items WHERE id = 'gun-glock'`)).toBe(0);
  });
  it('when a purchase with an Idempotency-Key is sent twice at once and again later, then one request is stored, every answer is its answer, and one note is sent', async () => {
    await watcher.query(`UPDATE catalogue_items SET stock = NULL WHERE id = 'gun-glock'`);
    const before = purchaseNotes().length;
    const stored = await count('SELECT count(*) AS n FROM purchase_requests');
    // Each statement lingers after its request's insert, so the second call passes the key's first read (in the
    // middleware) while the first is not committed: its statement then meets the first's key and fails whole.
    await watcher.query(`CREATE FUNCTION test_linger() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.contact_email = 'race@example.com' THEN PERFORM pg_sleep(0.4); END IF; RETURN NEW; END $$`);
    await watcher.query(`CREATE TRIGGER test_linger AFTER INSERT ON purchase_requests FOR EACH ROW EXECUTE FUNCTION test_linger()`);
    const key = { 'Idempotency-Key': 'one-statement-race' };
    const raced = { ...CART, contactEmail: 'race@example.com' };
    const [first, second] = await Promise.all([
      player.post('/api/purchase-requests', raced, key),
      player.post('/api/purchase-requests', raced, key),
    ]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body).toEqual(first.body);
    // Neither was answered by the key's first read: the loser learnt of the key from its own statement.
    expect([first.headers.get('Idempotent-Replayed'), second.headers.get('Idempotent-Replayed')]).toEqual([null, null]);
    const later = await player.post('/api/purchase-requests', raced, key);
    expect(later.status).toBe(201);
    expect(later.headers.get('Idempotent-Replayed')).toBe('true');
    expect(later.body).toEqual(first.body);
    expect(await count('SELECT count(*) AS n FROM purchase_requests')).toBe(stored + 1);
    const other = await player.post('/api/purchase-requests', { ...CART, items: [CART.items[0]], totalPrice: 4 }, key);
    expect(other.status).toBe(422);
    await nextMessage(admin, (m) => m.type === 'NEW_PURCHASE_REQUEST' && m.payload.id === first.body.id);
    expect((await notesUpTo(first.body.id, before)).map((note) => (note as { id: number }).id)).toEqual([first.body.id]);
  });
});
