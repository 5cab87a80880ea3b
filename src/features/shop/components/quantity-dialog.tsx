import { useEffect, useId, useState } from 'react';
import { useBackCloses } from '@/lib/use-back-closes';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import type { CatalogueItem } from '@/domain/catalogue';
import { asCents } from '@/domain/money';
import { parseQuantity } from '@/domain/quantity';
import { quantityLimits, readChosenQuantity } from '../lib/quantity-limits';
import { ItemValueToggle } from './item-value-toggle';
import { QuantityPriceLines } from './quantity-price-lines';
import { useLingui } from '@/lib/i18n/react';

export interface QuantityDialogProps {
  item: (CatalogueItem & { stock?: number | null }) | null;
  onCancel: () => void;
  onAdd: (item: CatalogueItem, quantity: number) => void;
  /** How many of this item the cart already holds: the line cannot grow past the server's maximum. */
  inCart?: number;
}

/** 'How many would you like?': quantity (rounds for ammo), price each and the running total. */
export function QuantityDialog({ item, onCancel, onAdd, inCart = 0 }: QuantityDialogProps) {
  const { _ } = useLingui();
  const [text, setText] = useState('1');
  const inputId = useId();
  const itemId = item?.id;
  useEffect(() => {
    if (itemId) setText('1');
  }, [itemId]);

  // Back on a phone closes the question, not the shop (issue 47.4).
  useBackCloses(item !== null, onCancel);

  const limits = quantityLimits(inCart, item?.unit, item?.stock ?? null);
  const { quantity, error } = readChosenQuantity(parseQuantity(text), limits);
  const submit = () => {
    if (item && quantity !== null) onAdd(item, quantity);
  };

  return (
    <Dialog
      open={item !== null}
      onClose={onCancel}
      title={_('How many would you like?')}
      actions={
        <>
          <Button type="button" $variant="secondary" onClick={onCancel}>
            {_('Cancel')}
          </Button>
          <Button type="submit" form={`${inputId}-form`} disabled={quantity === null}>
            {_('Add to Cart')}
          </Button>
        </>
      }
    >
      {item && (
        <form
          id={`${inputId}-form`}
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <ItemName>{item.name}</ItemName>
          <Label htmlFor={inputId}>{item.unit === 'round' ? _('Number of rounds') : _('Quantity')}</Label>
          <Input
            id={inputId}
            type="number"
            inputMode="numeric"
            min={1}
            max={Math.max(1, limits.room)}
            step={1}
            value={text}
            autoFocus
            aria-invalid={error !== null}
            aria-describedby={error === null ? `${inputId}-hint` : `${inputId}-error ${inputId}-hint`}
            onChange={(event) => setText(event.target.value)}
          />
          {error !== null && (
            <ErrorText id={`${inputId}-error`} role="alert">
              {error}
            </ErrorText>
          )}
          <Hint id={`${inputId}-hint`}>{limits.hint}</Hint>
          <QuantityPriceLines price={item.price ?? asCents(0)} unit={item.unit} quantity={quantity} />
          <ItemValueToggle key={item.id} item={item} />
        </form>
      )}
    </Dialog>
  );
}

const ItemName = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  font-weight: 700;
  font-size: 1.1rem;
`;

const Label = styled.label`
  display: block;
  margin-bottom: ${({ theme }) => theme.space(1)};
  color: ${({ theme }) => theme.color.textMuted};
`;

const Input = styled.input`
  width: 100%;
  min-height: 48px;
  padding: 0 ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.bg};
  font-size: 1.2rem;
  font-weight: 700;
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.color.danger};
  }
`;

const ErrorText = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 0;
  color: ${({ theme }) => theme.color.dangerText};
  font-size: 0.9rem;
`;

const Hint = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.85rem;
`;
