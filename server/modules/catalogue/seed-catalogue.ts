import { toCents } from '../../../src/domain/money';
import type { Tx } from '../../db/scope';
import { nowIso } from '../../lib/time';
import { catalogueRepository as repo, type ItemRow } from './repository';
import { SEED_CATALOGUE, type SeedItem } from './seed';

const seedRow = (item: SeedItem, position: number, at: string): Omit<ItemRow, 'seq' | 'version'> => ({
  id: item.id,
  name: item.name,
  category: item.category,
  subcategory: item.subcategory,
  price_cents: item.price === null ? null : toCents(item.price),
  sell_price_cents: item.sellPrice === null ? null : toCents(item.sellPrice),
  status: 'active',
  stock: null,
  image_file: null,
  thumbnail_file: null,
  aliases: JSON.stringify(item.aliases ?? []),
  amount: item.amount ?? null,
  gun_class: item.gunClass ?? null,
  unit: item.unit ?? null,
  in_shop: item.inShop === false ? 0 : 1,
  sellable: item.sellable === false ? 0 : 1,
  position,
  created_at: at,
  updated_at: at,
  updated_by: null,
});

/**
 * Seeds the catalogue from the specification on the first start (once, whichever process gets there first);
 * later starts find it seeded and change nothing.
 */
export async function seedIfEmpty(tx: Tx): Promise<boolean> {
  return await tx.run(async (tx) => {
    const at = nowIso();
    if (!(await repo.claimSeed(tx, at))) return false;
    for (const [position, item] of SEED_CATALOGUE.entries()) {
      const row = await repo.insert(tx, seedRow(item, position, at));
      await repo.insertChanges(
        tx,
        row.seq,
        [{ field: 'created', from: null, to: JSON.stringify({ price: item.price, sellPrice: item.sellPrice, stock: null }) }],
        { actorId: null, actorName: null, at, reason: "The specification's catalogue" },
      );
    }
    await repo.backfillSales(tx);
    return true;
  });
}
