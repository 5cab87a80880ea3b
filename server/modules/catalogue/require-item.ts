import { normaliseName } from '../../../src/domain/catalogue';
import type { Tx } from '../../db/scope';
import { AppError, notFound } from '../../lib/app-error';
import { namesOf } from './entry';
import { catalogueRepository as repo, type ItemRow } from './repository';

/** The item by its id; 404 when there is none. */
export async function requireItem(tx: Tx, id: string): Promise<ItemRow> {
  const row = await repo.find(tx, id);
  if (!row) throw notFound(`There is no catalogue item '${id}'`);
  return row;
}

/** 409 when another item of the category already answers to this name. */
export async function requireFreeName(tx: Tx, name: string, category: string, exceptSeq?: number) {
  const wanted = normaliseName(name);
  const taken = (await repo.list(tx, false)).find(
    (row) => row.seq !== exceptSeq && row.category.toLowerCase() === category.toLowerCase() && namesOf(row).includes(wanted),
  );
  if (taken)
    throw new AppError(409, `${category} already has an item named '${taken.name}'`, [{ path: 'name', message: 'Choose another name' }]);
}
