import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/connection';
import { migrate } from '../../db/migrate';
import { sqliteEngine } from '../../db/sqlite';
import type { Hub } from '../../realtime/hub';
import type { ImageStore } from '../images/store';
import type { AuthUser } from '../users/repository';
import { createCatalogueService, weightedMedianCents } from './service';

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
