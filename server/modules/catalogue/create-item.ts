import { normaliseName } from '../../../src/domain/catalogue';
import type { CatalogueEntryJson, CreateCatalogueItemBody } from '../../../src/domain/schemas/catalogue';
import type { Tx } from '../../db/scope';
import { nowIso } from '../../lib/time';
import { createOnce, type Created, type IdempotencyContext } from '../idempotency/keys';
import type { StoredFiles } from '../images/store';
import type { AuthUser } from '../users/repository';
import type { CatalogueDeps } from './deps';
import { toEntry, usdOf } from './entry';
import { announceCatalogue, recordChange } from './record-change';
import { catalogueRepository as repo, type ItemRow } from './repository';
import { requireFreeName } from './require-item';
import { withPhoto } from './with-photo';

/** POST /api/admin/catalogue/items (the super admin): a new item, its photo through §8's rules. */
export async function createItem(
  { tx, images, hub }: CatalogueDeps,
  actor: AuthUser,
  body: CreateCatalogueItemBody,
  idempotency: IdempotencyContext | null,
): Promise<Created<CatalogueEntryJson>> {
  return await withPhoto(images, body.photo, async (photo) => {
    const created = await createOnce(tx, idempotency, 201, async (tx) => {
      const row = await insertItem(tx, actor, body, photo, nowIso());
      await announceCatalogue(hub, tx);
      return toEntry(row);
    });
    if (created.replayed && photo) await images.remove(photo);
    return created;
  });
}

/** Inserts a new item with its 'created' history row; in the caller's transaction. */
export async function insertItem(
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
    price_cents: body.price,
    sell_price_cents: body.sellPrice,
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
  await recordChange(
    tx,
    row,
    [
      {
        field: 'created',
        from: null,
        to: JSON.stringify({ price: usdOf(body.price), sellPrice: usdOf(body.sellPrice), stock: body.stock ?? null }),
      },
    ],
    actor,
    body.reason,
    at,
  );
  return row;
}

/** An item's id for a new name: its category and name as a slug ('weapons-m4'), made unique with -2, -3… */
function slugOf(text: string): string {
  return normaliseName(text).replace(/\$/g, '').trim().replace(/ /g, '-') || 'item';
}

async function freeId(tx: Tx, category: string, name: string): Promise<string> {
  const base = `${slugOf(category)}-${slugOf(name)}`;
  for (let n = 1; ; n += 1) {
    const id = n === 1 ? base : `${base}-${n}`;
    if (!(await repo.find(tx, id))) return id;
  }
}
