import { notFound } from '../../lib/app-error';
import type { AuthUser } from '../users/repository';
import type { PurchaseDeps } from './deps';

/** JSON text of every request, newest first. */
export const listPurchasesJson = ({ purchases, tx }: PurchaseDeps) => purchases.listJson(tx);

/**
 * JSON text of one user's requests, newest first. A player reading their own list (the usual call) is known from
 * the session already, so the name is not looked up again.
 */
export async function listPurchasesJsonFor({ purchases, users, tx }: PurchaseDeps, username: string, viewer?: AuthUser) {
  if (viewer && viewer.username === username) return await purchases.listByRequesterJson(tx, viewer.id);
  const owner = await users.findByName(tx, username);
  if (!owner) throw notFound(`There is no user named '${username}'`);
  return await purchases.listByRequesterJson(tx, owner.id);
}
