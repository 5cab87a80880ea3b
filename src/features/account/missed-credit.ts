import { formatCents } from '@/domain/money';
import type { PromiseKind } from '@/domain/record-kind';
import { useCredit } from '@/lib/credit-query';
import { useCurrentUserName } from '@/lib/current-user';

/** The store credit a missed drop or pickup earned the signed-in player ("$1.75"), from their ledger; null if none. */
export function useMissedCredit(subjectType: PromiseKind, subjectId: number | undefined, missed: boolean): string | null {
  const username = useCurrentUserName();
  const credit = useCredit(missed ? username : null);
  const entry = credit.data?.entries.find(
    (e) => (e.kind === 'missed-drop' || e.kind === 'missed-pickup') && e.subjectType === subjectType && e.subjectId === subjectId,
  );
  return entry ? formatCents(entry.amount) : null;
}
