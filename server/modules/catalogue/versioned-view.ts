import { sql } from 'kysely';
import type { LineInput } from '../../../src/domain/pricing';
import { prepared } from '../../db/prepared';
import type { Tx } from '../../db/scope';
import type { ItemRow } from './repository';
import { namedLines, viewOf, type CatalogueView } from './view';

/** The items a purchase names, read with the catalogue's version at that moment. */
export interface VersionedView {
  version: number;
  view: CatalogueView;
}

/**
 * PostgreSQL: the catalogue's version and the items whose name is one of `names` (lower case), from one snapshot (one
 * statement); one row of nulls beside the version when none is; no row before the catalogue is seeded.
 */
const readNamedAtVersion = prepared(
  (_db, p: { names: string[] }) => sql<ItemRow & { catalogue_version: number }>`
    SELECT s.version AS catalogue_version, i.* FROM catalogue_state s
    LEFT JOIN catalogue_items i ON lower(i.name) = ANY(${p.names})
    WHERE s.id = 1 ORDER BY i.position, i.seq`,
);

/**
 * What a PostgreSQL purchase outside a transaction prices from (issue 46): the items it names and the catalogue's
 * version, read now. The purchase's one statement then writes only while the catalogue is still at that version and
 * each item it takes is still as priced (`insert-statements.ts`), so a change committed in between makes it write
 * nothing and the purchase is priced again in a transaction. Null when a line names an item by another spelling or an
 * alias (the transaction reads the whole catalogue for it), or before the catalogue is seeded.
 */
export async function readVersionedView(tx: Tx, lines: readonly LineInput[]): Promise<VersionedView | null> {
  const names = namedLines(lines);
  const { rows } = await readNamedAtVersion(tx, { names: [...new Set(names.map((line) => line.name.trim().toLowerCase()))] });
  if (rows.length === 0) return null;
  const view = viewOf(rows.filter((row) => row.seq !== null));
  return names.every((line) => view.find(line.name, line.category)) ? { version: rows[0].catalogue_version, view } : null;
}
