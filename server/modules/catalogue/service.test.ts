import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../db/connection';
import { migrate } from '../../db/migrate';
import { sqliteEngine } from '../../db/sqlite';
import type { Hub } from '../../realtime/hub';
import type { ImageStore } from '../images/store';
import type { AuthUser } from '../users/repository';
import { catalogueRepository } from './repository';
import { weightedMedianCents } from './read-items';
import { createCatalogueService } from './service';

describe('weightedMedianCents (the value card’s median sale price, per unit)', () => {
  it('is null when nothing sold', () => {
    expect(weightedMedianCents([])).toBeNull();
  });

  it('counts each unit: 3 sold at $4 and 1 at $10 have a median of $4', () => {
    expect(
      weightedMedianCents([
        { quantity: 1, unit_cents: 1000 },
        { quantity: 3, unit_cents: 400 },
      ]),
    ).toBe(400);
  });

  it('takes the middle two units’ mean for an even count', () => {
    expect(
      weightedMedianCents([
        { quantity: 1, unit_cents: 200 },
        { quantity: 1, unit_cents: 300 },
      ]),
    ).toBe(250);
    expect(
      weightedMedianCents([
        { quantity: 2, unit_cents: 100 },
        { quantity: 2, unit_cents: 301 },
      ]),
    ).toBe(201);
  });
});

describe('the seed', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('seeds once, and counts the purchases made before as the items’ sales', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'catalogue-'));
    dirs.push(dir);
    const db = openDatabase(dir);
    migrate(db);
    const engine = sqliteEngine(db);
    try {
      const k = engine.kysely;
      const user = await k
        .insertInto('users')
        .values({ username: 'ann', password_hash: 'x', created_at: '2026-01-01T00:00:00.000Z' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const request = await k
        .insertInto('purchase_requests')
        .values({
          requester_id: user.id,
          requester_name: 'ann',
          total_cents: 4000,
          total_items: 3,
          contact_email: null,
          status: 'completed',
          created_at: new Date().toISOString(),
          requested_at: null,
          approved_at: null,
          rejected_at: null,
          completed_at: new Date().toISOString(),
          rejection_reason: null,
          scheduled_date: null,
          scheduled_time: null,
          cancelled_at: null,
          promise_id: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const line = { request_id: request.id, category: 'Weapons', subcategory: null, description: null };
      await k
        .insertInto('purchase_request_lines')
        .values([
          { ...line, position: 0, item_id: '1', name: 'AK-47', unit_cents: 1800, quantity: 2 },
          { ...line, position: 1, item_id: '2', name: 'Something Else', unit_cents: 400, quantity: 1 },
        ])
        .execute();
      const hub = { publish: () => {} } as unknown as Hub;
      const service = createCatalogueService({ tx: engine.tx, hub, images: {} as ImageStore, timeZone: 'UTC' });
      expect(await service.seedIfEmpty()).toBe(true);
      expect(await service.seedIfEmpty()).toBe(false);
      const card = await service.prices({ id: user.id, isAdmin: false } as AuthUser, 'gun-ak-47');
      expect(card.sales).toEqual([
        { days: 30, soldCount: 2, medianPrice: 18 },
        { days: 90, soldCount: 2, medianPrice: 18 },
      ]);
      expect(card.history).toEqual([{ at: expect.any(String), price: 18, sellPrice: 18 }]);
    } finally {
      await engine.close();
    }
  });
});

describe('pricing a purchase (issue 46: only the items it names are read)', () => {
  const dirs: string[] = [];
  afterEach(() => {
    vi.restoreAllMocks();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  async function seeded() {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'catalogue-'));
    dirs.push(dir);
    const db = openDatabase(dir);
    migrate(db);
    const engine = sqliteEngine(db);
    const hub = { publish: () => {} } as unknown as Hub;
    const service = createCatalogueService({ tx: engine.tx, hub, images: {} as ImageStore, timeZone: 'UTC' });
    await service.seedIfEmpty();
    return { engine, service };
  }

  it('reads the named items alone when the lines use the shop’s names, in any capitalisation', async () => {
    const { engine, service } = await seeded();
    try {
      const whole = vi.spyOn(catalogueRepository, 'list');
      const named = vi.spyOn(catalogueRepository, 'listByLowerName');
      const { priced, unavailable } = await service.priceLines(engine.tx, [
        { name: 'glock', category: 'weapons', quantity: 2 },
        { name: 'AK-47', category: 'Weapons', quantity: 1 },
        { name: '12345 custom cash', category: 'Custom Cash', quantity: 1 },
      ]);
      expect(priced.map((line) => line.ok && [line.name, line.unitCents])).toEqual([
        ['Glock', 200],
        ['AK-47', 1800],
        ['$12,345 Custom Cash', expect.any(Number)],
      ]);
      expect(unavailable).toEqual([]);
      expect(whole).not.toHaveBeenCalled();
      expect(await named.mock.results[0].value).toHaveLength(2);
    } finally {
      await engine.close();
    }
  });

  it('reads the whole catalogue for a name the shop does not write (another spelling), and still prices it', async () => {
    const { engine, service } = await seeded();
    try {
      const whole = vi.spyOn(catalogueRepository, 'list');
      const { priced } = await service.priceLines(engine.tx, [{ name: 'ak 47', category: 'Weapons', quantity: 1 }]);
      expect(priced[0]).toMatchObject({ ok: true, name: 'AK-47', unitCents: 1800 });
      expect(whole).toHaveBeenCalledTimes(1);
      // Not sold at all: still the refusal it was.
      const { priced: refused } = await service.priceLines(engine.tx, [{ name: 'Nothing Like It', category: 'Weapons', quantity: 1 }]);
      expect(refused[0]).toMatchObject({ ok: false, reason: "'Nothing Like It' is not sold in Weapons" });
    } finally {
      await engine.close();
    }
  });
});
