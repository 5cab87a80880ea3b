import { useState } from 'react';
import styled from 'styled-components';
import { EXPORT_KINDS, type ExportKind } from '@/domain/schemas/business';
import { Filters } from './audit-panel';

const LABELS: Record<ExportKind, string> = {
  requests: 'Purchase requests',
  submissions: 'Submissions',
  pickups: 'Pickups',
  ledger: 'Credit ledger',
};

/** A day as the date field writes it, in this device's calendar. */
const dayOf = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** CSV export of requests, submissions, pickups and the ledger for a range of days (the server neutralises formulas). */
export function ExportPanel() {
  const [from, setFrom] = useState(() => dayOf(new Date(Date.now() - 29 * 86_400_000)));
  const [to, setTo] = useState(() => dayOf(new Date()));
  const query = new URLSearchParams({ from, to });
  return (
    <Wrap>
      <Filters>
        <label>
          From
          <input type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
        </label>
        <label>
          To
          <input type="date" value={to} onChange={(event) => setTo(event.target.value)} />
        </label>
      </Filters>
      <Links>
        {EXPORT_KINDS.map((kind) => (
          <a key={kind} href={`/api/admin/export/${kind}.csv?${query}`} download>
            {LABELS[kind]} (CSV)
          </a>
        ))}
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
`;
