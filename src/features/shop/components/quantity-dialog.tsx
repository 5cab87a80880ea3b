import { useEffect, useId, useState } from 'react';
import { useBackCloses } from '@/lib/use-back-closes';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import type { CatalogueItem } from '@/domain/catalogue';
import { formatCount, formatUsd, roundCents } from '@/domain/money';
import { SOLD_OUT_TEXT } from '../lib/stock';
import { ValueCard } from '@/components/value-card/value-card';
import { MAX_QUANTITY, parseQuantity, QUANTITY_TOO_LARGE_TEXT } from '@/domain/quantity';

export const QUANTITY_INVALID_TEXT = 'Please enter a whole number of 1 or more';
export const CART_FULL_TEXT = `Your cart already holds the most of this item one request can carry (${formatCount(MAX_QUANTITY)})`;

/** The text when the cart already holds every one that is left. */
export const ALL_IN_CART_TEXT = 'Your cart already holds every one that is left';

/**
 * What the quantity field says before anything is sent: the range allowed, less what the cart already holds, and
 * never more than is left in stock (issue 49: the server would answer 409 naming what is left).
 */
function quantityLimits(inCart: number, unit: string | undefined, stock: number | null) {
  const count = (n: number) => (unit ? `${formatCount(n)} ${n === 1 ? unit : `${unit}s`}` : formatCount(n));
  const byStock = stock !== null && stock < MAX_QUANTITY;
  const cap = byStock ? stock : MAX_QUANTITY;
  const room = Math.max(0, cap - inCart);
  const left = byStock ? `Only ${count(stock)} left. ` : '';
  const hint =
    inCart > 0
      ? `${left}You have ${count(inCart)} in your cart; you can add up to ${count(room)} more.`
      : `${left}From 1 to ${count(cap)}.`;
  const tooMany = inCart > 0 || byStock ? `You can add at most ${count(room)} more` : QUANTITY_TOO_LARGE_TEXT;
  const full = stock === 0 ? SOLD_OUT_TEXT : byStock ? ALL_IN_CART_TEXT : CART_FULL_TEXT;
  return { room, hint, tooMany, full };
}

export interface QuantityDialogProps {
  item: (CatalogueItem & { stock?: number | null }) | null;
  onCancel: () => void;
  onAdd: (item: CatalogueItem, quantity: number) => void;
  /** How many of this item the cart already holds: the line cannot grow past the server's maximum. */
  inCart?: number;
}

/** 'How many would you like?': quantity (rounds for ammo), price each and the running total. */
export function QuantityDialog({ item, onCancel, onAdd, inCart = 0 }: QuantityDialogProps) {
  const [text, setText] = useState('1');
  const [showValue, setShowValue] = useState(false);
  const inputId = useId();
  const itemId = item?.id;
  useEffect(() => {
    if (itemId) {
      setText('1');
      setShowValue(false);
    }
  }, [itemId]);

  // Back on a phone closes the question, not the shop (issue 47.4).
  useBackCloses(item !== null, onCancel);

  const limits = quantityLimits(inCart, item?.unit, item?.stock ?? null);
  const typed = parseQuantity(text);
  const quantity = typed !== null && typed <= limits.room ? typed : null;
  const error = limits.room === 0 ? limits.full : typed === null ? QUANTITY_INVALID_TEXT : quantity === null ? limits.tooMany : null;
  const price = item?.price ?? 0;
  const per = item?.unit ? ` per ${item.unit}` : '';
  const submit = () => {
    if (item && quantity !== null) onAdd(item, quantity);
  };

  return (
    <Dialog
      open={item !== null}
      onClose={onCancel}
      title="How many would you like?"
      actions={
        <>
          <Button type="button" $variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" form={`${inputId}-form`} disabled={quantity === null}>
            Add to Cart
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
          <Label htmlFor={inputId}>{item.unit ? 'Number of rounds' : 'Quantity'}</Label>
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
          <Lines>
            <div>
              <dt>Price each</dt>
              <dd>
                {formatUsd(price)}
                {per}
              </dd>
            </div>
            <div>
              <dt>Total</dt>
              <dd data-testid="running-total">{formatUsd(roundCents(price * (quantity ?? 0)))}</dd>
            </div>
          </Lines>
          {/* The item's value card (issue 49): its price history, what it sold for, what the store pays. */}
          <ValueToggle type="button" aria-expanded={showValue} onClick={() => setShowValue((shown) => !shown)}>
            {showValue ? 'Hide price history' : 'Price history & value'}
          </ValueToggle>
          {showValue && <ValueCard itemId={item.id} unit={item.unit} />}
        </form>
      )}
    </Dialog>
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

const Lines = styled.dl`
  margin: ${({ theme }) => theme.space(4)} 0 0;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  div {
    display: flex;
    justify-content: space-between;
  }
  dt {
    color: ${({ theme }) => theme.color.textMuted};
  }
  dd {
    margin: 0;
    font-weight: 700;
  }
  div:last-child dd {
    color: ${({ theme }) => theme.color.accent};
    font-size: 1.2rem;
  }
`;
