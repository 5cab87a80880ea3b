// The catalogue's API shapes (DESIGN.md §14, issue 49): what GET /api/catalogue answers, what the admin calls take,
// their 409 answers, the item's history and value card, CSV import, and the socket note. Shared by the server and the
// app; the client builds against it, so it only ever grows.
import * as z from 'zod/mini';
import type { CartCategory } from '../catalogue';
import { type Cents, fromCents, toCents } from '../money';
import { UsdCents } from './money';
import { ImageDataUrl } from './submissions';

/** An item's status: `hidden` items are not shown to players, `archived` ones are kept only for history. */
export const CATALOGUE_STATUSES = ['active', 'hidden', 'archived'] as const;
export const CatalogueStatus = z.enum(CATALOGUE_STATUSES, "status must be 'active', 'hidden' or 'archived'");
export type CatalogueStatus = z.infer<typeof CatalogueStatus>;

/** Categories an item of the catalogue can be in: every cart category but custom cash (priced from its amount). */
export const CATALOGUE_CATEGORIES = [
  'Cash',
  'Weapons',
  'Ammo',
  'Farming',
  'Equipment',
  'Hacking',
  'Other',
] as const satisfies readonly Exclude<CartCategory, 'Custom Cash'>[];
export const CatalogueCategory = z.enum(CATALOGUE_CATEGORIES, `category must be one of ${CATALOGUE_CATEGORIES.join(', ')}`);
export type CatalogueCategory = z.infer<typeof CatalogueCategory>;

export const GUN_CLASSES = ['pistols', 'shotguns', 'submachine guns', 'assault rifles', 'sniper rifles', 'special'] as const;

/** The largest price an item may have, in USD (an order's total is at most $1,000,000, DESIGN.md §7). */
export const MAX_CATALOGUE_PRICE = 1_000_000;
/** The largest stock count an item may have. */
export const MAX_CATALOGUE_STOCK = 1_000_000_000;

/** One item as GET /api/catalogue answers it. Prices are USD with cents (per round for ammo), or null when unpriced. */
export const CatalogueEntry = z.object({
  /** Stable id (the seeded items keep today's ids, e.g. 'gun-ak-47'). */
  id: z.string(),
  name: z.string(),
  category: z.string(),
  subcategory: z.string(),
  /** Shop price (USD in the JSON, read as cents), or null when it cannot be bought. */
  price: z.nullable(UsdCents),
  /** Sell valuation (USD in the JSON, read as cents), or null when unpriced. */
  sellPrice: z.nullable(UsdCents),
  status: CatalogueStatus,
  /** How many are left, or null for unlimited. */
  stock: z.nullable(z.number()),
  /** The stored photo's URL (cacheable for good), or null. */
  imageUrl: z.nullable(z.string()),
  thumbnailUrl: z.optional(z.nullable(z.string())),
  /** Bumped by every change of this item: a PATCH sends the one it saw as `expectedVersion`. */
  version: z.number(),
  /** When the item last changed (ISO 8601). */
  updatedAt: z.optional(z.string()),
  /** Other spellings that name the same item (the server finds a cart line by any of them). */
  aliases: z.optional(z.array(z.string())),
  /** For cash packs: the amount of in-game cash. */
  amount: z.optional(z.nullable(z.number())),
  /** For guns: the class the sell screen groups by. */
  gunClass: z.optional(z.nullable(z.string())),
  /** For ammo: the word a unit is counted in ('round'). */
  unit: z.optional(z.nullable(z.string())),
  /** False when the shop does not list it (it still appears in valuation). */
  inShop: z.optional(z.boolean()),
  /** False when the sell screen does not list it. */
  sellable: z.optional(z.boolean()),
});
export type CatalogueEntry = z.infer<typeof CatalogueEntry>;
/** An item as the server writes it (prices in USD). */
export type CatalogueEntryJson = z.input<typeof CatalogueEntry>;

/** GET /api/catalogue (ETag; If-None-Match → 304). Players get active items only, admins all. */
export const CatalogueResponse = z.object({
  /** The catalogue's version: bumped by every change; CATALOGUE_UPDATE carries the new one. */
  version: z.number(),
  items: z.array(CatalogueEntry),
});
export type CatalogueResponse = z.infer<typeof CatalogueResponse>;
export type CatalogueResponseJson = z.input<typeof CatalogueResponse>;

/** A price in a body: USD with at most two decimals, from 0 to the maximum, read as cents; or null for "not priced". */
export const CataloguePrice = z.nullable(
  z.pipe(
    z.number('A price must be a number of dollars').check(
      z.gte(0, 'A price cannot be negative'),
      z.lte(MAX_CATALOGUE_PRICE, 'A price can be at most $1,000,000'),
      z.refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'A price has at most two decimals (cents)'),
    ),
    z.transform((usd: number) => toCents(usd)),
  ),
);

type WithPrices = { price?: Cents | null; sellPrice?: Cents | null };
type PricesInUsd<T extends WithPrices> = Omit<T, 'price' | 'sellPrice'> & {
  [K in keyof T & ('price' | 'sellPrice')]: T[K] extends Cents ? number : number | Exclude<T[K], Cents>;
};

/** A body's prices as the API's JSON writes them (USD), from the cents the app holds; absent prices stay absent. */
export function pricesInUsd<T extends WithPrices>(body: T): PricesInUsd<T> {
  const usd = (cents: Cents | null) => (cents === null ? null : fromCents(cents));
  return {
    ...body,
    ...(body.price !== undefined ? { price: usd(body.price) } : {}),
    ...(body.sellPrice !== undefined ? { sellPrice: usd(body.sellPrice) } : {}),
  } as PricesInUsd<T>;
}

/** A stock count in a body: a whole number from 0, or null for unlimited. */
export const CatalogueStock = z.nullable(
  z.int('Stock must be a whole number').check(z.gte(0, 'Stock cannot be negative'), z.lte(MAX_CATALOGUE_STOCK, 'Stock is too large')),
);

/** Why a change was made: written in the item's history and the audit log. */
export const CatalogueReason = z
  .string('Say why (a reason is required)')
  .check(z.trim(), z.minLength(1, 'Say why (a reason is required)'), z.maxLength(300, 'The reason is at most 300 characters'));

const ItemName = z
  .string('The item needs a name')
  .check(z.trim(), z.minLength(1, 'The item needs a name'), z.maxLength(120, 'The name is at most 120 characters'));
const Subcategory = z
  .string('The item needs a subcategory')
  .check(z.trim(), z.minLength(1, 'The item needs a subcategory'), z.maxLength(60, 'The subcategory is at most 60 characters'));

/** POST /api/admin/catalogue/items (super admin; honours Idempotency-Key) → 201 the item. */
export const CreateCatalogueItemBody = z.object({
  name: ItemName,
  category: CatalogueCategory,
  subcategory: Subcategory,
  price: CataloguePrice,
  sellPrice: CataloguePrice,
  /** Omitted or null: unlimited. */
  stock: z.optional(CatalogueStock),
  /** Omitted: active. */
  status: z.optional(CatalogueStatus),
  /** A data URL through the photo rules (DESIGN.md §8). */
  photo: z.optional(z.nullable(ImageDataUrl)),
  aliases: z.optional(z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(120))).check(z.maxLength(20))),
  amount: z.optional(z.nullable(z.int().check(z.gte(1)))),
  gunClass: z.optional(z.nullable(z.enum(GUN_CLASSES))),
  unit: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(20)))),
  inShop: z.optional(z.boolean()),
  sellable: z.optional(z.boolean()),
  reason: CatalogueReason,
});
export type CreateCatalogueItemBody = z.infer<typeof CreateCatalogueItemBody>;
export type CreateCatalogueItemJson = z.input<typeof CreateCatalogueItemBody>;

/** The fields an admin (not the super admin) may change. */
export const ADMIN_EDITABLE_FIELDS = ['stock', 'status'] as const;

/**
 * PATCH /api/admin/catalogue/items/{id} (honours Idempotency-Key): the super admin changes anything, admins only
 * `stock` and `status`. `expectedVersion` is the item's version the editor saw; a stale one answers 409
 * (CatalogueStaleBody) and changes nothing. `photo: null` removes the photo.
 */
export const UpdateCatalogueItemBody = z.object({
  name: z.optional(ItemName),
  subcategory: z.optional(Subcategory),
  price: z.optional(CataloguePrice),
  sellPrice: z.optional(CataloguePrice),
  status: z.optional(CatalogueStatus),
  stock: z.optional(CatalogueStock),
  photo: z.optional(z.nullable(ImageDataUrl)),
  reason: CatalogueReason,
  expectedVersion: z.int('expectedVersion must be the version you saw').check(z.gte(1, 'expectedVersion must be the version you saw')),
});
export type UpdateCatalogueItemBody = z.infer<typeof UpdateCatalogueItemBody>;
export type UpdateCatalogueItemJson = z.input<typeof UpdateCatalogueItemBody>;

/** 409 of a PATCH whose `expectedVersion` is stale: who changed the item last, when, and the item as it is now. */
export const CatalogueStaleBody = z.object({
  message: z.string(),
  current: z.object({
    version: z.number(),
    /** Who made the last change (their display name), or null when unknown (e.g. the seed). */
    actorName: z.nullable(z.string()),
    /** When the last change was made (ISO 8601). */
    at: z.string(),
  }),
  item: CatalogueEntry,
});
export type CatalogueStaleBody = z.infer<typeof CatalogueStaleBody>;
export type CatalogueStaleBodyJson = z.input<typeof CatalogueStaleBody>;

/** One line a purchase could not take: hidden, archived or more than is left. */
export const UnavailableLine = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  status: CatalogueStatus,
  /** How many are left to buy now: 0 when hidden or archived; null when unlimited. */
  available: z.nullable(z.number()),
  /** How many the line asked for. */
  requested: z.number(),
});
export type UnavailableLine = z.infer<typeof UnavailableLine>;

/** 409 of POST /api/purchase-requests when a line names a hidden or archived item or more than is left. */
export const NotEnoughStockBody = z.object({
  message: z.string(),
  unavailable: z.array(UnavailableLine),
});
export type NotEnoughStockBody = z.infer<typeof NotEnoughStockBody>;

/** 409 "Prices have changed" (DESIGN.md §7): the new prices and total, so the app can offer to send again. */
export const PricesChangedBody = z.object({
  message: z.string(),
  issues: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
  /** The total the server computed (USD). */
  totalPrice: z.optional(z.number()),
  /** Each line as the server priced it (unit price in USD). */
  items: z.optional(z.array(z.object({ name: z.string(), category: z.string(), price: z.number(), quantity: z.number() }))),
});
export type PricesChangedBody = z.infer<typeof PricesChangedBody>;

/** The fields a change of an item can touch (one history row per field changed). */
export const CATALOGUE_FIELDS = ['created', 'name', 'subcategory', 'price', 'sellPrice', 'status', 'stock', 'photo'] as const;
export type CatalogueField = (typeof CATALOGUE_FIELDS)[number];

const HistoryRow = z.object({
  id: z.number(),
  at: z.string(),
  actorName: z.nullable(z.string()),
  field: z.string(),
  /** The value before and after: USD for prices, a count (or null: unlimited) for stock, text otherwise. */
  from: z.nullable(z.union([z.string(), z.number()])),
  to: z.nullable(z.union([z.string(), z.number()])),
  reason: z.nullable(z.string()),
});
type HistoryValue = string | number | null;
const centsOfPrice = (field: string, value: HistoryValue): HistoryValue =>
  (field === 'price' || field === 'sellPrice') && typeof value === 'number' ? toCents(value) : value;

/**
 * One row of GET /api/admin/catalogue/items/{id}/history, newest first: who changed which field, from what to what,
 * why. A price's values are USD in the JSON and read as cents.
 */
export const CatalogueHistoryEntry = z.pipe(
  HistoryRow,
  z.transform((row: z.infer<typeof HistoryRow>) => ({
    ...row,
    from: centsOfPrice(row.field, row.from),
    to: centsOfPrice(row.field, row.to),
  })),
);
export type CatalogueHistoryEntry = z.infer<typeof CatalogueHistoryEntry>;
export type CatalogueHistoryEntryJson = z.input<typeof CatalogueHistoryEntry>;
export const CatalogueHistoryResponse = z.array(CatalogueHistoryEntry);

/** One point of an item's price history. */
export const PricePoint = z.object({ at: z.string(), price: z.nullable(UsdCents), sellPrice: z.nullable(UsdCents) });
export type PricePoint = z.infer<typeof PricePoint>;

/** What an item sold for over a window, from completed purchases. */
export const SalesSummary = z.object({
  days: z.number(),
  /** Units sold. */
  soldCount: z.number(),
  /** The median unit price paid (USD in the JSON, read as cents), or null when none sold. */
  medianPrice: z.nullable(UsdCents),
});
export type SalesSummary = z.infer<typeof SalesSummary>;

/**
 * GET /api/catalogue/items/{id}/prices (signed in): the value card. `history` is oldest first, the seed's price first
 * and every change after; `sales` holds the 30- and 90-day windows, in that order.
 */
export const CataloguePricesResponse = z.object({
  id: z.string(),
  name: z.string(),
  price: z.nullable(UsdCents),
  sellPrice: z.nullable(UsdCents),
  history: z.array(PricePoint),
  sales: z.array(SalesSummary),
});
export type CataloguePricesResponse = z.infer<typeof CataloguePricesResponse>;
export type CataloguePricesResponseJson = z.input<typeof CataloguePricesResponse>;

/** The socket note after any change of the catalogue, to every signed-in socket. */
export const CatalogueUpdatePayload = z.object({ version: z.number() });
export type CatalogueUpdatePayload = z.infer<typeof CatalogueUpdatePayload>;
