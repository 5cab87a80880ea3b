import { formatCents, toCents } from '../../../src/domain/money';
import type { Tx } from '../../db/scope';
import type { Hub } from '../../realtime/hub';
import { recordTransition } from '../history/audit';
import type { AuthUser } from '../users/repository';
import { catalogueRepository as repo, type FieldChange, type ItemRow } from './repository';

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

/** Bumps the catalogue's version and tells every signed-in socket once the change commits. */
export async function announceCatalogue(hub: Hub, tx: Tx): Promise<number> {
  const version = await repo.bumpVersion(tx);
  hub.publish({ type: 'CATALOGUE_UPDATE', payload: { version } }, { ownerId: null, everyone: true }, undefined, tx);
  return version;
}

/** Writes a change's rows: the item's history (one per field) and the super admin's audit log. */
export async function recordChange(
  tx: Tx,
  row: ItemRow,
  changes: readonly FieldChange[],
  actor: AuthUser | null,
  reason: string,
  at: string,
) {
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
