import { fromCents } from '../../../src/domain/money';
import type { CreditDeps } from './deps';

/** Tells the player (and admins) their new balance, after the commit. */
export async function announceBalance({ tx, users, credit, hub }: CreditDeps, userId: number | null) {
  if (userId === null) return;
  const user = await users.findById(tx, userId);
  if (!user) return;
  const balance = fromCents(await credit.balanceCents(tx, userId));
  hub.publish({ type: 'CREDIT_UPDATE', payload: { username: user.username, balance } }, { ownerId: userId });
}
