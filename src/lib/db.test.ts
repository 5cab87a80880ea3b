import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { cartKey, contactKey, DB_NAME, DB_VERSION, getDb, kvGet, kvSet, resetDbConnection, UPGRADE_STEPS, type OutboxRecord } from './db';
import { deleteTestDb } from '../test/idb';

afterEach(async () => {
  await deleteTestDb();
});

const queued: OutboxRecord = {
  id: 'key-1',
  kind: 'sell',
  username: 'alice',
  payload: { sellRequest: { itemName: 'AK-47', category: 'Weapons' } },
  photo: new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }),
  state: 'queued',
  attempts: 0,
  createdAt: '2026-11-21T05:00:00.000Z',
  updatedAt: '2026-11-21T05:00:00.000Z',
};

describe('the IndexedDB database', () => {
  it('has one upgrade step per version', () => {
    expect(UPGRADE_STEPS).toHaveLength(DB_VERSION);
    expect(DB_VERSION).toBe(2);
  });

  it('when the database is new, then every step runs and the stores and indexes exist', async () => {
    const db = await getDb();
    expect(db.version).toBe(2);
    expect([...db.objectStoreNames].sort()).toEqual(['kv', 'outbox']);
    expect([...db.transaction('outbox').store.indexNames].sort()).toEqual(['by-user', 'by-user-kind']);
  });

  it('when a version 1 database holds a cart, a contact and a queued photo, then opening version 2 keeps them all and adds the index', async () => {
    // Build the database exactly as the released version 1 did.
    const v1 = await openDB(DB_NAME, 1, {
      upgrade(db) {
        db.createObjectStore('kv');
        db.createObjectStore('outbox', { keyPath: 'id' }).createIndex('by-user', 'username');
      },
    });
    await v1.put('kv', [{ name: 'Glock', category: 'Weapons', quantity: 2 }], cartKey('alice'));
    await v1.put('kv', { contactEmail: 'a@example.com' }, contactKey('alice'));
    await v1.put('outbox', queued);
    v1.close();

    const db = await getDb();
    expect(db.version).toBe(2);
    expect(await kvGet(cartKey('alice'))).toEqual([{ name: 'Glock', category: 'Weapons', quantity: 2 }]);
    expect(await kvGet('userContact_alice')).toEqual({ contactEmail: 'a@example.com' });
    const [kept] = await db.getAllFromIndex('outbox', 'by-user-kind', ['alice', 'sell']);
    expect(kept).toMatchObject({ id: 'key-1', state: 'queued' });
    expect(kept.photo).toBeInstanceOf(Blob);
    expect(new Uint8Array(await kept.photo!.arrayBuffer())).toEqual(new Uint8Array([0xff, 0xd8, 0xff]));
    expect(await db.getAllFromIndex('outbox', 'by-user-kind', ['alice', 'purchase'])).toEqual([]);
  });

  it('when a value is written, then a new connection reads it back (the cart survives a reload)', async () => {
    await kvSet(cartKey('bob'), [{ name: 'RPG', quantity: 1 }]);
    (await getDb()).close();
    resetDbConnection();
    expect(await kvGet(cartKey('bob'))).toEqual([{ name: 'RPG', quantity: 1 }]);
  });
});
