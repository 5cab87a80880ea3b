import type { LineInput } from '../../../src/domain/pricing';
import type { CreateCatalogueItemBody, UpdateCatalogueItemBody } from '../../../src/domain/schemas/catalogue';
import type { Tx } from '../../db/scope';
import type { IdempotencyContext } from '../idempotency/keys';
import type { StoredFiles } from '../images/store';
import type { AuthUser } from '../users/repository';
import { createItem, insertItem } from './create-item';
import type { CatalogueDeps } from './deps';
import { priceLines, releasePurchase, takeStock, type CatalogueTake, type CatalogueTaken } from './purchase-stock';
import { itemHistory, itemPrices, readCatalogue } from './read-items';
import { announceCatalogue } from './record-change';
import { catalogueRepository as repo, type ItemRow } from './repository';
import { requireFreeName } from './require-item';
import { seedIfEmpty } from './seed-catalogue';
import { applyEdit, diff, updateItem } from './update-item';
import { sellPriceLookup } from './view';

export type { CatalogueDeps } from './deps';

/**
 * The catalogue in the database (issue 49, DESIGN.md §14): seeded on first start, read by everyone signed in, changed
 * by the super admin (anything) and admins (stock and status), every change in the item's history and the audit log,
 * and a CATALOGUE_UPDATE to every socket once it commits. Purchases price from it and take stock from it here. Each
 * use case is a file of its own; this binds them to the module's dependencies.
 */
export function createCatalogueService(deps: CatalogueDeps) {
  const { tx, hub, timeZone } = deps;
  return {
    /** Seeds the catalogue from the specification on the first start; later starts change nothing. */
    seedIfEmpty: () => seedIfEmpty(tx),
    /** GET /api/catalogue: the version first, so an answer is never newer than its ETag says. */
    read: (viewer: AuthUser) => readCatalogue(tx, viewer),
    /** POST /api/admin/catalogue/items (the super admin): a new item, its photo through §8's rules. */
    create: (actor: AuthUser, body: CreateCatalogueItemBody, idempotency: IdempotencyContext | null) =>
      createItem(deps, actor, body, idempotency),
    /** PATCH /api/admin/catalogue/items/{id}: the super admin changes anything, admins only stock and status. */
    update: (actor: AuthUser, id: string, body: UpdateCatalogueItemBody) => updateItem(deps, actor, id, body),
    /** GET /api/admin/catalogue/items/{id}/history: every change, newest first. */
    history: (id: string) => itemHistory(tx, id),
    /** GET /api/catalogue/items/{id}/prices: the value card (players see active items only). */
    prices: (viewer: AuthUser, id: string) => itemPrices(tx, viewer, id),
    /** Prices a purchase's lines in its transaction, and names those it cannot take. */
    priceLines: (tx: Tx, lines: readonly LineInput[]) => priceLines(tx, lines),
    /** Takes the stock of a purchase's items in its transaction; 409 naming every item short. */
    takeStock: (tx: Tx, takes: readonly CatalogueTake[]) => takeStock(hub, tx, takes),
    /** Records what a purchase took (its value card's sales, and the stock to give back). */
    recordPurchase: (tx: Tx, requestId: number, taken: readonly CatalogueTaken[]) => repo.insertPurchaseLines(tx, requestId, taken),
    /** Gives a rejected or cancelled purchase's stock back, once; tells the shops when any came back. */
    releasePurchase: (tx: Tx, requestId: number) => releasePurchase(hub, tx, requestId),
    /** A sell valuation's table price by item name, read from the catalogue now. */
    sellPriceLookup,
    /** Whether a catalogue item shows this stored photo (everyone signed in may see it). */
    namesPhoto: async (file: string): Promise<boolean> => repo.namesPhoto(tx, file),
    /** Names of items by their row number (the audit log's subjects). */
    namesBySeq: (seqs: readonly number[]) => repo.namesBySeq(tx, seqs),
    // For the CSV import (csv.ts): the same writes as the calls, in one transaction.
    internals: {
      requireFreeName,
      insertItem,
      applyEdit: (
        tx: Tx,
        row: ItemRow,
        actor: AuthUser,
        body: Parameters<typeof applyEdit>[4],
        photo: StoredFiles | null | undefined,
        at: string,
      ) => applyEdit(timeZone, tx, row, actor, body, photo, at),
      announce: (tx: Tx) => announceCatalogue(hub, tx),
      diff,
    },
  };
}
export type CatalogueService = ReturnType<typeof createCatalogueService>;
