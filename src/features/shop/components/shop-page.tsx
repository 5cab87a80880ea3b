import type { Cents } from '@/domain/money';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { fromTablet } from '@/components/theme';
import type { CatalogueItem } from '@/domain/catalogue';
import { useListFrame } from '@/components/query-frame';
import { buyableItems, catalogueQueryOptions, itemById, useCatalogue } from '@/lib/catalogue/catalogue-query';
import { useLingui } from '@/lib/i18n/react';
import { QuantityDialog } from './quantity-dialog';
import { ShopSections } from './shop-sections';
import { ShopTopBar } from './shop-top-bar';
import { useTwoTap } from './use-two-tap';

export interface ShopPageProps {
  /** The cart's button, shown in the header. */
  cartButton: ReactNode;
  onAddItem(item: CatalogueItem, quantity: number): void;
  onAddCustomCash(amount: number, price: Cents): void;
  /** How many of an item the cart already holds, so the quantity dialog knows how many more the server will take. */
  quantityInCart?(itemId: string): number;
  /** The cart itself (a dialog), rendered after the shop. */
  children?: ReactNode;
}

/** /buy: the catalogue in collapsible sections and two-tap add; the cart is composed in by the route. */
export function ShopPage({ cartButton, onAddItem, onAddCustomCash, quantityInCart, children }: ShopPageProps) {
  const { revealedId, onTap, choosingId, stopChoosing } = useTwoTap();
  const { _ } = useLingui();
  const catalogue = useCatalogue();
  const frame = useListFrame([catalogue], [catalogueQueryOptions().queryKey], <Loading role="status">{_('Loading the shop...')}</Loading>);
  const items = buyableItems(catalogue.data?.items ?? []);
  // The item being chosen is read from the live catalogue: a price or stock changed meanwhile shows at once.
  const choosing = choosingId === null ? null : (itemById(items, choosingId) ?? null);

  return (
    <Page>
      <ShopTopBar cartButton={cartButton} />
      {frame.note}
      {/* The sections are the shop's own (the prerendered /buy shows them before the app runs); what is in them comes
          from the catalogue, so an open section shows its loading text or its failed load until the catalogue is here. */}
      <ShopSections tap={{ revealedId, onTap, items }} onAddCustomCash={onAddCustomCash} blocking={frame.blocking} />
      <QuantityDialog
        item={choosing}
        inCart={choosing && quantityInCart ? quantityInCart(choosing.id) : 0}
        onCancel={stopChoosing}
        onAdd={(item, quantity) => {
          stopChoosing();
          onAddItem(item, quantity);
        }}
      />
      {children}
    </Page>
  );
}

const Page = styled.main`
  width: 100%;
  max-width: 72rem;
  margin: 0 auto;
  padding: 0 ${({ theme }) => theme.space(3)} 6rem;
  ${fromTablet} {
    padding: 0 ${({ theme }) => theme.space(6)} 6rem;
  }
`;

const Loading = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space(6)} 0;
  text-align: center;
  color: ${({ theme }) => theme.color.textMuted};
`;
