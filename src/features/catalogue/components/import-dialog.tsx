import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { CatalogueImportResult } from '@/domain/schemas/catalogue';
import { ApiError } from '@/lib/api-client';
import { catalogueQueryOptions } from '@/lib/catalogue/catalogue-query';
import { importCsv } from '../api/item-calls';
import { fieldWord, statusValue } from '../lib/field-word';
import { useLingui } from '@/lib/i18n/react';

/** A CSV value in the preview: a status in words, nothing as a dash. */
const show = (field: string, value: string | number | null) =>
  value === null || value === '' ? '—' : field === 'status' ? statusValue(String(value)) : String(value);

/** The file's columns, as its header row spells them (a file format: never translated). */
const COLUMNS = 'id, name, category, subcategory, price, sellPrice, status, stock';

/** CSV import: a file or pasted text, a preview of every change and error, then Apply (which writes all or nothing). */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const [csv, setCsv] = useState('');
  const [reason, setReason] = useState('');
  const [preview, setPreview] = useState<CatalogueImportResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (apply: boolean) => {
    setBusy(true);
    setProblem(null);
    try {
      const result = await importCsv(csv, reason, apply);
      if (apply) {
        await queryClient.invalidateQueries({ queryKey: catalogueQueryOptions().queryKey });
        onClose();
      } else setPreview(result);
    } catch (error) {
      const body = error instanceof ApiError ? CatalogueImportResult.safeParse(error.body) : null;
      if (body?.success) setPreview(body.data);
      setProblem(error instanceof ApiError ? (error.serverMessage ?? error.message) : _('No connection: the import needs one.'));
    } finally {
      setBusy(false);
    }
  };

  const canApply = preview !== null && preview.errors.length === 0 && preview.changes.length > 0;
  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={_('Import the catalogue (CSV)')}
      actions={
        <>
          <Button type="button" $variant="secondary" onClick={onClose}>
            {_('Cancel')}
          </Button>
          <Button type="button" $variant="secondary" disabled={busy || !csv.trim()} onClick={() => void run(false)}>
            {_('Preview')}
          </Button>
          <Button type="button" disabled={busy || !canApply} onClick={() => void run(true)}>
            {preview && canApply
              ? _('{count, plural, one {Apply # change} other {Apply # changes}}', { count: preview.changes.length })
              : _('Apply')}
          </Button>
        </>
      }
    >
      <Fields>
        <p>{_('Columns: {columns} (a header row names them). Export first to get them.', { columns: COLUMNS })}</p>
        <label>
          {_('File')}
          <input
            type="file"
            accept=".csv,text/csv"
            onChange={async (event) => {
              const file = event.target.files?.[0];
              if (file) {
                setCsv(await file.text());
                setPreview(null);
              }
            }}
          />
        </label>
        <label>
          {_('Or paste it')}
          <textarea
            rows={5}
            value={csv}
            onChange={(event) => {
              setCsv(event.target.value);
              setPreview(null);
            }}
          />
        </label>
        <label>
          {_('Reason')}
          <input
            value={reason}
            maxLength={300}
            placeholder={_('Why (saved in every item’s history)')}
            onChange={(event) => setReason(event.target.value)}
          />
        </label>
      </Fields>
      {problem && <Problem role="alert">{problem}</Problem>}
      {preview && (
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
      )}
    </Dialog>
  );
}

const Fields = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  p {
    margin: 0;
    font-size: 0.85rem;
    color: ${({ theme }) => theme.color.textMuted};
  }
  label {
    display: grid;
    gap: 4px;
    font-size: 0.85rem;
    color: ${({ theme }) => theme.color.textMuted};
  }
  input:not([type='file']),
  textarea {
    padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
    min-height: 44px;
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.color.border};
    background: ${({ theme }) => theme.color.bg};
    color: ${({ theme }) => theme.color.text};
    font: inherit;
  }
  textarea {
    font-family: ${({ theme }) => theme.font.mono};
    font-size: 0.8rem;
  }
`;

const Problem = styled.p`
  color: ${({ theme }) => theme.color.dangerText};
`;

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
