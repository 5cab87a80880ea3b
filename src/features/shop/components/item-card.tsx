import styled, { css } from 'styled-components';
import type { CatalogueItem } from '@/domain/catalogue';
import { formatUsd } from '@/domain/money';
import { ItemIcon, iconForSubcategory } from './item-icon';

export const TAP_AGAIN_HINT = 'tap again to add to your cart!';

export interface ItemCardProps {
  item: CatalogueItem;
  /** Shown instead of the item name (e.g. '2 Hours' inside a hacking tier). */
  label?: string;
  revealed: boolean;
  onTap: (item: CatalogueItem) => void;
}

/** A shop item: the first tap reveals its price and the hint, the second opens the quantity dialog. */
export function ItemCard({ item, label, revealed, onTap }: ItemCardProps) {
  const price = item.price === null ? '' : formatUsd(item.price);
  return (
    <Card
      type="button"
      $revealed={revealed}
      aria-label={
        revealed ? `${item.name}, ${price}${item.unit ? ` per ${item.unit}` : ''}, ${TAP_AGAIN_HINT}` : `${item.name}, show price`
      }
      onClick={() => onTap(item)}
      data-item-id={item.id}
    >
      <Icon $sub={item.subcategory}>
        <ItemIcon kind={iconForSubcategory(item.subcategory)} />
      </Icon>
      {/* The label above names the card with what it shows, in the same order and words (WCAG 2.5.3, issue 52.2: "Tap
          for price" and "/ round" were not in it); the spaces keep the shown words apart for the check that compares. */}
      <Name>{label ?? item.name}</Name>{' '}
      {revealed ? (
        <>
          <Price>
            {price}
            {item.unit && <small> per {item.unit}</small>}
          </Price>{' '}
          <Hint>{TAP_AGAIN_HINT}</Hint>
        </>
      ) : (
        <Peek>Show price</Peek>
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

const Card = styled.button<{ $revealed: boolean }>`
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

const Price = styled.span`
  font-size: 1.15rem;
  font-weight: 800;
  color: ${({ theme }) => theme.color.accent};
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
