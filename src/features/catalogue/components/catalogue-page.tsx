import { useRef, useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { Chips } from '@/components/chips';
import { PageHeader } from '@/components/page-header';
import { useListFrame } from '@/components/query-frame';
import { showToast } from '@/components/toast-store';
import { hasAdminAccess } from '@/domain/roles';
import { CATALOGUE_CATEGORIES } from '@/domain/schemas/catalogue';
import { catalogueQueryOptions, useCatalogue, type ShopItem } from '@/lib/catalogue/catalogue-query';
import { useCurrentUserName, useUserData } from '@/lib/current-user';
import { useItemChanges } from '../api/use-item-changes';
import type { ItemChange } from '../api/save-item';
import { readCell, type EditableField } from '../lib/cell-value';
import { filterItems, NO_FILTER, type GridFilter, type StockFilter } from '../lib/grid-filter';
import { CatalogueRow, ROW_COLUMNS } from './catalogue-row';
import { ImportDialog } from './import-dialog';
import { ItemEditor } from './item-editor';
import { ValueCardDialog } from '@/components/value-card/value-card-dialog';
import { useLingui } from '@/lib/i18n/react';

export const REASON_NEEDED_TEXT = 'Say why first: the reason is saved with every change.';

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

/**
 * /catalogue: the shop's items for the super admin (everything) and admins (stock and status) — a grid with search
 * and filters, prices, stock and status edited in place with a reason, a column pasted from a spreadsheet, Undo for
 * 10 s; add or edit an item with a photo, hide or archive it; CSV export and import with a preview (issue 49).
 */
export function CataloguePage() {
  const { _ } = useLingui();
  const username = useCurrentUserName();
  const user = useUserData();
  const superAdmin = Boolean(user?.isSuperAdmin);
  const catalogue = useCatalogue(username !== null);
  const frame = useListFrame([catalogue], [catalogueQueryOptions().queryKey], <Muted role="status">{_('Loading the catalogue...')}</Muted>);
  const [filter, setFilter] = useState<GridFilter>(NO_FILTER);
  const [reason, setReason] = useState('');
  const [reasonProblem, setReasonProblem] = useState(false);
  const reasonRef = useRef<HTMLInputElement>(null);
  const [editing, setEditing] = useState<ShopItem | 'new' | null>(null);
  const [valueOf, setValueOf] = useState<ShopItem | null>(null);
  const [importing, setImporting] = useState(false);
  const { save } = useItemChanges(username);

  const shown = filterItems(catalogue.data?.items ?? [], filter);
  if (!hasAdminAccess(user)) {
    return (
      <Page>
        <PageHeader title={_('Catalogue')} backTo="/" />
        <Muted role="alert">{_('Only admins can open the catalogue.')}</Muted>
      </Page>
    );
  }
  const set = (patch: Partial<GridFilter>) => setFilter((current) => ({ ...current, ...patch }));

  const withReason = (then: (why: string) => void) => {
    const why = reason.trim();
    if (!why) {
      setReasonProblem(true);
      reasonRef.current?.focus();
      showToast({ description: _(REASON_NEEDED_TEXT), variant: 'destructive' });
      return;
    }
    setReasonProblem(false);
    then(why);
  };
  const change = (item: ShopItem, itemChange: ItemChange) => withReason((why) => void save([{ item, change: itemChange }], why));
  // A column pasted into a cell fills it and the cells below it, in the order the grid shows them.
  const pasteColumn = (from: ShopItem, field: EditableField, lines: string[]) =>
    withReason((why) => {
      const start = shown.findIndex((item) => item.id === from.id);
      const targets = shown.slice(start, start + lines.length);
      const changes: Array<{ item: ShopItem; change: ItemChange }> = [];
      const problems: string[] = [];
      targets.forEach((item, index) => {
        const read = readCell(field, lines[index]);
        if (!read.ok) problems.push(_('Line {line} ({item}): {problem}', { line: index + 1, item: item.name, problem: read.message }));
        else if (read.value !== item[field]) changes.push({ item, change: { [field]: read.value } });
      });
      if (problems.length > 0) {
        showToast({ title: _('Nothing pasted'), description: problems.join('; '), variant: 'destructive', duration: 10_000 });
        return;
      }
      void save(changes, why);
    });

  const categories = [
    { value: 'all', label: 'All categories' },
    ...CATALOGUE_CATEGORIES.map((category) => ({ value: category, label: category })),
  ];

  return (
    <Page>
      <PageHeader
        title={_('Catalogue')}
        backTo="/"
        subtitle={superAdmin ? _('Prices, stock and items of the shop') : _('Stock and status of the shop’s items')}
        actions={
          superAdmin && (
            <HeaderActions>
              <Button type="button" onClick={() => setEditing('new')}>
                {_('Add item')}
              </Button>
            </HeaderActions>
          )
        }
      />
      <Toolbar aria-label={_('Find and change items')}>
        <Search
          type="search"
          aria-label={_('Search items')}
          placeholder={_('Search items')}
          value={filter.search}
          onChange={(event) => set({ search: event.target.value })}
        />
        <Select aria-label={_('Category')} value={filter.category} onChange={(event) => set({ category: event.target.value })}>
          {categories.map((option) => (
            <option key={option.value} value={option.value}>
              {/* A category in the language shown once the shop's catalogue names it; else as the catalogue spells it. */}
              {_(option.label)}
            </option>
          ))}
        </Select>
        <Reason>
          <label htmlFor="catalogue-reason">{_('Reason for changes')}</label>
          <input
            id="catalogue-reason"
            ref={reasonRef}
            value={reason}
            maxLength={300}
            placeholder={_('e.g. Drop at 8 pm sold out')}
            aria-invalid={reasonProblem}
            aria-describedby={reasonProblem ? 'catalogue-reason-problem' : undefined}
            onChange={(event) => {
              setReason(event.target.value);
              if (event.target.value.trim()) setReasonProblem(false);
            }}
          />
          {reasonProblem && <small id="catalogue-reason-problem">{_(REASON_NEEDED_TEXT)}</small>}
        </Reason>
        <ChipRow>
          <Chips label={_('Status')} options={STATUS_OPTIONS} value={filter.status} onChange={(status) => set({ status })} />
          <Chips label={_('Stock')} options={STOCK_OPTIONS} value={filter.stock} onChange={(stock) => set({ stock })} />
        </ChipRow>
        {superAdmin && (
          <CsvActions>
            <Button as="a" $variant="secondary" href="/api/admin/catalogue/export.csv" download="catalogue.csv">
              {_('Export CSV')}
            </Button>
            <Button type="button" $variant="secondary" onClick={() => setImporting(true)}>
              {_('Import CSV')}
            </Button>
          </CsvActions>
        )}
      </Toolbar>
      {frame.note}
      {frame.blocking ?? (
        <Grid role="table" aria-label={_('Catalogue items')} aria-rowcount={shown.length}>
          <Head role="row">
            <span role="columnheader">{_('Item')}</span>
            <span role="columnheader">{_('Price')}</span>
            <span role="columnheader">{_('Sell price')}</span>
            <span role="columnheader">{_('Stock')}</span>
            <span role="columnheader">{_('Status')}</span>
            <span role="columnheader">
              <span className="visually-hidden">{_('Actions')}</span>
            </span>
          </Head>
          {shown.length === 0 ? (
            <Muted>{_('No items match.')}</Muted>
          ) : (
            shown.map((item) => (
              <CatalogueRow
                key={item.id}
                item={item}
                superAdmin={superAdmin}
                onChange={(itemChange) => change(item, itemChange)}
                onPasteColumn={(field, lines) => pasteColumn(item, field, lines)}
                onEdit={() => setEditing(item)}
                onValue={() => setValueOf(item)}
              />
            ))
          )}
        </Grid>
      )}
      {editing && (
        <ItemEditor item={editing === 'new' ? null : editing} items={catalogue.data?.items ?? []} onClose={() => setEditing(null)} />
      )}
      {importing && <ImportDialog onClose={() => setImporting(false)} />}
      <ValueCardDialog item={valueOf} onClose={() => setValueOf(null)} />
    </Page>
  );
}

const Page = styled.main`
  width: 100%;
  max-width: 80rem;
  margin: 0 auto;
  padding: 0 ${({ theme }) => theme.space(3)} 6rem;
  @media (min-width: 768px) {
    padding: 0 ${({ theme }) => theme.space(6)} 6rem;
  }
`;

const HeaderActions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
`;

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

const fieldStyle = `
  width: 100%;
  min-height: 44px;
  padding: 0 0.75rem;
  font: inherit;
`;

const Search = styled.input`
  ${fieldStyle}
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
`;

const Select = styled.select`
  ${fieldStyle}
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
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
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.color.border};
    background: ${({ theme }) => theme.color.surface};
    color: ${({ theme }) => theme.color.text};
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

const Grid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  @media (min-width: 900px) {
    gap: 0;
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.color.surface};
    overflow: hidden;
  }
`;

const Head = styled.div`
  display: none;
  @media (min-width: 900px) {
    display: grid;
    grid-template-columns: ${ROW_COLUMNS};
    gap: ${({ theme }) => theme.space(2)};
    padding: ${({ theme }) => theme.space(2)};
    position: sticky;
    top: 0;
    z-index: 2;
    background: ${({ theme }) => theme.color.surfaceRaised};
    font-size: 0.8rem;
    font-weight: 700;
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: ${({ theme }) => theme.color.textMuted};
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
  }
`;

const Muted = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space(6)} ${({ theme }) => theme.space(3)};
  text-align: center;
  color: ${({ theme }) => theme.color.textMuted};
`;
