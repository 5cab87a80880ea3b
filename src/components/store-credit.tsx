import { useLingui } from '@/lib/i18n/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { asCents, type Cents } from '../domain/money';
import { displayCents } from '../lib/i18n/intl';
import { describeCreditEntry, describeCreditKind } from '../domain/promise';
import type { CreditAccount, CreditEntry } from '../domain/schemas/credit';
import { ApiError } from '../lib/api-client';
import { creditReversalQueryOptions, useCredit, useReverseCredit } from '../lib/credit-query';
import { newIdempotencyKey } from '../lib/idempotency-key';
import { i18n } from '../lib/i18n/i18n';
import { Button } from './button';
import { Dialog } from './dialog';
import { EntryList } from './entry-list';
import { LoadError } from './load-error';
import { lazyDateFormat } from '../lib/lazy-date-format';

const when = lazyDateFormat({ day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** '+$1.25' for credit received, '−$1.25' for credit spent or taken back. */
export function signedUsd(amount: Cents): string {
  return amount < 0 ? `−${displayCents(asCents(-amount))}` : `+${displayCents(amount)}`;
}

/** The record an entry is about, in words. */
export function entryRecord(entry: Pick<CreditEntry, 'subjectType' | 'subjectId'>): string | null {
  if (entry.subjectId === null) return null;
  return entry.subjectType === 'pickup'
    ? i18n._('Pickup #{id}', { id: entry.subjectId })
    : i18n._('Request #{id}', { id: entry.subjectId });
}

/** Whether the super admin may still reverse this entry: a credit for a missed promise not reversed yet. */
export function canBeReversed(entry: CreditEntry, entries: readonly CreditEntry[]): boolean {
  if (entry.kind !== 'missed-drop' && entry.kind !== 'missed-pickup') return false;
  return !entries.some(
    (other) => other.kind === 'reversal' && other.subjectType === entry.subjectType && other.subjectId === entry.subjectId,
  );
}

/**
 * "Store credit $x.xx" and its ledger: what each entry was for, its amount, date and record. The super admin can
 * reverse a credit for a missed promise, with a reason.
 */
export function StoreCredit({
  username,
  canReverse = false,
  title = 'Store credit',
}: {
  username: string;
  canReverse?: boolean;
  title?: string;
}) {
  const { _ } = useLingui();
  const credit = useCredit(username);
  const [reversing, setReversing] = useState<CreditEntry | null>(null);
  if (credit.isPending) return <Muted role="status">{_('Loading store credit…')}</Muted>;
  if (!credit.data) return <LoadError title={_("Store credit couldn't be loaded")} onRetry={() => void credit.refetch()} />;
  return (
    <Box aria-label={_(title)}>
      <Heading>
        <span>{_(title)}</span> <Balance data-testid="credit-balance">{displayCents(credit.data.balance)}</Balance>
      </Heading>
      <Entries account={credit.data} canReverse={canReverse} onReverse={setReversing} />
      {canReverse && <ReverseDialog username={username} entry={reversing} onClose={() => setReversing(null)} />}
    </Box>
  );
}

function Entries({
  account,
  canReverse,
  onReverse,
}: {
  account: CreditAccount;
  canReverse: boolean;
  onReverse: (entry: CreditEntry) => void;
}) {
  const { _ } = useLingui();
  if (account.entries.length === 0) {
    return <Muted>{_('No store credit yet. If a promised pickup or drop time is not met, 25% of the order is credited here.')}</Muted>;
  }
  return (
    <List aria-label={_('Store credit entries')}>
      {account.entries.map((entry) => {
        const record = entryRecord(entry);
        return (
          <li key={entry.id}>
            <Line>
              <strong>{_(describeCreditEntry(entry))}</strong>
              <Amount $negative={entry.amount < 0}>{signedUsd(entry.amount)}</Amount>
            </Line>
            <small>
              <time dateTime={entry.createdAt}>{when.format(new Date(entry.createdAt))}</time>
              {record && <> · {record}</>}
              {(entry.kind === 'reversal' || entry.kind === 'adjustment') && entry.createdBy && (
                <> · {_('by {name}', { name: entry.createdBy })}</>
              )}
            </small>
            {entry.reason && <q>{entry.reason}</q>}
            {canReverse && canBeReversed(entry, account.entries) && (
              <Button type="button" $variant="ghost" onClick={() => onReverse(entry)}>
                {_('Reverse credit')}
              </Button>
            )}
          </li>
        );
      })}
    </List>
  );
}

function ReverseDialog({ username, entry, onClose }: { username: string; entry: CreditEntry | null; onClose: () => void }) {
  const { _ } = useLingui();
  return (
    <Dialog open={entry !== null} alert title={_('Reverse Store Credit')} onClose={onClose}>
      {entry && <ReverseForm key={entry.id} username={username} entry={entry} onClose={onClose} />}
    </Dialog>
  );
}

const REASON_MIN = 3;
const REASON_MAX = 300;

function ReverseForm({ username, entry, onClose }: { username: string; entry: CreditEntry; onClose: () => void }) {
  const { _ } = useLingui();
  const reverse = useReverseCredit(username);
  // What can be taken back now, asked before the form is sent (issue 52.5: it promised the whole credit, then refused).
  const preview = useQuery(creditReversalQueryOptions(entry.id));
  const refusal = preview.data?.refusal ?? null;
  const amount = preview.data && preview.data.amount < entry.amount ? preview.data.amount : entry.amount;
  const [reason, setReason] = useState('');
  // One key per form: a retry after a lost answer cannot take the credit back twice.
  const [key] = useState(newIdempotencyKey);
  const [touched, setTouched] = useState(false);
  const trimmed = reason.trim();
  const invalid = trimmed.length < REASON_MIN ? 'Say why the credit is reversed' : null;
  const failure =
    reverse.error instanceof ApiError
      ? (reverse.error.serverMessage ?? reverse.error.message)
      : reverse.error
        ? 'Network error. Please try again.'
        : null;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (invalid) return;
        reverse.mutate({ entry, reason: trimmed, key }, { onSuccess: onClose });
      }}
    >
      {preview.isPending ? (
        <p role="status">{_('Checking how much can be taken back…')}</p>
      ) : refusal ? (
        <ErrorText role="status">{_(refusal)}</ErrorText>
      ) : (
        <p data-testid="reverse-amount">
          {amount < entry.amount
            ? _(
                'Take back {amount} of the {credited} credited ({what}) from {username}? The player has spent the rest, and what is spent stays spent.',
                {
                  amount: displayCents(amount),
                  credited: displayCents(entry.amount),
                  what: [_(describeCreditKind(entry.kind)).toLowerCase(), entryRecord(entry)].filter(Boolean).join(', '),
                  username,
                },
              )
            : _('Take back {amount} ({what}) from {username}? What is already spent stays spent.', {
                amount: displayCents(amount),
                what: [_(describeCreditKind(entry.kind)).toLowerCase(), entryRecord(entry)].filter(Boolean).join(', '),
                username,
              })}
        </p>
      )}
      <Label htmlFor={`reverse-${entry.id}`}>{_('Reason (the player sees it)')}</Label>
      <Reason
        id={`reverse-${entry.id}`}
        value={reason}
        maxLength={REASON_MAX}
        rows={3}
        aria-invalid={touched && invalid ? true : undefined}
        aria-describedby={`reverse-${entry.id}-note`}
        onChange={(event) => setReason(event.target.value)}
      />
      <Note id={`reverse-${entry.id}-note`} $error={touched && !!invalid}>
        {touched && invalid ? invalid : `${trimmed.length}/${REASON_MAX}`}
      </Note>
      {failure && <ErrorText role="alert">{_(failure)}</ErrorText>}
      <Actions>
        <Button type="button" $variant="secondary" onClick={onClose}>
          {_('Cancel')}
        </Button>
        <Button type="submit" $variant="danger" disabled={reverse.isPending || preview.isPending || !!refusal}>
          {reverse.isPending ? _('Reversing…') : _('Reverse credit')}
        </Button>
      </Actions>
    </form>
  );
}

const Box = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
`;

const Heading = styled.h3`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  font-size: 1.05rem;
`;

const Balance = styled.strong`
  font-size: 1.5rem;
  color: ${({ theme }) => theme.color.accent};
`;

const List = styled(EntryList)`
  button {
    justify-self: start;
    margin-top: ${({ theme }) => theme.space(1)};
  }
`;

const Line = styled.div`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
`;

const Amount = styled.strong<{ $negative: boolean }>`
  white-space: nowrap;
  color: ${({ theme, $negative }) => ($negative ? theme.color.textMuted : theme.color.success)};
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Label = styled.label`
  display: block;
  margin-top: ${({ theme }) => theme.space(3)};
  font-weight: 600;
`;

const Reason = styled.textarea`
  width: 100%;
  margin-top: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.sm};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.bg};
  color: ${({ theme }) => theme.color.text};
  font: inherit;
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.color.danger};
  }
`;

const Note = styled.p<{ $error: boolean }>`
  margin: ${({ theme }) => theme.space(1)} 0 0;
  font-size: 0.85rem;
  color: ${({ theme, $error }) => ($error ? theme.color.dangerText : theme.color.textMuted)};
`;

const ErrorText = styled.p`
  color: ${({ theme }) => theme.color.dangerText};
  font-weight: 600;
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(3)};
`;
