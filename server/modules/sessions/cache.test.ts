import { describe, expect, it } from 'vitest';
import type { SessionWithUser } from '../auth/repository';
import { createKeptValue, createSessionCache } from './cache';

const session = (userId: number, hash = `h${userId}`, isAdmin = 0): SessionWithUser => ({
  session: { token_hash: hash, user_id: userId, created_at: 0, last_seen_at: 0 },
  user: {
    id: userId,
    username: `u${userId}`,
    password_hash: null,
    contact_email: null,
    ps5_username: null,
    roblox_username: null,
    is_admin: isAdmin,
    is_super_admin: 0,
    created_at: '',
    deleted_at: null,
  },
});

/** A database of sessions whose reads are counted, and can be held open to let a change overtake them. */
function database() {
  const rows = new Map<string, SessionWithUser>();
  let reads = 0;
  let gate: Promise<void> | null = null;
  return {
    rows,
    reads: () => reads,
    hold() {
      let open!: () => void;
      gate = new Promise((resolve) => (open = resolve));
      return () => {
        gate = null;
        open();
      };
    },
    read: (hash: string) => async () => {
      reads += 1;
      const answer = rows.get(hash);
      if (gate) await gate;
      return answer;
    },
  };
}

const always = () => true;

describe('session cache', () => {
  it('when the same session is looked up twice, then the database is read once', async () => {
    const db = database();
    db.rows.set('h1', session(1));
    const cache = createSessionCache({ current: always });
    expect((await cache.get('h1', db.read('h1'), always)).kept).toBe(false);
    const second = await cache.get('h1', db.read('h1'), always);
    expect(second).toMatchObject({ kept: true, found: { user: { id: 1 } } });
    expect(db.reads()).toBe(1);
  });

  it('when the listener is not connected, then nothing is kept or served', async () => {
    const db = database();
    db.rows.set('h1', session(1));
    let listening = true;
    const cache = createSessionCache({ current: () => listening });
    await cache.get('h1', db.read('h1'), always);
    listening = false;
    expect((await cache.get('h1', db.read('h1'), always)).kept).toBe(false);
    expect(await cache.get('h1', db.read('h1'), always)).toMatchObject({ kept: false });
    expect(db.reads()).toBe(3);
    expect(cache.size()).toBe(0);
  });

  it('when a session ends or its user changes, then it is read again; a user change forgets all of their sessions only', async () => {
    const db = database();
    for (const [hash, user] of [
      ['a1', 1],
      ['a2', 1],
      ['b1', 2],
    ] as const)
      db.rows.set(hash, session(user, hash));
    const cache = createSessionCache({ current: always });
    for (const hash of ['a1', 'a2', 'b1']) await cache.get(hash, db.read(hash), always);
    cache.forgetUser(1);
    expect((await cache.get('b1', db.read('b1'), always)).kept).toBe(true);
    db.rows.delete('a1');
    // Forgotten after its change committed: the next read sees the change, and is kept at once.
    expect((await cache.get('a1', db.read('a1'), always)).found).toBeUndefined();
    expect((await cache.get('a2', db.read('a2'), always)).kept).toBe(false);
    expect((await cache.get('a2', db.read('a2'), always)).kept).toBe(true);
    cache.forgetSession('b1');
    expect((await cache.get('b1', db.read('b1'), always)).kept).toBe(false);
    expect((await cache.get('b1', db.read('b1'), always)).kept).toBe(true);
  });

  it('when a session is forgotten while it is being read, then the older answer is not kept', async () => {
    const db = database();
    db.rows.set('h1', session(1));
    const cache = createSessionCache({ current: always });
    const open = db.hold();
    const reading = cache.get('h1', db.read('h1'), always);
    cache.forgetSession('h1');
    db.rows.delete('h1');
    open();
    expect((await reading).found).toBeDefined();
    expect((await cache.get('h1', db.read('h1'), always)).found).toBeUndefined();
  });

  it('when a kept session is not usable (its kept times say expired) or too old, then it is read again', async () => {
    const db = database();
    db.rows.set('h1', session(1));
    let now = 0;
    const cache = createSessionCache({ current: always, maxAgeMs: 1_000, now: () => now });
    await cache.get('h1', db.read('h1'), always);
    expect((await cache.get('h1', db.read('h1'), () => false)).kept).toBe(false);
    now = 2_000;
    expect((await cache.get('h1', db.read('h1'), always)).kept).toBe(false);
    expect(db.reads()).toBe(3);
  });

  it('when the listener reconnects, then everything kept is forgotten', async () => {
    const db = database();
    db.rows.set('h1', session(1));
    const cache = createSessionCache({ current: always });
    await cache.get('h1', db.read('h1'), always);
    cache.forgetAll();
    expect((await cache.get('h1', db.read('h1'), always)).kept).toBe(false);
  });

  it('when a session is touched, then its kept last-seen time moves', async () => {
    const db = database();
    db.rows.set('h1', session(1));
    const cache = createSessionCache({ current: always });
    await cache.get('h1', db.read('h1'), always);
    cache.touched('h1', 5_000);
    expect((await cache.get('h1', db.read('h1'), always)).found?.session.last_seen_at).toBe(5_000);
  });
});

describe('kept value', () => {
  it('when read twice, then the database is read once; after a forget or a lost listener, again', async () => {
    let reads = 0;
    let listening = true;
    const kept = createKeptValue(async () => ++reads, { current: () => listening });
    expect(await kept.get()).toBe(1);
    expect(await kept.get()).toBe(1);
    kept.forget();
    expect(await kept.get()).toBe(2);
    listening = false;
    expect(await kept.get()).toBe(3);
    expect(await kept.get()).toBe(4);
  });

  it('when forgotten while it is being read, then the older answer is not kept', async () => {
    let reads = 0;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const kept = createKeptValue(
      async () => {
        reads += 1;
        if (reads === 1) await gate;
        return reads;
      },
      { current: () => true },
    );
    const first = kept.get();
    kept.forget();
    open();
    expect(await first).toBe(1);
    expect(await kept.get()).toBe(2);
  });
});
