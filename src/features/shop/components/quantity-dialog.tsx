import { useEffect, useId, useState } from 'react';
import { useBackCloses } from '@/lib/use-back-closes';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import type { CatalogueItem } from '@/domain/catalogue';
import { roundCents } from '@/domain/money';
import { SOLD_OUT_TEXT } from '../lib/stock';
import { countIn, perUnit } from '../lib/units';
import { ValueCard } from '@/components/value-card/value-card';
import { MAX_QUANTITY, parseQuantity } from '@/domain/quantity';
import { i18n } from '@/lib/i18n/i18n';
import { displayCount, displayUsd } from '@/lib/i18n/intl';
import { useLingui } from '@/lib/i18n/react';

export const QUANTITY_INVALID_TEXT = 'Please enter a whole number of 1 or more';
export const CART_FULL_TEXT = 'Your cart already holds the most of this item one request can carry ({count})';

/** The text when the cart already holds every one that is left. */
export const ALL_IN_CART_TEXT = 'Your cart already holds every one that is left';

/**
 * What the quantity field says before anything is sent, in the language shown: the range allowed, less what the cart
 * already holds, and never more than is left in stock (issue 49: the server would answer 409 naming what is left).
 */
function quantityLimits(inCart: number, unit: string | undefined, stock: number | null) {
  const count = (n: number) => countIn(n, unit);
  const byStock = stock !== null && stock < MAX_QUANTITY;
  const cap = byStock ? stock : MAX_QUANTITY;
  const room = Math.max(0, cap - inCart);
  const range =
    inCart > 0
      ? i18n._('You have {inCart} in your cart; you can add up to {room} more.', { inCart: count(inCart), room: count(room) })
      : i18n._('From 1 to {cap}.', { cap: count(cap) });
  // Two whole sentences, each translated: what is left, then what can be added.
  const hint = byStock
    ? `${i18n._('{count, plural, one {Only {left} left.} other {Only {left} left.}}', { count: stock, left: count(stock) })} ${range}`
    : range;
  const tooMany =
    inCart > 0 || byStock
      ? i18n._('You can add at most {room} more', { room: count(room) })
      : i18n._('Quantity must be at most {max}', { max: displayCount(MAX_QUANTITY) });
  const full =
    stock === 0
      ? i18n._(SOLD_OUT_TEXT)
      : byStock
        ? i18n._(ALL_IN_CART_TEXT)
        : i18n._(CART_FULL_TEXT, { count: displayCount(MAX_QUANTITY) });
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
  const { _ } = useLingui();
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
  const error = limits.room === 0 ? limits.full : typed === null ? _(QUANTITY_INVALID_TEXT) : quantity === null ? limits.tooMany : null;
  const price = item?.price ?? 0;
  const per = item?.unit ? ` ${perUnit(item.unit)}` : '';
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
          <Lines>
            <div>
              <dt>{_('Price each')}</dt>
              <dd>
                {displayUsd(price)}
                {per}
              </dd>
            </div>
            <div>
              <dt>{_('Total')}</dt>
              <dd data-testid="running-total">{displayUsd(roundCents(price * (quantity ?? 0)))}</dd>
            </div>
          </Lines>
          {/* The item's value card (issue 49): its price history, what it sold for, what the store pays. */}
          <ValueToggle type="button" aria-expanded={showValue} onClick={() => setShowValue((shown) => !shown)}>
            {showValue ? _('Hide price history') : _('Price history & value')}
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
