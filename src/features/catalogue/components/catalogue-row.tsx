import styled from 'styled-components';
import { Button } from '@/components/button';
import type { CatalogueStatus } from '@/domain/schemas/catalogue';
import type { ShopItem } from '@/lib/catalogue/catalogue-query';
import type { EditableField } from '../lib/cell-value';
import type { ItemChange } from '../api/save-item';
import { GridCell } from './grid-cell';
import { ItemPicture } from './item-picture';
import { StatusOptions } from './status-options';
import { useLingui } from '@/lib/i18n/react';

export interface CatalogueRowProps {
  item: ShopItem;
  /** The super admin changes anything; admins only stock and status. */
  superAdmin: boolean;
  onChange: (change: ItemChange) => void;
  onPasteColumn: (field: EditableField, lines: string[]) => void;
  onEdit: () => void;
  onValue: () => void;
}

/** One item of the catalogue grid: its prices, stock and status edited in place. */
export function CatalogueRow({ item, superAdmin, onChange, onPasteColumn, onEdit, onValue }: CatalogueRowProps) {
  const { _ } = useLingui();
  const names = { item: item.name };
  const cell = (field: EditableField, label: string, disabled = false) => (
    <GridCell
      field={field}
      value={item[field]}
      label={label}
      disabled={disabled}
      onCommit={(value) => onChange({ [field]: value })}
      onPasteColumn={(lines) => onPasteColumn(field, lines)}
    />
  );
  return (
    <Row role="row" data-item-id={item.id} data-status={item.status} aria-label={item.name}>
      <NameCell role="cell">
        <ItemPicture src={item.thumbnailUrl || item.imageUrl || null} alt="" size="thumb" fallback={item.name[0]} />
        <div>
          <strong>{item.name}</strong>
          <small>
            {item.category} · {item.gunClass ?? item.subcategory}
          </small>
        </div>
      </NameCell>
      <Field role="cell" data-label={_('Price')}>
        {cell('price', _('Price of {item}', names), !superAdmin)}
      </Field>
      <Field role="cell" data-label={_('Sell price')}>
        {cell('sellPrice', _('Sell price of {item}', names), !superAdmin)}
      </Field>
      <Field role="cell" data-label={_('Stock')}>
        {cell('stock', _('Stock of {item}', names))}
      </Field>
      <Field role="cell" data-label={_('Status')}>
        <StatusSelect
          aria-label={_('Status of {item}', names)}
          value={item.status}
          $status={item.status}
          onChange={(event) => onChange({ status: event.target.value as CatalogueStatus })}
        >
          <StatusOptions />
        </StatusSelect>
      </Field>
      <Actions role="cell">
        <SoldOut
          type="button"
          $variant="secondary"
          disabled={item.stock === 0}
          aria-label={_('Mark {item} sold out', names)}
          onClick={() => onChange({ stock: 0 })}
        >
          {_('Sold out')}
        </SoldOut>
        <Button type="button" $variant="ghost" aria-label={_('Value of {item}', names)} onClick={onValue}>
          {_('Value')}
        </Button>
        {superAdmin && (
          <Button type="button" $variant="secondary" aria-label={_('Edit {item}', names)} onClick={onEdit}>
            {_('Edit')}
          </Button>
        )}
      </Actions>
    </Row>
  );
}

/** Phone: a card per item (name, then the four fields two by two, then the actions); tablet: one line per item. */
export const ROW_COLUMNS = 'minmax(10rem, 2fr) repeat(3, minmax(5.5rem, 1fr)) minmax(7rem, 1fr) 16.5rem';

const Row = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  grid-template-areas: 'name name' 'a b' 'c d' 'actions actions';
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  &[data-status='hidden'],
  &[data-status='archived'] {
    background: ${({ theme }) => theme.color.bg};
  }
  & > :nth-child(2) {
    grid-area: a;
  }
  & > :nth-child(3) {
    grid-area: b;
  }
  & > :nth-child(4) {
    grid-area: c;
  }
  & > :nth-child(5) {
    grid-area: d;
  }
  @media (min-width: 900px) {
    grid-template-columns: ${ROW_COLUMNS};
    grid-template-areas: 'name a b c d actions';
    align-items: center;
    padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(2)};
    border-radius: 0;
    border-width: 0 0 1px;
  }
`;

const NameCell = styled.div`
  grid-area: name;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
  div {
    min-width: 0;
    display: flex;
    flex-direction: column;
  }
  strong {
    overflow-wrap: anywhere;
  }
  small {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.8rem;
  }
`;

const Field = styled.div`
  min-width: 0;
  &::before {
    content: attr(data-label);
    display: block;
    font-size: 0.75rem;
    color: ${({ theme }) => theme.color.textMuted};
    margin-bottom: 2px;
  }
  @media (min-width: 900px) {
    &::before {
      display: none;
    }
  }
`;

const StatusSelect = styled.select<{ $status: CatalogueStatus }>`
  width: 100%;
  min-height: 44px;
  padding: 0 ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.sm};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.bg};
  color: ${({ $status, theme }) => ($status === 'active' ? theme.color.success : $status === 'hidden' ? theme.color.warning : theme.color.textMuted)};
  font: inherit;
  font-weight: 700;
`;

const Actions = styled.div`
  grid-area: actions;
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(1)};
  button {
    padding: 0 ${({ theme }) => theme.space(3)};
  }
  @media (min-width: 900px) {
    flex-wrap: nowrap;
  }
`;

const SoldOut = styled(Button)`
  color: ${({ theme }) => theme.color.dangerText};
  border-color: ${({ theme }) => theme.color.danger};
  &:disabled {
    opacity: 0.45;
  }
`;
