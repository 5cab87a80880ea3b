import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import styled, { css, keyframes } from 'styled-components';
import { ItemIcon } from './item-icon';

/** The Store Preview rotates every 4 s. */
export const PREVIEW_ROTATE_MS = 4000;
import { useCatalogue, type ShopItem } from '@/lib/catalogue/catalogue-query';
import { pickPreviewItems, type PreviewItem } from '../lib/preview-items';
import { useCurrentUserName } from '@/lib/current-user';
import { displayCents } from '@/lib/i18n/intl';
import { useLingui } from '@/lib/i18n/react';

// The tile's colours per kind; the drawing is the item's own (a gun for guns, an axe for axes, a pot for pots).
const ART: Record<PreviewItem['kind'], { from: string; to: string }> = {
  Weapon: { from: '#5b7cfa', to: '#2a3574' },
  Consumable: { from: '#ef4b5f', to: '#5c1d2a' },
  Farming: { from: '#2fbf71', to: '#144a2e' },
};

/** Three random items of the catalogue, the same three for the screen's life, one shown at a time for 4 s each. */
function usePreviewRotation(catalogue: readonly ShopItem[]) {
  // The same three draws for the screen's life: a live price change updates the item shown, not which one.
  const [draws] = useState(() => [Math.random(), Math.random(), Math.random()]);
  const items = pickPreviewItems(
    catalogue,
    (() => {
      let n = 0;
      return () => draws[n++ % draws.length];
    })(),
  );
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (items.length === 0) return;
    const timer = setInterval(() => setIndex((value) => (value + 1) % items.length), PREVIEW_ROTATE_MS);
    return () => clearInterval(timer);
  }, [items.length]);
  return { items, index, current: items.length > 0 ? items[index % items.length] : null };
}

/** The home 'Store Preview': three random items, one at a time, changing every 4 s. */
export function StorePreview() {
  const { _ } = useLingui();
  const catalogue = useCatalogue(useCurrentUserName() !== null);
  const { items, index, current } = usePreviewRotation(catalogue.data?.items ?? []);

  return (
    <Card aria-labelledby="store-preview-title">
      <Top>
        <h2 id="store-preview-title">{_('Store Preview')}</h2>
        <Dots aria-hidden="true">
          {items.map((entry, i) => (
            <span key={entry.kind} data-active={i === index % items.length} />
          ))}
        </Dots>
      </Top>
      {current ? (
        <Slide key={`${current.kind}-${index}`} data-testid="store-preview-item">
          <Art style={{ background: `linear-gradient(135deg, ${ART[current.kind].from}, ${ART[current.kind].to})` }} aria-hidden="true">
            <ItemIcon item={current.item} size={40} />
          </Art>
          <div>
            <Kind>{_(current.kind)}</Kind>
            <Name>{current.item.name}</Name>
            <Price>{current.item.price !== null ? displayCents(current.item.price) : ''}</Price>
          </div>
        </Slide>
      ) : (
        // Until the catalogue answers (or offline with no saved copy): the slide's room, so nothing jumps.
        <Slide aria-hidden="true" />
      )}
      <ShopAll to="/buy">
        {_('Shop All Categories')}
        {' →'}
      </ShopAll>
    </Card>
  );
}

const fade = keyframes`
  from { opacity: 0; transform: translateX(12px); }
  to { opacity: 1; transform: none; }
`;

const Card = styled.section`
  @media (min-width: 768px) {
    display: grid !important;
    grid-template-columns: 1fr auto;
    align-items: center;
    column-gap: ${({ theme }) => theme.space(6)};
    & > :first-child {
      grid-column: 1 / -1;
    }
  }
  border-radius: ${({ theme }) => theme.radius.lg};
  background: linear-gradient(160deg, ${({ theme }) => theme.color.surfaceRaised}, ${({ theme }) => theme.color.surface});
  border: 1px solid ${({ theme }) => theme.color.border};
  padding: ${({ theme }) => theme.space(4)};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  box-shadow: ${({ theme }) => theme.shadow.card};
`;

/** The card's small capitals: its title and the kind of item shown. */
const caps = css`
  font-weight: 800;
  text-transform: uppercase;
  letter-spacing: 0.08em;
`;

const Top = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  h2 {
    ${caps}
    font-size: 1.05rem;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

const Dots = styled.div`
  display: flex;
  gap: 6px;
  span {
    width: 8px;
    height: 8px;
    border-radius: 50%;
    background: ${({ theme }) => theme.color.border};
    transition: width 0.2s ease;
  }
  span[data-active='true'] {
    width: 22px;
    border-radius: 4px;
    background: ${({ theme }) => theme.color.accent};
  }
`;

const Slide = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(4)};
  min-height: 88px;
  animation: ${fade} 0.35s ease-out;
`;

const Art = styled.div`
  width: 84px;
  height: 84px;
  flex: none;
  border-radius: ${({ theme }) => theme.radius.md};
  display: grid;
  place-items: center;
  color: #fff;
  box-shadow: inset 0 0 0 1px rgba(255, 255, 255, 0.12);
`;

const Kind = styled.div`
  ${caps}
  font-size: 0.75rem;
  color: ${({ theme }) => theme.color.accent};
`;

const Name = styled.div`
  font-size: 1.25rem;
  font-weight: 800;
`;

const Price = styled.div`
  color: ${({ theme }) => theme.color.success};
  font-weight: 700;
  font-size: 1.05rem;
`;

const ShopAll = styled(Link)`
  min-height: ${({ theme }) => theme.touch};
  padding: 0 ${({ theme }) => theme.space(6)};
  display: grid;
  place-items: center;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.accentFill};
  color: ${({ theme }) => theme.color.onAccent};
  font-weight: 800;
  text-decoration: none;
`;
