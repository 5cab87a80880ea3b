// The item editor's form as typed, and the body it sends: the typed numbers are read first (each problem named by its
// field), then the whole body is checked by the same zod schema the server uses.
import type { Cents } from '@/domain/money';
import {
  CreateCatalogueItemBody,
  pricesInUsd,
  UpdateCatalogueItemBody,
  type CatalogueCategory,
  type CatalogueStatus,
  type CreateCatalogueItemJson,
  type UpdateCatalogueItemJson,
} from '@/domain/schemas/catalogue';
import { i18n } from '@/lib/i18n/i18n';
import type { ShopItem } from '@/lib/catalogue/catalogue-query';
import { cellText, readCell } from './cell-value';

export interface ItemDraft {
  name: string;
  category: CatalogueCategory;
  subcategory: string;
  gunClass: string;
  price: string;
  sellPrice: string;
  stock: string;
  status: CatalogueStatus;
  reason: string;
}

/** The editor's fields for an item (or empty for a new one). */
export const draftOf = (item: ShopItem | null): ItemDraft => ({
  name: item?.name ?? '',
  category: (item?.category as CatalogueCategory) ?? 'Weapons',
  subcategory: item?.subcategory ?? 'guns',
  gunClass: item?.gunClass ?? '',
  price: item ? cellText('price', item.price) : '',
  sellPrice: item ? cellText('sellPrice', item.sellPrice) : '',
  stock: item ? cellText('stock', item.stock) : '',
  status: item?.status ?? 'active',
  reason: '',
});

/** A new item of this category and subcategory asks which kind of gun it is. */
export const asksGunClass = (draft: Pick<ItemDraft, 'category' | 'subcategory'>) =>
  draft.category === 'Weapons' && draft.subcategory === 'guns';

/** 'Sell price: A price is a number of dollars' — a typed field's problem. */
function typedProblem(field: string, problem: string): string {
  if (field === 'price') return i18n._('Price: {problem}', { problem });
  return field === 'sellPrice' ? i18n._('Sell price: {problem}', { problem }) : i18n._('Stock: {problem}', { problem });
}

/** The typed numbers: prices in cents, stock a count (null: not priced, unlimited). */
export type TypedNumbers = { price: Cents | null; sellPrice: Cents | null; stock: number | null };

/** The draft's price, sell price and stock as numbers, or the problems of those typed wrong. */
export function readNumbers(draft: ItemDraft): { ok: true; numbers: TypedNumbers } | { ok: false; problems: string[] } {
  const read = {
    price: readCell('price', draft.price),
    sellPrice: readCell('sellPrice', draft.sellPrice),
    stock: readCell('stock', draft.stock),
  };
  const typed = Object.entries(read).flatMap(([field, value]) => (value.ok ? [] : [typedProblem(field, value.message)]));
  if (typed.length > 0) return { ok: false, problems: typed };
  const value = (field: keyof typeof read) => (read[field] as { value: number | null }).value;
  return {
    ok: true,
    numbers: { price: value('price') as Cents | null, sellPrice: value('sellPrice') as Cents | null, stock: value('stock') },
  };
}

const problemsOf = (error: { issues: ReadonlyArray<{ message: string }> }) => error.issues.map((issue) => issue.message);

export type DraftBody =
  | { ok: true; update: true; id: string; body: UpdateCatalogueItemJson }
  | { ok: true; update: false; body: CreateCatalogueItemJson }
  | { ok: false; problems: string[] };

/** The body of the PATCH (an item) or the POST (a new one), or the schema's problems with it. */
export function draftBody(draft: ItemDraft, item: ShopItem | null, numbers: TypedNumbers, photo?: string): DraftBody {
  const fields = {
    name: draft.name,
    // The schemas read the API's JSON: prices in USD.
    ...pricesInUsd({ price: numbers.price, sellPrice: numbers.sellPrice }),
    stock: numbers.stock,
    reason: draft.reason,
    ...(photo ? { photo } : {}),
  };
  if (item) {
    const parsed = UpdateCatalogueItemBody.safeParse({
      ...fields,
      subcategory: draft.subcategory,
      status: draft.status,
      expectedVersion: item.version,
    });
    return parsed.success
      ? { ok: true, update: true, id: item.id, body: pricesInUsd(parsed.data) }
      : { ok: false, problems: problemsOf(parsed.error) };
  }
  const parsed = CreateCatalogueItemBody.safeParse({
    ...fields,
    category: draft.category,
    subcategory: draft.subcategory,
    status: draft.status,
    ...(asksGunClass(draft) && draft.gunClass ? { gunClass: draft.gunClass } : {}),
    ...(draft.category === 'Ammo' ? { unit: 'round' } : {}),
  });
  return parsed.success ? { ok: true, update: false, body: pricesInUsd(parsed.data) } : { ok: false, problems: problemsOf(parsed.error) };
}
