import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CatalogueImportResult } from '@/domain/schemas/catalogue-csv';
import { ApiError } from '@/lib/api-client';
import { catalogueQueryOptions } from '@/lib/catalogue/catalogue-query';
import { useLingui } from '@/lib/i18n/react';
import { importCsv } from '../api/item-calls';

/** The CSV import's state: the text, the reason, the server's preview, and Preview / Apply. */
export function useCsvImport(onClose: () => void) {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const [csv, setCsvText] = useState('');
  const [reason, setReason] = useState('');
  const [preview, setPreview] = useState<CatalogueImportResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // A new text has not been previewed.
  const setCsv = (text: string) => {
    setCsvText(text);
    setPreview(null);
  };

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
  return { csv, setCsv, reason, setReason, preview, problem, busy, canApply, run };
}
