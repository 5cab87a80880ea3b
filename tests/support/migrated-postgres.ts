import { afterAll, beforeAll, inject } from 'vitest';
import type { Engine } from '../../server/db/engine';
import { migratePostgres } from '../../server/db/migrate';
import { postgresEngine } from '../../server/db/postgres';
import { freshDatabase } from './postgres';

/** A file's database and engine, set once its `beforeAll` has run. */
export interface MigratedPostgres {
  database: Awaited<ReturnType<typeof freshDatabase>>;
  engine: Engine;
}

/**
 * A fresh database on the run's PostgreSQL, migrated, and an engine with `poolSize` connections on it, for the file's
 * tests; closed and dropped after them (after the file's own `afterAll`s, which run first).
 */
export function useMigratedPostgres(poolSize: number): MigratedPostgres {
  const world = {} as MigratedPostgres;
  beforeAll(async () => {
    world.database = await freshDatabase(inject('postgresUrl'));
    world.engine = postgresEngine(world.database.url, poolSize);
    await migratePostgres(world.engine.pool!);
  });
  afterAll(async () => {
    await world.engine?.close();
    await world.database?.drop();
  });
  return world;
}
