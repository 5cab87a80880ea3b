import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { fromTablet } from '@/components/theme';
import type { CatalogueItem } from '@/domain/catalogue';
import { useListFrame } from '@/components/query-frame';
import { buyableItems, catalogueQueryOptions, itemById, useCatalogue, type ShopItem } from '@/lib/catalogue/catalogue-query';
import { useLingui } from '@/lib/i18n/react';
import { ComingSoonButton, VsDropdown } from './coming-soon-extras';
import { QuantityDialog } from './quantity-dialog';
import { CashContent, EquipmentContent, FarmingContent, HackingContent, WeaponsContent } from './section-contents';
import { ShopSection } from './shop-section';

type SectionKey = 'cash' | 'weapons' | 'farming' | 'equipment' | 'hacking';

export interface ShopPageProps {
  /** The cart's button, shown in the header. */
  cartButton: ReactNode;
  onAddItem(item: CatalogueItem, quantity: number): void;
  onAddCustomCash(amount: number, price: number): void;
  /** How many of an item the cart already holds, so the quantity dialog knows how many more the server will take. */
  quantityInCart?(itemId: string): number;
  /** The cart itself (a dialog), rendered after the shop. */
  children?: ReactNode;
}

/** /buy: the catalogue in collapsible sections and two-tap add; the cart is composed in by the route. */
export function ShopPage({ cartButton, onAddItem, onAddCustomCash, quantityInCart, children }: ShopPageProps) {
  const [openSections, setOpenSections] = useState<Set<SectionKey>>(() => new Set());
  const [revealedId, setRevealedId] = useState<string | null>(null);
  const [choosingId, setChoosingId] = useState<string | null>(null);
  const { _ } = useLingui();
  const catalogue = useCatalogue();
  const frame = useListFrame([catalogue], [catalogueQueryOptions().queryKey], <Loading role="status">{_('Loading the shop...')}</Loading>);
  const items = buyableItems(catalogue.data?.items ?? []);
  // The item being chosen is read from the live catalogue: a price or stock changed meanwhile shows at once.
  const choosing = choosingId === null ? null : (itemById(items, choosingId) ?? null);

  const toggle = (key: SectionKey) =>
    setOpenSections((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  // Two-tap add: the first tap reveals the price, a second tap on the same item opens the quantity dialog.
  const onTap = (item: ShopItem) => {
    if (revealedId === item.id) {
      setChoosingId(item.id);
      setRevealedId(null);
    } else {
      setRevealedId(item.id);
    }
  };
  const tap = { revealedId, onTap, items };

  const sections: Array<{
    key: SectionKey;
    title: string;
    subtitle: string;
    icon: Parameters<typeof ShopSection>[0]['icon'];
    content: ReactNode;
  }> = [
    {
      key: 'cash',
      title: _('Cash'),
      subtitle: _('Cash packs and custom amounts'),
      icon: 'cash',
      content: <CashContent {...tap} onAddCustom={onAddCustomCash} />,
    },
    {
      key: 'weapons',
      title: _('Weapons & Ammo'),
      subtitle: _('Guns, melees and ammo'),
      icon: 'gun',
      content: <WeaponsContent {...tap} />,
    },
    {
      key: 'farming',
      title: _('Farming'),
      subtitle: _('Soil, fertilizer, seeds and pots'),
      icon: 'seeds',
      content: <FarmingContent {...tap} />,
    },
    {
      key: 'equipment',
      title: _('Equipment & Consumables'),
      subtitle: _('Energy, healing and throwables'),
      icon: 'consumable',
      content: <EquipmentContent {...tap} />,
    },
    {
      key: 'hacking',
      title: _('Hacking'),
      subtitle: _('Ultimate and Quantum, 1 to 3 hours'),
      icon: 'hacking',
      content: <HackingContent {...tap} />,
    },
  ];

  return (
    <Page>
      <Top>
        <Back to="/" aria-label={_('Back to home')}>
          ←
        </Back>
        <Heading>
          <h1>{_('Shop')}</h1>
          <p>{_('Prices in USD · tap an item twice to add it')}</p>
        </Heading>
        {cartButton}
      </Top>

      <Extras aria-label={_('More')}>
        <VsDropdown />
        <ComingSoonButton placement="bottom">{_('Backdoor / Scammer List')}</ComingSoonButton>
        <ComingSoonButton align="start" placement="bottom">
          {_('Gamble')}
        </ComingSoonButton>
        <ComingSoonButton placement="bottom">{_('Roll Dice')}</ComingSoonButton>
      </Extras>

      {frame.note}
      {/* The sections are the shop's own (the prerendered /buy shows them before the app runs); what is in them comes
          from the catalogue, so an open section shows its loading text or its failed load until the catalogue is here. */}
      <Sections>
        {sections.map((section) => (
          <ShopSection
            key={section.key}
            title={section.title}
            subtitle={section.subtitle}
            icon={section.icon}
            open={openSections.has(section.key)}
            onToggle={() => toggle(section.key)}
          >
            {frame.blocking ?? section.content}
          </ShopSection>
        ))}
      </Sections>

      <QuantityDialog
        item={choosing}
        inCart={choosing && quantityInCart ? quantityInCart(choosing.id) : 0}
        onCancel={() => setChoosingId(null)}
        onAdd={(item, quantity) => {
          setChoosingId(null);
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

const Top = styled.header`
  position: sticky;
  top: 0;
  z-index: 30;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0 -${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)};
  /* Opaque: Firefox drew the cards scrolling under a see-through, blurred title on top of it (issue 52.5). */
  background: ${({ theme }) => theme.color.bg};
  ${fromTablet} {
    margin: 0 -${({ theme }) => theme.space(6)} ${({ theme }) => theme.space(4)};
    padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(6)};
  }
`;

const Back = styled(Link)`
  width: 44px;
  height: 44px;
  flex: none;
  display: grid;
  place-items: center;
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surfaceRaised};
  color: ${({ theme }) => theme.color.text};
  text-decoration: none;
  font-size: 1.25rem;
`;

const Heading = styled.div`
  flex: 1;
  min-width: 0;
  h1 {
    font-size: 1.75rem;
    font-weight: 900;
    letter-spacing: -0.01em;
    background: linear-gradient(90deg, ${({ theme }) => theme.color.text}, ${({ theme }) => theme.color.accent});
    -webkit-background-clip: text;
    background-clip: text;
    color: transparent;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.9rem;
  }
`;

const Extras = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  padding-top: ${({ theme }) => theme.space(1)};
`;

const Loading = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space(6)} 0;
  text-align: center;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Sections = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
`;
