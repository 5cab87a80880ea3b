import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { CART, eventually, logInSuperAdmin, signUp, submitItem, type Client } from '../api/helpers';
import { subscribeDevice } from '../api/push-steps';
import { startPushService, type LocalPushService } from '../support/push-service';
import { freshDatabase } from '../support/postgres';
import { startTestServer, type TestServer } from '../support/server';

// Issue 46: on PostgreSQL a purchase is priced as its cart claims and written as one statement that checks every
// claim against the catalogue; no process keeps a copy of the catalogue and nothing is read before the statement. A
// claim the catalogue does not bear out writes nothing, and the purchase is then priced from the catalogue in a
// transaction, answering exactly as it always has.
describe('a purchase priced from its claims on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let server: TestServer;
  let watcher: pg.Client;
  let player: Client;
  let push: LocalPushService;
  const count = async (query: string) => Number((await watcher.query<{ n: string }>(query)).rows[0].n);

  beforeAll(async () => {
    database = await freshDatabase(inject('postgresUrl'));
    push = await startPushService();
    server = await startTestServer({ databaseUrl: database.url, pushAllowHttpEndpoints: true });
    watcher = new pg.Client({ connectionString: database.url });
    await watcher.connect();
    player = await signUp(server, 'claiming_cleo');
  }, 60_000);
  afterAll(async () => {
    await watcher?.end();
    await server?.close();
    await database?.drop();
    await push?.close();
  });

  /** The statements the server sent while `call` ran, but what the push service's sending reads and writes after a commit. */
  async function statementsOf(call: () => Promise<unknown>): Promise<string[]> {
    const pool = server.engine.pool!;
    const sent: string[] = [];
    const watch = (client: pg.PoolClient) => {
      const marked = client as pg.PoolClient & { unwatched?: pg.PoolClient['query'] };
      marked.unwatched ??= client.query.bind(client);
      marked.query = ((config: string | { text: string }, ...rest: unknown[]) => {
        sent.push(typeof config === 'string' ? config : config.text);
        return (marked.unwatched as (...args: unknown[]) => unknown)(config, ...rest);
      }) as pg.PoolClient['query'];
    };
    pool.on('acquire', watch);
    try {
      await call();
    } finally {
      pool.off('acquire', watch);
    }
    return sent.map((text) => text.replace(/\s+/g, ' ').trim()).filter((text) => !text.includes('UPDATE "push_subscriptions"'));
  }
  const isStatement = (text: string) => text.startsWith('WITH claimed AS');
  const readsCatalogue = (text: string) => text.includes('catalogue_items') && !isStatement(text);
  const buy = () => player.post('/api/purchase-requests', CART);
  const requests = () => count('SELECT count(*) AS n FROM purchase_requests');
  async function withItem(change: string, call: () => Promise<void>) {
    await watcher.query(`UPDATE catalogue_items SET ${change} WHERE id = 'gun-glock'`);
    try {
      await call();
    } finally {
      await watcher.query(
        `UPDATE catalogue_items SET price_cents = 200, status = 'active', stock = NULL, in_shop = 1 WHERE id = 'gun-glock'`,
      );
    }
  }

  it('when the cart claims the catalogue’s prices, then the purchase costs its session and the one statement: nothing is read before it', async () => {
    const before = await requests();
    let made: Awaited<ReturnType<typeof buy>> | undefined;
    const sent = await statementsOf(async () => (made = await buy()));
    expect(made!.status).toBe(201);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatch(/FROM sessions/);
    expect(isStatement(sent[1])).toBe(true);
    expect(await requests()).toBe(before + 1);
    expect(made!.body.items.map((item: { name: string; price: string }) => [item.name, item.price])).toEqual([
      ['Glock', '$2.00'],
      ['$12,000 Cash', '$2.99'],
    ]);
    expect(await count(`SELECT count(*) AS n FROM purchase_catalogue_lines WHERE request_id = ${made!.body.id}`)).toBe(2);
  });

  it('when admins have devices, then the new request’s notice reaches them without reading the devices after the commit: the statement answered them', async () => {
    const admin = await logInSuperAdmin(server);
    const device = await subscribeDevice(push, admin, 'admin-tablet');
    const readsAdminDevices = (text: string) => /FROM push_subscriptions s JOIN users u/.test(text) && !isStatement(text);
    let made: Awaited<ReturnType<typeof buy>> | undefined;
    const sent = await statementsOf(async () => {
      made = await buy();
      await eventually(() => push.to(device.name).length >= 1);
    });
    expect(made!.status).toBe(201);
    expect(isStatement(sent[1])).toBe(true);
    expect(sent.filter(readsAdminDevices)).toEqual([]);
    // Another admin notice, of a record written in a transaction (a submission), still reads them.
    const submitted = await statementsOf(async () => {
      await submitItem(player);
      await eventually(() => push.to(device.name).length >= 2);
    });
    expect(submitted.filter(readsAdminDevices)).toHaveLength(1);
  });

  it('when the price rose after the cart was filled, then the statement writes nothing and the transaction answers 409 with today’s prices', async () => {
    await withItem('price_cents = 250', async () => {
      const before = await requests();
      let answer: Awaited<ReturnType<typeof buy>> | undefined;
      const sent = await statementsOf(async () => (answer = await buy()));
      expect(answer!.status).toBe(409);
      expect(answer!.body.totalPrice).toBe(7.99);
      expect(await requests()).toBe(before);
      // The statement was tried first and wrote nothing; then the catalogue was read in a transaction.
      expect(isStatement(sent[1])).toBe(true);
      expect(sent.slice(2).some(readsCatalogue)).toBe(true);
    });
  });

  it('when the item was hidden, then it answers 409 naming it, and nothing is stored', async () => {
    await withItem(`status = 'hidden'`, async () => {
      const before = await requests();
      const answer = await player.post('/api/purchase-requests', CART);
      expect(answer.status).toBe(409);
      expect(answer.body.unavailable).toEqual([expect.objectContaining({ id: 'gun-glock', status: 'hidden' })]);
      expect(await requests()).toBe(before);
    });
  });

  it('when the item is out of the shop, then it answers 400 naming the line', async () => {
    await withItem('in_shop = 0', async () => {
      const answer = await player.post('/api/purchase-requests', CART);
      expect(answer.status).toBe(400);
      expect(answer.body.issues).toEqual([expect.objectContaining({ path: 'items.0.name', message: `'Glock' is not sold in Weapons` })]);
    });
  });

  it('when the item has a stock count, then the transaction takes it', async () => {
    await withItem('stock = 10', async () => {
      const answer = await player.post('/api/purchase-requests', CART);
      expect(answer.status).toBe(201);
      expect(await count(`SELECT stock AS n FROM catalogue_items WHERE id = 'gun-glock'`)).toBe(8);
      expect(
        await count(`SELECT stock_taken AS n FROM purchase_catalogue_lines l JOIN catalogue_items c ON c.seq = l.item_seq
          WHERE l.request_id = ${answer.body.id} AND c.id = 'gun-glock'`),
      ).toBe(1);
    });
  });

  it('when a line names its item another way, then the transaction finds it and stores the catalogue’s name', async () => {
    const answer = await player.post('/api/purchase-requests', {
      ...CART,
      items: [{ ...CART.items[0], name: 'GLOCK', category: 'weapons' }, CART.items[1]],
    });
    expect(answer.status).toBe(201);
    expect(answer.body.items[0]).toMatchObject({ name: 'Glock', category: 'Weapons', price: '$2.00' });
  });
});
