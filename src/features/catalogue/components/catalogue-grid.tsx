import styled from 'styled-components';
import type { ShopItem } from '@/lib/catalogue/catalogue-query';
import { useLingui } from '@/lib/i18n/react';
import type { ItemChange } from '../api/save-item';
import type { EditableField } from '../lib/cell-value';
import { CatalogueRow, ROW_COLUMNS } from './catalogue-row';
import { Muted } from './muted';

export interface CatalogueGridProps {
  shown: readonly ShopItem[];
  superAdmin: boolean;
  onChange: (item: ShopItem, change: ItemChange) => void;
  onPasteColumn: (from: ShopItem, field: EditableField, lines: string[]) => void;
  onEdit: (item: ShopItem) => void;
  onValue: (item: ShopItem) => void;
}

/** The items as a table: a header on a tablet, a card per item on a phone. */
export function CatalogueGrid({ shown, superAdmin, onChange, onPasteColumn, onEdit, onValue }: CatalogueGridProps) {
  const { _ } = useLingui();
  return (
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
            onChange={(itemChange) => onChange(item, itemChange)}
            onPasteColumn={(field, lines) => onPasteColumn(item, field, lines)}
            onEdit={() => onEdit(item)}
            onValue={() => onValue(item)}
          />
        ))
      )}
    </Grid>
  );
}

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
