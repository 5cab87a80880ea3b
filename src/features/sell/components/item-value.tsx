import { useState } from 'react';
import styled from 'styled-components';
import { ValueCard } from '@/components/value-card/value-card';
import type { CatalogueItem } from '@/domain/catalogue';
import { useLingui } from '@/lib/i18n/react';

/** The chosen item's value card, on demand (issue 49): its price history, what it sold for, what the store pays. */
export function ItemValue({ item }: { item: CatalogueItem }) {
  const { _ } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <>
      <ValueToggle type="button" aria-expanded={open} onClick={() => setOpen((shown) => !shown)}>
        {open ? _('Hide price history') : _('Price history & value of {name}', { name: item.name })}
      </ValueToggle>
      {open && <ValueCard itemId={item.id} unit={item.unit} />}
    </>
  );
}

const ValueToggle = styled.button`
  min-height: 44px;
  margin-top: ${({ theme }) => theme.space(1)};
  padding: 0;
  border: none;
  background: none;
  color: ${({ theme }) => theme.color.info};
  font-weight: 700;
  text-align: left;
`;
