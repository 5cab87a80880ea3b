import { useState } from 'react';
import styled from 'styled-components';
import { ValueCard } from '@/components/value-card/value-card';
import type { CatalogueItem } from '@/domain/catalogue';
import { useLingui } from '@/lib/i18n/react';

/** The item's value card (issue 49) on demand: its price history, what it sold for, what the store pays. */
export function ItemValueToggle({ item }: { item: CatalogueItem }) {
  const { _ } = useLingui();
  const [showValue, setShowValue] = useState(false);
  return (
    <>
      <ValueToggle type="button" aria-expanded={showValue} onClick={() => setShowValue((shown) => !shown)}>
        {showValue ? _('Hide price history') : _('Price history & value')}
      </ValueToggle>
      {showValue && <ValueCard itemId={item.id} unit={item.unit} />}
    </>
  );
}

const ValueToggle = styled.button`
  min-height: 44px;
  margin: ${({ theme }) => theme.space(2)} 0;
  padding: 0;
  border: none;
  background: none;
  color: ${({ theme }) => theme.color.info};
  font-weight: 700;
`;
