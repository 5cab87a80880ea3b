import { useId, useState } from 'react';
import styled from 'styled-components';
import { EXPORT_KINDS, type ExportKind } from '@/domain/schemas/business';
import { Filters } from './audit-panel';
import { i18n } from '@/lib/i18n/i18n';
import { useLingui } from '@/lib/i18n/react';

const LABELS: Record<ExportKind, string> = {
  requests: 'Purchase requests (CSV)',
  submissions: 'Submissions (CSV)',
  pickups: 'Pickups (CSV)',
  ledger: 'Credit ledger (CSV)',
};

/** A day as the date field writes it, in this device's calendar. */
const dayOf = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/**
 * What is wrong with the range before a download starts (issue 52.5: From after To started a download Chromium then
 * cancelled, with no word). The server's words for the same refusal.
 */
export function exportRangeProblem(from: string, to: string): string | null {
  if (!from || !to) return i18n._('Choose both dates');
  // YYYY-MM-DD compares as text in date order.
  return from > to ? i18n._('The end date must not be before the start date') : null;
}

/** CSV export of requests, submissions, pickups and the ledger for a range of days (the server neutralises formulas). */
export function ExportPanel() {
  const { _ } = useLingui();
  const problemId = useId();
  const [from, setFrom] = useState(() => dayOf(new Date(Date.now() - 29 * 86_400_000)));
  const [to, setTo] = useState(() => dayOf(new Date()));
  const problem = exportRangeProblem(from, to);
  const query = new URLSearchParams({ from, to });
  const invalid = problem ? { 'aria-invalid': true, 'aria-describedby': problemId } : {};
  return (
    <Wrap>
      <Filters>
        <label>
          {_('From')}
          <input type="date" value={from} max={to || undefined} {...invalid} onChange={(event) => setFrom(event.target.value)} />
        </label>
        <label>
          {_('To')}
          <input type="date" value={to} min={from || undefined} {...invalid} onChange={(event) => setTo(event.target.value)} />
        </label>
      </Filters>
      {problem && (
        <Problem id={problemId} role="alert">
          {problem}
        </Problem>
      )}
      <Links>
        {EXPORT_KINDS.map((kind) =>
          problem ? (
            <a key={kind} role="link" aria-disabled="true" aria-describedby={problemId}>
              {_(LABELS[kind])}
            </a>
          ) : (
            <a key={kind} href={`/api/admin/export/${kind}.csv?${query}`} download>
              {_(LABELS[kind])}
            </a>
          ),
        )}
      </Links>
    </Wrap>
  );
}

const Wrap = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
`;

const Links = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  a {
    display: inline-flex;
    align-items: center;
    min-height: 48px;
    padding: 0 ${({ theme }) => theme.space(4)};
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.color.border};
    background: ${({ theme }) => theme.color.surfaceRaised};
    color: ${({ theme }) => theme.color.text};
    font-weight: 700;
    text-decoration: none;
  }
  a[aria-disabled='true'] {
    opacity: 0.5;
    cursor: not-allowed;
  }
`;

const Problem = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.dangerText};
  font-weight: 600;
`;
