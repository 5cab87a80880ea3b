import type { Cents } from '../../../src/domain/money';
import type { CatalogueEntryJson, UpdateCatalogueItemBody } from '../../../src/domain/schemas/catalogue';
import type { Tx } from '../../db/scope';
import { AppError, forbidden } from '../../lib/app-error';
import { nowIso } from '../../lib/time';
import { storeTime } from '../history/audit';
import { imageUrl, type StoredFiles } from '../images/store';
import type { AuthUser } from '../users/repository';
import type { CatalogueDeps } from './deps';
import { toEntry, usdOf } from './entry';
import { announceCatalogue, recordChange } from './record-change';
import { catalogueRepository as repo, type FieldChange, type ItemRow } from './repository';
import { requireFreeName, requireItem } from './require-item';
import { withPhoto } from './with-photo';

/** The fields only the super admin may change. */
const SUPER_ADMIN_FIELDS = ['name', 'subcategory', 'price', 'sellPrice', 'photo'] as const;

/**
 * PATCH /api/admin/catalogue/items/{id}: the super admin changes anything, admins only stock and status; a stale
 * `expectedVersion` answers 409 naming who changed the item and when, and changes nothing.
 */
export async function updateItem(
  { tx, images, hub, timeZone }: CatalogueDeps,
  actor: AuthUser,
  id: string,
  body: UpdateCatalogueItemBody,
): Promise<CatalogueEntryJson> {
  if (!actor.isSuperAdmin) {
    const refused = SUPER_ADMIN_FIELDS.filter((field) => body[field] !== undefined);
    if (refused.length > 0)
      throw forbidden(`Admins may change only an item's stock and status; ask the super admin to change its ${refused.join(', ')}`);
  }
  return await withPhoto(images, body.photo, async (photo) =>
    tx.run(async (tx) => {
      const row = await requireItem(tx, id);
      if (row.version !== body.expectedVersion) throw staleEdit(row, timeZone);
      const edited = await applyEdit(timeZone, tx, row, actor, body, body.photo === undefined ? undefined : photo, nowIso());
      if (edited.changed) await announceCatalogue(hub, tx);
      return toEntry(edited.row);
    }),
  );
}

/**
 * Applies an edit to a row at `expectedVersion` in the caller's transaction: its history, audit rows and the row
 * itself. Answers the row as it is now, and whether anything changed.
 */
export async function applyEdit(
  timeZone: string,
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
    ...columnsOf(changes, body, photo),
    updated_at: at,
    updated_by: actor.username,
  });
  if (!updated) throw staleEdit((await repo.findBySeq(tx, row.seq))!, timeZone);
  await recordChange(tx, updated, changes, actor, body.reason, at);
  return { row: updated, changed: true };
}

/** The field changes an edit makes to a row (values as the API spells them); fields equal to the present are left out. */
export function diff(row: ItemRow, body: Partial<UpdateCatalogueItemBody>, photo: StoredFiles | null | undefined): FieldChange[] {
  const entry = toEntry(row);
  const changes: FieldChange[] = [];
  const compare = (field: 'name' | 'subcategory' | 'price' | 'sellPrice' | 'status' | 'stock') => {
    const value = body[field];
    if (value === undefined) return;
    // Prices are cents in the body and dollars in the history, as the API spells them.
    const to = field === 'price' || field === 'sellPrice' ? usdOf(value as Cents | null) : value;
    const from = entry[field];
    if (from !== to) changes.push({ field, from, to });
  };
  for (const field of ['name', 'subcategory', 'price', 'sellPrice', 'status', 'stock'] as const) compare(field);
  if (photo !== undefined && (photo !== null || row.image_file !== null))
    changes.push({ field: 'photo', from: imageUrl(row.image_file), to: imageUrl(photo?.imageFile ?? null) });
  return changes;
}

/** The row's columns for a set of changes. */
function columnsOf(
  changes: readonly FieldChange[],
  body: Partial<UpdateCatalogueItemBody>,
  photo: StoredFiles | null | undefined,
): Partial<ItemRow> {
  const columns: Partial<ItemRow> = {};
  for (const { field, to } of changes) {
    if (field === 'name') columns.name = String(to);
    if (field === 'subcategory') columns.subcategory = String(to);
    if (field === 'price') columns.price_cents = body.price ?? null;
    if (field === 'sellPrice') columns.sell_price_cents = body.sellPrice ?? null;
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
function staleEdit(row: ItemRow, timeZone: string): AppError {
  const by = row.updated_by ? ` by ${row.updated_by}` : '';
  return new AppError(
    409,
    `${row.name} was changed${by} at ${storeTime(row.updated_at, timeZone)} since you opened it. Check it and make your change again.`,
    undefined,
    undefined,
    { current: { version: row.version, actorName: row.updated_by, at: row.updated_at }, item: toEntry(row) },
  );
}
