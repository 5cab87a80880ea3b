import { CATALOGUE_STATUSES, type CatalogueStatus } from '@/domain/schemas/catalogue';
import { useLingui } from '@/lib/i18n/react';

const STATUS_WORDS: Record<CatalogueStatus, string> = { active: 'Active', hidden: 'Hidden', archived: 'Archived' };

/** The options of a status select (the grid's and the editor's), in the language shown. */
export function StatusOptions() {
  const { _ } = useLingui();
  return CATALOGUE_STATUSES.map((status) => (
    <option key={status} value={status}>
      {_(STATUS_WORDS[status])}
    </option>
  ));
}
