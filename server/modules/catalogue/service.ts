import { normaliseName } from '../../../src/domain/catalogue';
import { formatCents, fromCents, toCents, type Cents } from '../../../src/domain/money';
import { CUSTOM_CASH_CATEGORY, priceLineFrom, type LineInput, type LinePrice } from '../../../src/domain/pricing';
import type {
  CatalogueEntry,
  CatalogueHistoryEntry,
  CataloguePricesResponse,
  CatalogueResponse,
  CatalogueStatus,
  CreateCatalogueItemBody,
  UnavailableLine,
  UpdateCatalogueItemBody,
} from '../../../src/domain/schemas/catalogue';
import type { Tx } from '../../db/scope';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import { now, nowIso } from '../../lib/time';
import type { Hub } from '../../realtime/hub';
import { recordTransition, storeTime } from '../history/audit';
import { createOnce, type Created, type IdempotencyContext } from '../idempotency/keys';
import { decodeDataUrl, processImage } from '../images/process';
import { imageUrl, type ImageStore, type StoredFiles } from '../images/store';
import type { AuthUser } from '../users/repository';
import { catalogueRepository as repo, type FieldChange, type ItemRow } from './repository';
import { SEED_CATALOGUE, type SeedItem } from './seed';

const DAY_MS = 24 * 3600 * 1000;
/** The value card's windows, in days. */
export const SALES_WINDOWS = [30, 90] as const;

/** The stored item as the API answers it. */
export function toEntry(row: ItemRow): CatalogueEntry {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    subcategory: row.subcategory,
    price: row.price_cents === null ? null : fromCents(row.price_cents),
    sellPrice: row.sell_price_cents === null ? null : fromCents(row.sell_price_cents),
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

/** What a field's value reads as in the audit log. */
function display(field: string, value: string | number | null): string {
  if (field === 'price' || field === 'sellPrice') return value === null ? 'no price' : formatCents(toCents(Number(value)));
  if (field === 'stock') return value === null ? 'unlimited' : String(value);
  if (field === 'photo') return value === null ? 'no photo' : 'a photo';
  return value === null ? '—' : String(value);
}

const FIELD_LABEL: Record<string, string> = {
  name: 'Name',
  subcategory: 'Subcategory',
  price: 'Price',
  sellPrice: 'Sell price',
  status: 'Status',
  stock: 'Stock',
  photo: 'Photo',
};

/** The fields only the super admin may change. */
const SUPER_ADMIN_FIELDS = ['name', 'subcategory', 'price', 'sellPrice', 'photo'] as const;

/** An item's id for a new name: its category and name as a slug ('weapons-m4'), made unique with -2, -3… */
function slugOf(text: string): string {
  return normaliseName(text).replace(/\$/g, '').trim().replace(/ /g, '-') || 'item';
}

/** Names an item answers to: its name and aliases, normalised. */
const namesOf = (row: Pick<ItemRow, 'name' | 'aliases'>) => [row.name, ...(JSON.parse(row.aliases) as string[])].map(normaliseName);

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

/** The median of a multiset of unit prices (cents), each counted `quantity` times; null when empty. */
export function weightedMedianCents(sales: ReadonlyArray<{ quantity: number; unit_cents: number }>): number | null {
  const total = sales.reduce((sum, sale) => sum + sale.quantity, 0);
  if (total === 0) return null;
  const sorted = [...sales].sort((a, b) => a.unit_cents - b.unit_cents);
  const at = (index: number) => {
    let seen = 0;
    for (const sale of sorted) {
      seen += sale.quantity;
      if (index < seen) return sale.unit_cents;
    }
    return sorted.at(-1)!.unit_cents;
  };
  return total % 2 === 1 ? at((total - 1) / 2) : Math.round((at(total / 2 - 1) + at(total / 2)) / 2);
}

/** One line a purchase takes from the catalogue: the item and how many. */
export interface CatalogueTake {
  seq: number;
  quantity: number;
  unitCents: Cents;
  /** Whether the item had a stock count when the purchase read it (unlimited items are never written). */
  counted: boolean;
}

/** A purchase's view of the catalogue, read in its transaction: items found by name within their category. */
export async function catalogueView(tx: Tx) {
  return viewOf(await repo.list(tx, false));
}

/**
 * The view of the items a purchase names (issue 46): only the rows whose name is a line's, in any capitalisation —
 * what the shop sends — instead of the whole catalogue. A name the shop does not write (another spelling, an alias)
 * reads the whole catalogue, as before. Names and aliases are unique within a category, so both find the same item.
 */
async function purchaseView(tx: Tx, lines: readonly LineInput[]) {
  const named = lines.filter((line) => !isCustomCash(line.category));
  if (named.length === 0) return viewOf([]);
  const view = viewOf(await repo.listByLowerName(tx, [...new Set(named.map((line) => line.name.trim().toLowerCase()))]));
  return named.every((line) => view.find(line.name, line.category)) ? view : await catalogueView(tx);
}

const isCustomCash = (category: string) => category.trim().toLowerCase() === CUSTOM_CASH_CATEGORY.toLowerCase();

function viewOf(rows: readonly ItemRow[]) {
  const byName = new Map<string, ItemRow[]>();
  for (const row of rows) for (const name of namesOf(row)) byName.set(name, [...(byName.get(name) ?? []), row]);
  const find = (name: string, category?: string): ItemRow | undefined => {
    const candidates = byName.get(normaliseName(name)) ?? [];
    if (category === undefined) return candidates.find((row) => row.status !== 'archived') ?? candidates[0];
    return candidates.find((row) => row.category.toLowerCase() === category.toLowerCase());
  };
  return { find };
}

/**
 * A sell valuation's table price by item name, read from the catalogue in the database now (null: unpriced;
 * undefined: no such item): what payouts are valued with (issue 49).
 */
export async function sellPriceLookup(tx: Tx): Promise<(name: string) => number | null | undefined> {
  const view = await catalogueView(tx);
  return (name) => {
    const row = view.find(name);
    if (!row) return undefined;
    return row.sell_price_cents === null ? null : fromCents(row.sell_price_cents);
  };
}

export interface CatalogueDeps {
  tx: Tx;
  hub: Hub;
  images: ImageStore;
  timeZone: string;
}

/**
 * The catalogue in the database (issue 49, DESIGN.md §14): seeded on first start, read by everyone signed in, changed
 * by the super admin (anything) and admins (stock and status), every change in the item's history and the audit log,
 * and a CATALOGUE_UPDATE to every socket once it commits. Purchases price from it and take stock from it here.
 */
export function createCatalogueService({ tx, hub, images, timeZone }: CatalogueDeps) {
  /** Bumps the catalogue's version and tells every signed-in socket once the change commits. */
  async function announce(tx: Tx): Promise<number> {
    const version = await repo.bumpVersion(tx);
    hub.publish({ type: 'CATALOGUE_UPDATE', payload: { version } }, { ownerId: null, everyone: true }, undefined, tx);
    return version;
  }

  /** Writes a change's rows: the item's history (one per field) and the super admin's audit log. */
  async function record(tx: Tx, row: ItemRow, changes: readonly FieldChange[], actor: AuthUser | null, reason: string, at: string) {
    await repo.insertChanges(tx, row.seq, changes, { actorId: actor?.id ?? null, actorName: actor?.username ?? null, at, reason });
    if (!actor) return;
    for (const change of changes) {
      const label = FIELD_LABEL[change.field];
      await recordTransition(tx, {
        subject: 'catalogue-item',
        subjectId: row.seq,
        from: label ? `${label}: ${display(change.field, change.from)}` : null,
        to: label ? `${label}: ${display(change.field, change.to)}` : `Added ${row.name}`,
        actor: { id: actor.id, username: actor.username },
        note: reason,
      });
    }
  }

  /** Stores a photo from a data URL through §8's rules; null when none was sent. */
  const savePhoto = async (photo: string | null | undefined): Promise<StoredFiles | null> =>
    photo ? await images.save(await processImage(decodeDataUrl(photo))) : null;

  /** Runs `fn` with the photo stored first; the photo is removed when the change does not commit or was a replay. */
  async function withPhoto<T>(photo: string | null | undefined, fn: (files: StoredFiles | null) => Promise<T>): Promise<T> {
    const files = await savePhoto(photo);
    try {
      return await fn(files);
    } catch (error) {
      if (files) await images.remove(files);
      throw error;
    } finally {
      if (files) images.settle(files);
    }
  }

  async function requireItem(tx: Tx, id: string): Promise<ItemRow> {
    const row = await repo.find(tx, id);
    if (!row) throw notFound(`There is no catalogue item '${id}'`);
    return row;
  }

  /** 409 when another item of the category already answers to this name. */
  async function requireFreeName(tx: Tx, name: string, category: string, exceptSeq?: number) {
    const wanted = normaliseName(name);
    const taken = (await repo.list(tx, false)).find(
      (row) => row.seq !== exceptSeq && row.category.toLowerCase() === category.toLowerCase() && namesOf(row).includes(wanted),
    );
    if (taken)
      throw new AppError(409, `${category} already has an item named '${taken.name}'`, [{ path: 'name', message: 'Choose another name' }]);
  }

  async function freeId(tx: Tx, category: string, name: string): Promise<string> {
    const base = `${slugOf(category)}-${slugOf(name)}`;
    for (let n = 1; ; n += 1) {
      const id = n === 1 ? base : `${base}-${n}`;
      if (!(await repo.find(tx, id))) return id;
    }
  }

  /** Inserts a new item with its 'created' history row; in the caller's transaction. */
  async function insertItem(
    tx: Tx,
    actor: AuthUser,
    body: Omit<CreateCatalogueItemBody, 'photo'>,
    photo: StoredFiles | null,
    at: string,
  ): Promise<ItemRow> {
    await requireFreeName(tx, body.name, body.category);
    const row = await repo.insert(tx, {
      id: await freeId(tx, body.category, body.name),
      name: body.name,
      category: body.category,
      subcategory: body.subcategory,
      price_cents: body.price === null ? null : toCents(body.price),
      sell_price_cents: body.sellPrice === null ? null : toCents(body.sellPrice),
      status: body.status ?? 'active',
      stock: body.stock ?? null,
      image_file: photo?.imageFile ?? null,
      thumbnail_file: photo?.thumbnailFile ?? null,
      aliases: JSON.stringify(body.aliases ?? []),
      amount: body.amount ?? null,
      gun_class: body.gunClass ?? null,
      unit: body.unit?.trim() || null,
      in_shop: body.inShop === false ? 0 : 1,
      sellable: body.sellable === false ? 0 : 1,
      position: await repo.nextPosition(tx),
      created_at: at,
      updated_at: at,
      updated_by: actor.username,
    });
    await record(
      tx,
      row,
      [{ field: 'created', from: null, to: JSON.stringify({ price: body.price, sellPrice: body.sellPrice, stock: body.stock ?? null }) }],
      actor,
      body.reason,
      at,
    );
    return row;
  }

  /** The field changes an edit makes to a row (values as the API spells them); fields equal to the present are left out. */
  function diff(row: ItemRow, body: Partial<UpdateCatalogueItemBody>, photo: StoredFiles | null | undefined): FieldChange[] {
    const entry = toEntry(row);
    const changes: FieldChange[] = [];
    const compare = (field: 'name' | 'subcategory' | 'price' | 'sellPrice' | 'status' | 'stock') => {
      const to = body[field];
      if (to === undefined) return;
      const from = entry[field];
      if (from !== to) changes.push({ field, from, to });
    };
    for (const field of ['name', 'subcategory', 'price', 'sellPrice', 'status', 'stock'] as const) compare(field);
    if (photo !== undefined && (photo !== null || row.image_file !== null))
      changes.push({ field: 'photo', from: imageUrl(row.image_file), to: imageUrl(photo?.imageFile ?? null) });
    return changes;
  }

  /** The row's columns for a set of changes. */
  function columnsOf(changes: readonly FieldChange[], photo: StoredFiles | null | undefined): Partial<ItemRow> {
    const columns: Partial<ItemRow> = {};
    for (const { field, to } of changes) {
      if (field === 'name') columns.name = String(to);
      if (field === 'subcategory') columns.subcategory = String(to);
      if (field === 'price') columns.price_cents = to === null ? null : toCents(Number(to));
      if (field === 'sellPrice') columns.sell_price_cents = to === null ? null : toCents(Number(to));
      if (field === 'status') columns.status = String(to);
      if (field === 'stock') columns.stock = to === null ? null : Number(to);
      if (field === 'photo') {
        columns.image_file = photo?.imageFile ?? null;
        columns.thumbnail_file = photo?.thumbnailFile ?? null;
      }
    }
    return columns;
  }

  /** The 409 of an edit made on a version the item has left: who changed it last, and when. */
  function staleEdit(row: ItemRow): AppError {
    const by = row.updated_by ? ` by ${row.updated_by}` : '';
    return new AppError(
      409,
      `${row.name} was changed${by} at ${storeTime(row.updated_at, timeZone)} since you opened it. Check it and make your change again.`,
      undefined,
      undefined,
      { current: { version: row.version, actorName: row.updated_by, at: row.updated_at }, item: toEntry(row) },
    );
  }

  /**
   * Applies an edit to a row at `expectedVersion` in the caller's transaction: its history, audit rows and the row
   * itself. Answers the row as it is now, and whether anything changed.
   */
  async function applyEdit(
    tx: Tx,
    row: ItemRow,
    actor: AuthUser,
    body: Partial<UpdateCatalogueItemBody> & { reason: string },
    photo: StoredFiles | null | undefined,
    at: string,
  ): Promise<{ row: ItemRow; changed: boolean }> {
    const changes = diff(row, body, photo);
    if (changes.length === 0) return { row, changed: false };
    if (body.name !== undefined && changes.some((change) => change.field === 'name'))
      await requireFreeName(tx, body.name, row.category, row.seq);
    const updated = await repo.updateAt(tx, row.seq, row.version, {
      ...columnsOf(changes, photo),
      updated_at: at,
      updated_by: actor.username,
    });
    if (!updated) throw staleEdit((await repo.findBySeq(tx, row.seq))!);
    await record(tx, updated, changes, actor, body.reason, at);
    return { row: updated, changed: true };
  }

  return {
    /**
     * Seeds the catalogue from the specification on the first start (once, whichever process gets there first);
     * later starts find it seeded and change nothing.
     */
    async seedIfEmpty(): Promise<boolean> {
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
    },

    /** GET /api/catalogue: the version first, so an answer is never newer than its ETag says. */
    async read(viewer: AuthUser): Promise<{ etag: string; body: () => Promise<CatalogueResponse> }> {
      const version = await repo.version(tx);
      const etag = `"catalogue-${version}-${viewer.isAdmin ? 'all' : 'active'}"`;
      return {
        etag,
        body: async () => ({ version, items: (await repo.list(tx, !viewer.isAdmin)).map(toEntry) }),
      };
    },

    /** POST /api/admin/catalogue/items (the super admin): a new item, its photo through §8's rules. */
    async create(actor: AuthUser, body: CreateCatalogueItemBody, idempotency: IdempotencyContext | null): Promise<Created<CatalogueEntry>> {
      return await withPhoto(body.photo, async (photo) => {
        const created = await createOnce(tx, idempotency, 201, async (tx) => {
          const row = await insertItem(tx, actor, body, photo, nowIso());
          await announce(tx);
          return toEntry(row);
        });
        if (created.replayed && photo) await images.remove(photo);
        return created;
      });
    },

    /**
     * PATCH /api/admin/catalogue/items/{id}: the super admin changes anything, admins only stock and status; a stale
     * `expectedVersion` answers 409 naming who changed the item and when, and changes nothing.
     */
    async update(actor: AuthUser, id: string, body: UpdateCatalogueItemBody): Promise<CatalogueEntry> {
      if (!actor.isSuperAdmin) {
        const refused = SUPER_ADMIN_FIELDS.filter((field) => body[field] !== undefined);
        if (refused.length > 0)
          throw forbidden(`Admins may change only an item's stock and status; ask the super admin to change its ${refused.join(', ')}`);
      }
      return await withPhoto(body.photo, async (photo) =>
        tx.run(async (tx) => {
          const row = await requireItem(tx, id);
          if (row.version !== body.expectedVersion) throw staleEdit(row);
          const edited = await applyEdit(tx, row, actor, body, body.photo === undefined ? undefined : photo, nowIso());
          if (edited.changed) await announce(tx);
          return toEntry(edited.row);
        }),
      );
    },

    /** GET /api/admin/catalogue/items/{id}/history: every change, newest first. */
    async history(id: string): Promise<CatalogueHistoryEntry[]> {
      const row = await requireItem(tx, id);
      const changes = await repo.changes(tx, row.seq);
      return changes.reverse().map((change) => ({
        id: change.id,
        at: change.at,
        actorName: change.actor_name,
        field: change.field,
        from: change.from_value === null ? null : (JSON.parse(change.from_value) as string | number | null),
        to: change.to_value === null ? null : (JSON.parse(change.to_value) as string | number | null),
        reason: change.reason,
      }));
    },

    /** GET /api/catalogue/items/{id}/prices: the value card (players see active items only). */
    async prices(viewer: AuthUser, id: string): Promise<CataloguePricesResponse> {
      const row = await requireItem(tx, id);
      if (!viewer.isAdmin && row.status !== 'active') throw notFound(`There is no catalogue item '${id}'`);
      const history: CataloguePricesResponse['history'] = [];
      let price: number | null = null;
      let sellPrice: number | null = null;
      for (const change of await repo.changes(tx, row.seq)) {
        const to = change.to_value === null ? null : (JSON.parse(change.to_value) as unknown);
        if (change.field === 'created') {
          const start = JSON.parse(String(to)) as { price: number | null; sellPrice: number | null };
          price = start.price;
          sellPrice = start.sellPrice;
        } else if (change.field === 'price') price = to as number | null;
        else if (change.field === 'sellPrice') sellPrice = to as number | null;
        else continue;
        const last = history.at(-1);
        // One point per moment: an edit of both prices is one point.
        if (last && last.at === change.at) history[history.length - 1] = { at: change.at, price, sellPrice };
        else history.push({ at: change.at, price, sellPrice });
      }
      const sales = await Promise.all(
        SALES_WINDOWS.map(async (days) => {
          const rows = await repo.sales(tx, row.seq, new Date(now().getTime() - days * DAY_MS).toISOString());
          const median = weightedMedianCents(rows);
          return {
            days,
            soldCount: rows.reduce((sum, sale) => sum + sale.quantity, 0),
            medianPrice: median === null ? null : fromCents(median),
          };
        }),
      );
      const entry = toEntry(row);
      return { id: entry.id, name: entry.name, price: entry.price, sellPrice: entry.sellPrice, history, sales };
    },

    /**
     * Prices a purchase's lines from the catalogue in the purchase's transaction (found by name within category, any
     * capitalisation; custom cash from its amount), and names the lines it cannot take: hidden or archived items.
     */
    async priceLines(
      tx: Tx,
      lines: readonly LineInput[],
    ): Promise<{ priced: Array<LinePrice & { item: ItemRow | null }>; unavailable: UnavailableLine[] }> {
      const view = await purchaseView(tx, lines);
      const unavailable: UnavailableLine[] = [];
      const priced = lines.map((line) => {
        let item: ItemRow | null = null;
        const result = priceLineFrom(line, (name, category) => {
          const row = view.find(name, category);
          item = row ?? null;
          return row ? { name: row.name, category: row.category, price: toEntry(row).price, inShop: row.in_shop === 1 } : undefined;
        });
        const found = item as ItemRow | null;
        if (found && found.status !== 'active')
          unavailable.push({
            id: found.id,
            name: found.name,
            category: found.category,
            status: found.status as CatalogueStatus,
            available: 0,
            requested: line.quantity,
          });
        return { ...result, item: found };
      });
      return { priced, unavailable };
    },

    /**
     * Takes the stock of a purchase's items in its transaction: one conditional UPDATE per counted item, so racing
     * purchases never sell more than is left. Throws 409 naming every item short (and what is left), which rolls the
     * purchase back whole. Answers what each item took, for `recordPurchase`.
     */
    async takeStock(tx: Tx, takes: readonly CatalogueTake[]): Promise<Array<CatalogueTake & { stockTaken: boolean }>> {
      const bySeq = new Map<number, CatalogueTake>();
      for (const take of takes) {
        const known = bySeq.get(take.seq);
        bySeq.set(take.seq, known ? { ...known, quantity: known.quantity + take.quantity } : take);
      }
      const taken: Array<CatalogueTake & { stockTaken: boolean }> = [];
      const short: UnavailableLine[] = [];
      // In the items' order, so two purchases of the same items never wait on each other crosswise (a deadlock).
      for (const take of [...bySeq.values()].sort((a, b) => a.seq - b.seq)) {
        // Unlimited when the purchase read it (priceLines, active too): nothing to take, and no write on the row.
        if (!take.counted) {
          taken.push({ ...take, stockTaken: false });
          continue;
        }
        if (await repo.takeStock(tx, take.seq, take.quantity)) {
          taken.push({ ...take, stockTaken: true });
          continue;
        }
        const now = (await repo.findBySeq(tx, take.seq))!;
        short.push({
          id: now.id,
          name: now.name,
          category: now.category,
          status: now.status as CatalogueStatus,
          available: now.status === 'active' ? now.stock : 0,
          requested: take.quantity,
        });
      }
      if (short.length > 0) throw unavailableError(short);
      if (taken.some((take) => take.stockTaken)) await announce(tx);
      return taken;
    },

    /** Records what a purchase took (its value card's sales, and the stock to give back). */
    recordPurchase: (tx: Tx, requestId: number, taken: ReadonlyArray<CatalogueTake & { stockTaken: boolean }>) =>
      repo.insertPurchaseLines(tx, requestId, taken),

    /** Gives a rejected or cancelled purchase's stock back, once; tells the shops when any came back. */
    async releasePurchase(tx: Tx, requestId: number): Promise<void> {
      const released = await repo.releasePurchase(tx, requestId);
      for (const line of released) await repo.returnStock(tx, line.item_seq, line.quantity);
      if (released.length > 0) await announce(tx);
    },

    /** A sell valuation's table price by item name, read from the catalogue now. */
    sellPriceLookup,

    /** Whether a catalogue item shows this stored photo (everyone signed in may see it). */
    namesPhoto: async (file: string): Promise<boolean> => repo.namesPhoto(tx, file),

    /** Names of items by their row number (the audit log's subjects). */
    namesBySeq: (seqs: readonly number[]) => repo.namesBySeq(tx, seqs),

    // For the CSV import (csv.ts): the same writes as the calls, in one transaction.
    internals: { requireFreeName, insertItem, applyEdit, announce, diff },
  };
}
export type CatalogueService = ReturnType<typeof createCatalogueService>;

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
