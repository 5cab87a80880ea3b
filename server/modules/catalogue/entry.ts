import { normaliseName } from '../../../src/domain/catalogue';
import { fromCents } from '../../../src/domain/money';
import type { CatalogueEntryJson, CatalogueStatus, UnavailableLine } from '../../../src/domain/schemas/catalogue';
import { AppError } from '../../lib/app-error';
import { imageUrl } from '../images/store';
import type { ItemRow } from './repository';

/** A price in cents as the API writes it: USD (null: not priced). */
export const usdOf = (cents: number | null): number | null => (cents === null ? null : fromCents(cents));

/** The stored item as the API answers it. */
export function toEntry(row: ItemRow): CatalogueEntryJson {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    subcategory: row.subcategory,
    price: usdOf(row.price_cents),
    sellPrice: usdOf(row.sell_price_cents),
    status: row.status as CatalogueStatus,
    stock: row.stock,
    imageUrl: imageUrl(row.image_file),
    thumbnailUrl: imageUrl(row.thumbnail_file),
    version: row.version,
    updatedAt: row.updated_at,
    aliases: JSON.parse(row.aliases) as string[],
    amount: row.amount,
    gunClass: row.gun_class,
    unit: row.unit,
    inShop: row.in_shop === 1,
    sellable: row.sellable === 1,
  };
}

/** Names an item answers to: its name and aliases, normalised. */
export const namesOf = (row: Pick<ItemRow, 'name' | 'aliases'>) => [row.name, ...(JSON.parse(row.aliases) as string[])].map(normaliseName);

/** 409: lines naming hidden or archived items, or more than is left. */
export function unavailableError(lines: UnavailableLine[]): AppError {
  const parts = lines.map((line) =>
    line.status !== 'active'
      ? `${line.name} is no longer sold`
      : line.available === 0
        ? `${line.name} is sold out`
        : `only ${line.available} ${line.name} left`,
  );
  const sentence = parts.join('; ');
  return new AppError(409, `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`, undefined, undefined, { unavailable: lines });
}
