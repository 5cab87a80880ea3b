import styled, { css } from 'styled-components';
import type { ShopItem } from '@/lib/catalogue/catalogue-query';
import { displayCents } from '@/lib/i18n/intl';
import { useLingui } from '@/lib/i18n/react';
import { stockNote } from '../lib/stock';
import { perUnit } from '../lib/units';
import { ItemIcon, iconForSubcategory } from './item-icon';

export const TAP_AGAIN_HINT = 'tap again to add to your cart!';

export interface ItemCardProps {
  item: ShopItem;
  /** Shown instead of the item name (e.g. '2 Hours' inside a hacking tier). */
  label?: string;
  revealed: boolean;
  onTap: (item: ShopItem) => void;
}

/** A shop item: the first tap reveals its price and the hint, the second opens the quantity dialog; sold out, neither. */
export function ItemCard({ item, label, revealed, onTap }: ItemCardProps) {
  const { _ } = useLingui();
  const price = item.price === null ? '' : displayCents(item.price);
  const per = item.unit ? perUnit(item.unit) : null;
  const priced = per ? `${price} ${per}` : price;
  const note = stockNote(item.stock);
  const soldOut = item.stock === 0;
  const shown = revealed && !soldOut;
  // The name a screen reader reads: what the card shows, in its order, as a list (not a sentence).
  const named = (...parts: Array<string | null>) => parts.filter(Boolean).join(', ');
  return (
    <Card
      type="button"
      $revealed={shown}
      $soldOut={soldOut}
      aria-disabled={soldOut || undefined}
      aria-label={
        soldOut
          ? named(item.name, priced, note)
          : shown
            ? named(item.name, priced, note, _(TAP_AGAIN_HINT))
            : named(item.name, note, _('show price'))
      }
      onClick={() => {
        if (!soldOut) onTap(item);
      }}
      data-item-id={item.id}
    >
      {note && (
        <StockBadge $soldOut={soldOut} data-testid="stock-note">
          {note}
        </StockBadge>
      )}
      <Icon $sub={item.subcategory}>
        <ItemIcon kind={iconForSubcategory(item.subcategory)} />
      </Icon>
      {/* The label above names the card with what it shows, in the same order and words (WCAG 2.5.3, issue 52.2: "Tap
          for price" and "/ round" were not in it); the spaces keep the shown words apart for the check that compares. */}
      <Name>{label ?? item.name}</Name>{' '}
      {soldOut ? (
        <Price $muted>{price}</Price>
      ) : shown ? (
        <>
          <Price>
            {price}
            {per && <small> {per}</small>}
          </Price>{' '}
          <Hint>{_(TAP_AGAIN_HINT)}</Hint>
        </>
      ) : (
        <Peek>{_('Show price')}</Peek>
      )}
    </Card>
  );
}

const tints: Record<string, string> = {
  guns: '#ef4b5f',
  melee: '#f58a4b',
  ammo: '#f5c24b',
  soil: '#b58452',
  fertilizer: '#7bc96f',
  seeds: '#48c774',
  pots: '#3ab0ff',
  consumables: '#e45bfa',
  ultimate: '#5b7cfa',
  quantum: '#2fd3c4',
  cash: '#2fbf71',
};

const Card = styled.button<{ $revealed: boolean; $soldOut?: boolean }>`
  position: relative;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  min-height: 9.5rem;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: linear-gradient(180deg, ${({ theme }) => theme.color.surfaceRaised}, ${({ theme }) => theme.color.surface});
  text-align: center;
  transition:
    border-color 0.15s ease,
    transform 0.08s ease,
    box-shadow 0.15s ease;
  &:active {
    transform: scale(0.97);
  }
  ${({ $revealed, theme }) =>
    $revealed &&
    css`
      border-color: ${theme.color.accent};
      box-shadow:
        0 0 0 2px rgba(255, 200, 61, 0.25),
        ${theme.shadow.card};
    `}
  ${({ $soldOut }) =>
    $soldOut &&
    css`
      cursor: not-allowed;
      opacity: 0.6;
      &:active {
        transform: none;
      }
    `}
`;

const StockBadge = styled.span<{ $soldOut: boolean }>`
  position: absolute;
  top: ${({ theme }) => theme.space(1)};
  right: ${({ theme }) => theme.space(1)};
  padding: 2px ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: 0.7rem;
  font-weight: 800;
  color: ${({ $soldOut, theme }) => ($soldOut ? theme.color.text : theme.color.onAccent)};
  background: ${({ $soldOut, theme }) => ($soldOut ? theme.color.border : theme.color.accentFill)};
`;

const Icon = styled.span<{ $sub: string }>`
  width: 3.25rem;
  height: 3.25rem;
  display: grid;
  place-items: center;
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ $sub }) => tints[$sub] ?? '#a9afcb'};
  background: ${({ $sub }) => `${tints[$sub] ?? '#a9afcb'}22`};
`;

const Name = styled.span`
  font-weight: 700;
  line-height: 1.2;
  overflow-wrap: anywhere;
`;

const Price = styled.span<{ $muted?: boolean }>`
  font-size: 1.15rem;
  font-weight: 800;
  color: ${({ $muted, theme }) => ($muted ? theme.color.textMuted : theme.color.accent)};
  ${({ $muted }) => $muted && 'text-decoration: line-through;'}
  small {
    font-size: 0.75rem;
    font-weight: 600;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

const Hint = styled.span`
  font-size: 0.75rem;
  color: ${({ theme }) => theme.color.info};
`;

const Peek = styled.span`
  margin-top: auto;
  font-size: 0.8rem;
  color: ${({ theme }) => theme.color.textMuted};
`;
