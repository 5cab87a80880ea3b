import { sql } from 'kysely';
import { prepared } from '../../db/prepared';
import type { Tx } from '../../db/scope';
import type { ItemRow } from './repository';
import { viewOf, type CatalogueView } from './view';

/** The catalogue as one process last read it: its items found by name, and the catalogue's version then. */
export interface CatalogueCopy {
  version: number;
  view: CatalogueView;
}

/**
 * The whole catalogue and its version from one snapshot (one statement); no row before the catalogue is seeded, one
 * row of nulls beside the version while it has no items.
 */
const readVersioned = prepared(
  () => sql<ItemRow & { catalogue_version: number }>`
    SELECT s.version AS catalogue_version, i.* FROM catalogue_state s LEFT JOIN catalogue_items i ON true
    WHERE s.id = 1 ORDER BY i.position, i.seq`,
);

async function readCopy(tx: Tx): Promise<CatalogueCopy | null> {
  const { rows } = await readVersioned(tx, {});
  if (rows.length === 0) return null;
  return { version: rows[0].catalogue_version, view: viewOf(rows.filter((row) => row.seq !== null)) };
}

/**
 * The catalogue a PostgreSQL purchase prices from without a round trip of its own (issue 46): the copy this process
 * last read, with the version it was read at. The purchase's one statement writes only while the catalogue is still
 * at that version and the items it takes are still as priced (`insert-statements.ts`), so a copy gone stale (a
 * price, a status, an item changed on any process) makes it write nothing; the purchase is then priced again from
 * the database in a transaction, and the copy is forgotten. Nothing is decided by this memory alone (DESIGN.md §12):
 * it saves a read while the catalogue stays as it was, and costs one statement the first time it has changed.
 */
export class KnownCatalogue {
  #copy: Promise<CatalogueCopy | null> | null = null;

  /** The copy, read now (the whole catalogue, one statement) when there is none. */
  read(tx: Tx): Promise<CatalogueCopy | null> {
    this.#copy ??= readCopy(tx).catch((error: unknown) => {
      this.#copy = null;
      throw error;
    });
    return this.#copy;
  }

  /** The copy was found stale (or could not be used): the next purchase reads the catalogue again. */
  forget(): void {
    this.#copy = null;
  }
}
