import { useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { useMoreBelow } from './use-more-below';
import type { Cents } from '@/domain/money';
import { MAX_QUANTITY } from '@/domain/quantity';
import { i18n } from '@/lib/i18n/i18n';
import { displayCents } from '@/lib/i18n/intl';
import { useLingui } from '@/lib/i18n/react';
import { cartTotal, groupCart, type CartLine, type PricedLine } from '../lib/cart-lines';
import type { CreditSplit } from '../lib/credit-split';
import { CartLineRow } from './cart-line-row';

export interface CartDialogProps {
  open: boolean;
  lines: PricedLine[];
  loading: boolean;
  onClose: () => void;
  onStep: (id: string, delta: number) => void;
  onRemove: (line: CartLine) => void;
  onPurchase: () => void;
  /** The store credit choice, under the lines. */
  credit?: ReactNode;
  /** The credit used and the amount due, when the player chose to use credit: the button then says what is due. */
  split?: CreditSplit | null;
}

/** 'Purchase $3.00', or with credit 'Purchase — $0.00 due, $3.00 from credit' (issue 30 item 3). */
export function purchaseButtonText(total: Cents, split: CreditSplit | null | undefined): string {
  if (!split || split.applied <= 0) return i18n._('Purchase {total}', { total: displayCents(total) });
  return i18n._('Purchase — {due} due, {credit} from credit', { due: displayCents(split.due), credit: displayCents(split.applied) });
}

/** The cart's categories as the screens name them (English, translated where shown); another category shows as it is. */
const CATEGORY_LABELS: Record<string, string> = {
  'Custom Cash': 'Custom Cash',
  Cash: 'Cash',
  Weapons: 'Weapons',
  Ammo: 'Ammo',
  Farming: 'Farming',
  Equipment: 'Equipment',
  Hacking: 'Hacking',
  Other: 'Other',
};

/** 'Items Added for Purchase': lines grouped by category (Weapons first), total on the Purchase button. */
export function CartDialog({ open, lines, loading, onClose, onStep, onRemove, onPurchase, credit, split }: CartDialogProps) {
  const total = cartTotal(lines);
  const listRef = useRef<HTMLDivElement>(null);
  const moreBelow = useMoreBelow(listRef);
  // A line above the server's maximum (kept from an older version of the app) would only be refused.
  const overMaximum = lines.some((line) => line.quantity > MAX_QUANTITY);
  // A line the shop no longer sells, or more than is left, would only be refused (issue 49): the line says why.
  const blocked = lines.some((line) => line.problem !== undefined);
  const moved = lines.some((line) => line.previousCents !== undefined);
  const { _ } = useLingui();
  const categoryLabel = (category: string) => (Object.hasOwn(CATEGORY_LABELS, category) ? _(CATEGORY_LABELS[category]) : category);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={_('Items Added for Purchase')}
      size="md"
      actions={
        <Button type="button" onClick={onPurchase} disabled={lines.length === 0 || overMaximum || blocked}>
          {purchaseButtonText(total, split)}
        </Button>
      }
    >
      {loading ? (
        <Empty role="status">{_('Loading your cart...')}</Empty>
      ) : lines.length === 0 ? (
        <Empty>{_('No items in your purchase list')}</Empty>
      ) : (
        <ListFrame>
          {moved && <Notice role="status">{_('Prices have changed since you added some items. The new prices are shown.')}</Notice>}
          <List data-testid="cart-list" ref={listRef}>
            {groupCart(lines).map(([category, group]) => (
              <Group key={category} aria-label={categoryLabel(category)}>
                <GroupTitle>{categoryLabel(category)}</GroupTitle>
                <ul>
                  {group.map((line) => (
                    <CartLineRow key={line.id} line={line} onStep={(delta) => onStep(line.id, delta)} onRemove={() => onRemove(line)} />
                  ))}
                </ul>
              </Group>
            ))}
          </List>
          {/* The list scrolls inside the dialog; without a cue, lines past its height go unnoticed. */}
          {moreBelow && (
            <MoreBelow data-testid="cart-more-below" aria-hidden="true">
              {_('Scroll for more')}
              {' ↓'}
            </MoreBelow>
          )}
        </ListFrame>
      )}
      {!loading && lines.length > 0 && credit}
    </Dialog>
  );
}

const Notice = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.warning};
  font-size: 0.85rem;
`;

const ListFrame = styled.div`
  position: relative;
`;

const MoreBelow = styled.div`
  position: absolute;
  left: 0;
  right: 0;
  bottom: 0;
  padding: ${({ theme }) => theme.space(6)} 0 ${({ theme }) => theme.space(1)};
  text-align: center;
  font-size: 0.85rem;
  font-weight: 700;
  color: ${({ theme }) => theme.color.text};
  background: linear-gradient(to bottom, transparent, ${({ theme }) => theme.color.surface} 70%);
  pointer-events: none;
`;

const List = styled.div`
  max-height: 16rem;
  overflow-y: auto;
  overscroll-behavior: contain;
  margin: 0 -${({ theme }) => theme.space(1)};
  padding: 0 ${({ theme }) => theme.space(1)};
`;

const Group = styled.section`
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  & + & {
    margin-top: ${({ theme }) => theme.space(3)};
  }
`;

const GroupTitle = styled.h3`
  position: sticky;
  top: 0;
  z-index: 1;
  background: ${({ theme }) => theme.color.surface};
  padding: 2px 0;
  font-size: 0.8rem;
  letter-spacing: 0.08em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.color.info};
`;

const Empty = styled.p`
  margin: ${({ theme }) => theme.space(6)} 0;
  text-align: center;
  color: ${({ theme }) => theme.color.textMuted};
`;
