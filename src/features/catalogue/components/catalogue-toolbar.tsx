import styled, { css } from 'styled-components';
import { Button } from '@/components/button';
import { Chips } from '@/components/chips';
import { CATALOGUE_CATEGORIES } from '@/domain/schemas/catalogue';
import { useLingui } from '@/lib/i18n/react';
import type { GridFilter, StockFilter } from '../lib/grid-filter';
import { REASON_NEEDED_TEXT, type ReasonField } from './use-reasoned-changes';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'hidden', label: 'Hidden' },
  { value: 'archived', label: 'Archived' },
] as const;
const STOCK_OPTIONS: Array<{ value: StockFilter; label: string }> = [
  { value: 'all', label: 'Any stock' },
  { value: 'low', label: 'Low stock' },
  { value: 'none', label: 'Sold out' },
];
const CATEGORIES = [
  { value: 'all', label: 'All categories' },
  ...CATALOGUE_CATEGORIES.map((category) => ({ value: category, label: category })),
];

export interface CatalogueToolbarProps {
  filter: GridFilter;
  onFilter: (patch: Partial<GridFilter>) => void;
  reason: ReasonField;
  superAdmin: boolean;
  onImport: () => void;
}

/** Above the grid: search, category, the reason for changes, status and stock filters, and (super admin) CSV. */
export function CatalogueToolbar({ filter, onFilter, reason, superAdmin, onImport }: CatalogueToolbarProps) {
  const { _ } = useLingui();
  return (
    <Toolbar aria-label={_('Find and change items')}>
      <Search
        type="search"
        aria-label={_('Search items')}
        placeholder={_('Search items')}
        value={filter.search}
        onChange={(event) => onFilter({ search: event.target.value })}
      />
      <Select aria-label={_('Category')} value={filter.category} onChange={(event) => onFilter({ category: event.target.value })}>
        {CATEGORIES.map((option) => (
          <option key={option.value} value={option.value}>
            {/* A category in the language shown once the shop's catalogue names it; else as the catalogue spells it. */}
            {_(option.label)}
          </option>
        ))}
      </Select>
      <ReasonInput reason={reason} />
      <ChipRow>
        <Chips label={_('Status')} options={STATUS_OPTIONS} value={filter.status} onChange={(status) => onFilter({ status })} />
        <Chips label={_('Stock')} options={STOCK_OPTIONS} value={filter.stock} onChange={(stock) => onFilter({ stock })} />
      </ChipRow>
      {superAdmin && (
        <CsvActions>
          <Button as="a" $variant="secondary" href="/api/admin/catalogue/export.csv" download="catalogue.csv">
            {_('Export CSV')}
          </Button>
          <Button type="button" $variant="secondary" onClick={onImport}>
            {_('Import CSV')}
          </Button>
        </CsvActions>
      )}
    </Toolbar>
  );
}

/** The reason saved with every change of the grid, and what it says when a change came without one. */
function ReasonInput({ reason }: { reason: ReasonField }) {
  const { _ } = useLingui();
  return (
    <Reason>
      <label htmlFor="catalogue-reason">{_('Reason for changes')}</label>
      <input
        id="catalogue-reason"
        ref={reason.ref}
        value={reason.text}
        maxLength={300}
        placeholder={_('e.g. Drop at 8 pm sold out')}
        aria-invalid={reason.problem}
        aria-describedby={reason.problem ? 'catalogue-reason-problem' : undefined}
        onChange={(event) => reason.onType(event.target.value)}
      />
      {reason.problem && <small id="catalogue-reason-problem">{_(REASON_NEEDED_TEXT)}</small>}
    </Reason>
  );
}

const Toolbar = styled.section`
  display: grid;
  grid-template-columns: 1fr;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(3)};
  @media (min-width: 768px) {
    grid-template-columns: 2fr 1fr 2fr;
    align-items: end;
  }
`;

const fieldStyle = css`
  width: 100%;
  min-height: 44px;
  padding: 0 0.75rem;
  font: inherit;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
`;

const Search = styled.input`
  ${fieldStyle}
`;

const Select = styled.select`
  ${fieldStyle}
`;

const Reason = styled.div`
  display: grid;
  gap: 2px;
  label {
    font-size: 0.8rem;
    color: ${({ theme }) => theme.color.textMuted};
  }
  input {
    ${fieldStyle}
  }
  input[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.color.danger};
  }
  small {
    color: ${({ theme }) => theme.color.dangerText};
  }
`;

const ChipRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  min-width: 0;
  @media (min-width: 768px) {
    grid-column: 1 / 3;
  }
`;

const CsvActions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  justify-content: flex-end;
  flex-wrap: wrap;
`;
