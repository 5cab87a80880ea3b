import { fromCents } from '../../../src/domain/money';
import type { CreditAccountJson as CreditAccount } from '../../../src/domain/schemas/credit';
import { forbidden, notFound } from '../../lib/app-error';
import type { AuthUser } from '../users/repository';
import type { CreditDeps } from './deps';

/** A player's balance and entries: their own, or any player's for admins. */
export async function creditAccount({ tx, users, credit }: CreditDeps, viewer: AuthUser, username: string): Promise<CreditAccount> {
  const owner = await users.findByName(tx, username);
  if (!owner) throw notFound(`There is no user named '${username}'`);
  if (!viewer.isAdmin && owner.id !== viewer.id) throw forbidden('You may only see your own store credit');
  return { balance: fromCents(await credit.balanceCents(tx, owner.id)), entries: await credit.entriesOf(tx, owner.id) };
}

/** Super admin statistics: credits granted for missed promises and credit outstanding (USD). */
export async function creditStats({ tx, credit }: CreditDeps) {
  const row = await credit.grantedAndOutstanding(tx);
  return { creditsGranted: fromCents(row.granted), creditOutstanding: fromCents(row.outstanding) };
}
