import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { CatalogueImportResult } from '@/domain/schemas/catalogue';
import { ApiError } from '@/lib/api-client';
import { catalogueQueryOptions } from '@/lib/catalogue/catalogue-query';
import { importCsv } from '../api/item-calls';

const show = (value: string | number | null) => (value === null || value === '' ? '—' : String(value));

/** CSV import: a file or pasted text, a preview of every change and error, then Apply (which writes all or nothing). */
export function ImportDialog({ onClose }: { onClose: () => void }) {
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
      setProblem(error instanceof ApiError ? (error.serverMessage ?? error.message) : 'No connection: the import needs one.');
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
      title="Import the catalogue (CSV)"
      actions={
        <>
          <Button type="button" $variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="button" $variant="secondary" disabled={busy || !csv.trim()} onClick={() => void run(false)}>
            Preview
          </Button>
          <Button type="button" disabled={busy || !canApply} onClick={() => void run(true)}>
            {preview && canApply ? `Apply ${preview.changes.length} change${preview.changes.length === 1 ? '' : 's'}` : 'Apply'}
          </Button>
        </>
      }
    >
      <Fields>
        <p>
          Columns: id, name, category, subcategory, price, sellPrice, status, stock (a header row names them). Export first to get them.
        </p>
        <label>
          File
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
          Or paste it
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
          Reason
          <input
            value={reason}
            maxLength={300}
            placeholder="Why (saved in every item’s history)"
            onChange={(event) => setReason(event.target.value)}
          />
        </label>
      </Fields>
      {problem && <Problem role="alert">{problem}</Problem>}
      {preview && (
        <Preview aria-label="What the import changes">
          <p>
            {preview.changes.length} to change · {preview.unchanged} unchanged · {preview.errors.length} error
            {preview.errors.length === 1 ? '' : 's'}
          </p>
          {preview.errors.length > 0 && (
            <ul data-testid="import-errors">
              {preview.errors.map((error) => (
                <li key={`${error.row}-${error.column}`}>
                  Row {error.row}
                  {error.column ? ` (${error.column})` : ''}: {error.message}
                </li>
              ))}
            </ul>
          )}
          <ul data-testid="import-changes">
            {preview.changes.map((change) => (
              <li key={`${change.row}-${change.id}`}>
                <strong>
                  {change.kind === 'create' ? 'New: ' : ''}
                  {change.name}
                </strong>{' '}
                {change.changes.map((field) => `${field.field} ${show(field.from)} → ${show(field.to)}`).join(', ')}
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
