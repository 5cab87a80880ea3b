import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import styled from 'styled-components';
import { Chips } from '@/components/chips';
import { formatDateTime } from '@/lib/format-date';
import { AUDIT_SUBJECT_WORDS, stepTitle, type StepLike } from '@/domain/history-wording';
import { auditQueryOptions, type AuditFilter } from '../api/dashboard';
import { useLingui } from '@/lib/i18n/react';

const KINDS = [
  { value: '', label: 'Everything' },
  { value: 'purchase-request', label: 'Requests' },
  { value: 'submission', label: 'Submissions' },
  { value: 'pickup', label: 'Pickups' },
  { value: 'user', label: 'Users' },
] as const;

/** The audit log: every admin action, newest first, filtered by record kind, admin and days. */
export function AuditPanel() {
  const { _, i18n } = useLingui();
  const [filter, setFilter] = useState<AuditFilter>({ subjectType: '', actor: '', from: '', until: '' });
  const deferred = useDeferredValue(filter);
  const audit = useQuery(auditQueryOptions(deferred));
  const set = (change: Partial<AuditFilter>) => setFilter({ ...filter, ...change });
  return (
    <Wrap>
      <Chips label={_('Record')} value={filter.subjectType} onChange={(subjectType) => set({ subjectType })} options={KINDS} />
      <Filters>
        <label>
          {_('Admin')}
          <input
            value={filter.actor}
            onChange={(event) => set({ actor: event.target.value })}
            placeholder={_('Any admin')}
            autoComplete="off"
          />
        </label>
        <label>
          {_('From')}
          <input type="date" value={filter.from} onChange={(event) => set({ from: event.target.value })} />
        </label>
        <label>
          {_('Until')}
          <input type="date" value={filter.until} onChange={(event) => set({ until: event.target.value })} />
        </label>
      </Filters>
      {audit.isPending ? (
        <Muted>{_('Loading the audit log...')}</Muted>
      ) : audit.isError ? (
        <Muted role="alert">{audit.error instanceof Error ? audit.error.message : _('The audit log could not be read')}</Muted>
      ) : audit.data.length === 0 ? (
        <Muted>{_('No admin actions match')}</Muted>
      ) : (
        <Rows aria-label={_('Audit log')}>
          {audit.data.map((entry) => (
            <li key={entry.id}>
              <strong>{subjectOf(entry, _)}</strong>
              <span>{_('{what} by {name}', { what: titleOf(entry, i18n.locale, _), name: entry.actorName })}</span>

              <small>{formatDateTime(entry.at)}</small>
              {entry.note && <em>{entry.note}</em>}
            </li>
          ))}
        </Rows>
      )}
    </Wrap>
  );
}

/** What a row is about, as the server names it ('Sell request #3', 'Catalogue item AK-47'), its kind in the language shown. */
const AUDIT_SUBJECT =
  '{kind, select, purchase_request {Request} submission {Submission} pickup {Pickup} sell_request {Sell request} user {User} catalogue_item {Catalogue item} other {Record}}';

type Entry = { subject?: string | null; subjectType: string; subjectId: number | string; title?: string | null } & StepLike;
type Translate = (id: string, values?: Record<string, string>) => string;

export function subjectOf(entry: Entry, _: Translate): string {
  const english = AUDIT_SUBJECT_WORDS[entry.subjectType];
  const text = entry.subject ?? `${english ?? entry.subjectType} #${entry.subjectId}`;
  if (!english || !text.startsWith(english)) return text;
  return `${_(AUDIT_SUBJECT, { kind: entry.subjectType.replace(/-/g, '_') })}${text.slice(english.length)}`;
}

/** The step: the server's title in English (it knows the steps before it); in another language, written here. */
export const titleOf = (entry: Entry, locale: string, _: Translate): string =>
  locale === 'en' ? (entry.title ?? stepTitle([entry], 0)) : stepTitle([entry], 0, _);

const Wrap = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
`;

export const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  label {
    display: grid;
    gap: ${({ theme }) => theme.space(1)};
    font-weight: 600;
    font-size: 0.9rem;
  }
  input {
    min-height: 44px;
    padding: 0 ${({ theme }) => theme.space(3)};
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.color.border};
    background: ${({ theme }) => theme.color.surface};
    color: ${({ theme }) => theme.color.text};
    font: inherit;
    color-scheme: dark;
  }
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Rows = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  li {
    display: grid;
    grid-template-columns: 9rem 1fr auto;
    gap: ${({ theme }) => theme.space(2)};
    align-items: baseline;
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
    border-radius: ${({ theme }) => theme.radius.sm};
    background: ${({ theme }) => theme.color.surfaceRaised};
  }
  small {
    color: ${({ theme }) => theme.color.textMuted};
  }
  em {
    grid-column: 2 / -1;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;
