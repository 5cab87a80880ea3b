import styled from 'styled-components';
import type { CatalogueImportResult } from '@/domain/schemas/catalogue-csv';
import { useLingui } from '@/lib/i18n/react';
import { fieldWord, statusValue } from '../lib/field-word';

/** A CSV value in the preview: a status in words, nothing as a dash. */
const show = (field: string, value: string | number | null) =>
  value === null || value === '' ? '—' : field === 'status' ? statusValue(String(value)) : String(value);

/** What an import would change: the counts, each row's error, then each item's changes. */
export function ImportPreview({ preview }: { preview: CatalogueImportResult }) {
  const { _ } = useLingui();
  return (
    <Preview aria-label={_('What the import changes')}>
      <p>
        {_('{changes} to change · {unchanged} unchanged · {errors, plural, one {# error} other {# errors}}', {
          changes: preview.changes.length,
          unchanged: preview.unchanged,
          errors: preview.errors.length,
        })}
      </p>
      {preview.errors.length > 0 && (
        <ul data-testid="import-errors">
          {preview.errors.map((error) => (
            <li key={`${error.row}-${error.column}`}>
              {error.column
                ? _('Row {row} ({column}): {problem}', { row: error.row, column: error.column, problem: error.message })
                : _('Row {row}: {problem}', { row: error.row, problem: error.message })}
            </li>
          ))}
        </ul>
      )}
      <ul data-testid="import-changes">
        {preview.changes.map((change) => (
          <li key={`${change.row}-${change.id}`}>
            <strong>{change.kind === 'create' ? _('New: {item}', { item: change.name }) : change.name}</strong>{' '}
            {change.changes
              .map((field) =>
                _('{field} {from} → {to}', {
                  field: fieldWord(field.field),
                  from: show(field.field, field.from),
                  to: show(field.field, field.to),
                }),
              )
              .join(', ')}
          </li>
        ))}
      </ul>
    </Preview>
  );
}

const Preview = styled.section`
  margin-top: ${({ theme }) => theme.space(3)};
  ul {
    max-height: 14rem;
    overflow-y: auto;
    padding-left: 1.2rem;
    font-size: 0.85rem;
  }
  [data-testid='import-errors'] {
    color: ${({ theme }) => theme.color.dangerText};
  }
`;
