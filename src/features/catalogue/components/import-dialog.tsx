import styled from 'styled-components';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { ImportPreview } from './import-preview';
import { useCsvImport } from './use-csv-import';
import { useLingui } from '@/lib/i18n/react';

/** The file's columns, as its header row spells them (a file format: never translated). */
const COLUMNS = 'id, name, category, subcategory, price, sellPrice, status, stock';

/** CSV import: a file or pasted text, a preview of every change and error, then Apply (which writes all or nothing). */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const { _ } = useLingui();
  const { csv, setCsv, reason, setReason, preview, problem, busy, canApply, run } = useCsvImport(onClose);
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
              if (file) setCsv(await file.text());
            }}
          />
        </label>
        <label>
          {_('Or paste it')}
          <textarea rows={5} value={csv} onChange={(event) => setCsv(event.target.value)} />
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
      {preview && <ImportPreview preview={preview} />}
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
