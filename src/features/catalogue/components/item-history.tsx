import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import type { CatalogueHistoryEntry } from '@/domain/schemas/catalogue';
import { i18n } from '@/lib/i18n/i18n';
import type { Cents } from '@/domain/money';
import { displayCents } from '@/lib/i18n/intl';
import { useLingui } from '@/lib/i18n/react';
import { formatDateTime } from '@/lib/format-date';
import { itemHistoryQueryOptions } from '../api/item-calls';
import { fieldWord, statusValue } from '../lib/field-word';

/** A history row's value as the grid shows it: prices (cents) in dollars, no stock as unlimited, a status in words. */
function historyValue(field: string, value: string | number | null): string {
  if (value === null) return field === 'stock' ? i18n._('unlimited') : '—';
  if ((field === 'price' || field === 'sellPrice') && typeof value === 'number') return displayCents(value as Cents);
  return field === 'status' ? statusValue(String(value)) : String(value);
}

/** One change of the item: when, who, what from and to, and why. */
function HistoryEntry({ entry }: { entry: CatalogueHistoryEntry }) {
  const { _ } = useLingui();
  return (
    <li>
      <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> · {entry.actorName ?? _('system')} ·{' '}
      {entry.field === 'created'
        ? fieldWord(entry.field)
        : _('{field}: {from} → {to}', {
            field: fieldWord(entry.field),
            from: historyValue(entry.field, entry.from),
            to: historyValue(entry.field, entry.to),
          })}
      {entry.reason && <em> {_('“{text}”', { text: entry.reason })}</em>}
    </li>
  );
}

/** The item's history in the editor, newest first. */
export function ItemHistory({ itemId }: { itemId: string }) {
  const { _ } = useLingui();
  const history = useQuery(itemHistoryQueryOptions(itemId));
  return (
    <History aria-label={_('History')}>
      <h3>{_('History')}</h3>
      {history.isPending ? (
        <p>{_('Loading...')}</p>
      ) : history.isError ? (
        <p>{_("The history couldn't be loaded")}</p>
      ) : (
        <ol>
          {history.data.map((entry) => (
            <HistoryEntry key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
    </History>
  );
}

const History = styled.section`
  margin-top: ${({ theme }) => theme.space(4)};
  h3 {
    font-size: 0.9rem;
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: ${({ theme }) => theme.color.textMuted};
  }
  ol {
    margin: ${({ theme }) => theme.space(2)} 0 0;
    padding-left: 1.2rem;
    max-height: 12rem;
    overflow-y: auto;
    font-size: 0.85rem;
  }
`;
