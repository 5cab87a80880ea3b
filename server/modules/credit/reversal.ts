import { asCents, fromCents } from '../../../src/domain/money';
import type { CreditReversalPreviewJson as CreditReversalPreview } from '../../../src/domain/schemas/credit';
import type { Tx } from '../../db/scope';
import { conflict, notFound } from '../../lib/app-error';
import { nowIso } from '../../lib/time';
import type { AuthUser } from '../users/repository';
import { announceBalance } from './announce';
import type { CreditDeps } from './deps';
import type { CreditRepository } from './repository';

/**
 * How much of a missed-promise credit a reversal can take back now (issue 29.7's rule), and why not when it cannot:
 * the reversal and its preview (issue 52.5) read it the same way.
 */
async function reversible(credit: CreditRepository, within: Tx, entryId: number) {
  const found = await credit.findEntry(within, entryId);
  if (!found) throw notFound(`There is no credit entry ${entryId}`);
  if (found.entry.kind !== 'missed-drop' && found.entry.kind !== 'missed-pickup')
    throw conflict('Only a credit for a missed promise can be reversed');
  if (await credit.hasCause(within, `reversal:${entryId}`)) throw conflict('This credit was already reversed');
  const balance = await credit.balanceCents(within, found.userId);
  // A reversal takes back the whole credit, or what is left of it once the rest is spent for good. Credit spent on a
  // request still open would come back if it were cancelled or rejected, and a reversal taken now could not cover
  // it: so while such a request holds the missing part, the reversal waits.
  const open = balance < found.cents ? await credit.openSpendersOf(within, found.userId) : [];
  const cents = asCents(open.length > 0 ? 0 : Math.min(found.cents, balance));
  const refusal =
    open.length > 0
      ? `The player has spent part of this credit on purchase request ${open.map((id) => `#${id}`).join(', ')}, still open. Reverse it once that request is completed, rejected or cancelled.`
      : cents <= 0
        ? 'The player has already spent this credit, so there is nothing left to reverse'
        : null;
  return { found, cents, refusal };
}

/** GET /api/admin/credits/{entryId}/reversal: what a reversal would take back now, before the super admin asks. */
export async function reversalPreview({ tx, credit }: CreditDeps, entryId: number): Promise<CreditReversalPreview> {
  const { found, cents, refusal } = await reversible(credit, tx, entryId);
  return { credit: fromCents(found.cents), amount: fromCents(cents), refusal };
}

/** The super admin takes back a promise credit, with a reason; never more than the player still holds. */
export async function reverseCredit(deps: CreditDeps, entryId: number, reason: string, superAdmin: AuthUser) {
  const { tx, credit } = deps;
  const result = await tx.run(async (tx) => {
    // The reversal rule (issue 29.7), read as the preview reads it.
    const { found, cents, refusal } = await reversible(credit, tx, entryId);
    if (refusal) throw conflict(refusal);
    const appended = await credit.append(tx, {
      userId: found.userId,
      amountCents: asCents(-cents),
      kind: 'reversal',
      subjectType: found.entry.subjectType,
      subjectId: found.entry.subjectId,
      reason,
      cause: `reversal:${entryId}`,
      createdAt: nowIso(),
      createdBy: superAdmin.username,
    });
    return { entry: appended.entry, userId: found.userId };
  });
  await announceBalance(deps, result.userId);
  return result.entry;
}
