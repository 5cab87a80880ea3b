import type { Cents } from '@/domain/money';
import { useState } from 'react';
import styled from 'styled-components';
import type { FarmingKind } from '@/domain/catalogue';
import { GUN_CLASS_LABELS, GUN_CLASSES } from '@/domain/sell-catalogue';
import type { ShopItem } from '@/lib/catalogue/catalogue-query';
import { useLingui } from '@/lib/i18n/react';
import { ComingSoonButton } from './coming-soon-extras';
import { CustomCashCard } from './custom-cash-card';
import { ItemCard } from './item-card';
import { ItemGrid, SubHeading } from './item-grid';
import { ItemIcon, type IconKind } from './item-icon';

export interface TapProps {
  revealedId: string | null;
  onTap: (item: ShopItem) => void;
  /** The items the shop sells now (active, listed, priced), from the server's catalogue. */
  items: ShopItem[];
}

function Cards({ items, revealedId, onTap }: Omit<TapProps, 'items'> & { items: ShopItem[] }) {
  return (
    <>
      {items.map((item) => (
        <ItemCard key={item.id} item={item} revealed={revealedId === item.id} onTap={onTap} />
      ))}
    </>
  );
}

const inCategory = (items: ShopItem[], category: string, subcategory?: string) =>
  items.filter((item) => item.category === category && (subcategory === undefined || item.subcategory === subcategory));

/** Cash packs the shop lists, plus custom cash. */
export function CashContent({ onAddCustom, ...tap }: TapProps & { onAddCustom: (amount: number, price: Cents) => void }) {
  return (
    <ItemGrid>
      <Cards {...tap} items={inCategory(tap.items, 'Cash')} />
      <CustomCashCard onAdd={onAddCustom} />
    </ItemGrid>
  );
}

type WeaponView = 'guns' | 'melees' | 'ammo';

/** Weapons & Ammo: a menu of guns, melees and ammo, each a sub-view with a back link. */
export function WeaponsContent(tap: TapProps) {
  const { _ } = useLingui();
  const [view, setView] = useState<WeaponView | null>(null);
  const guns = inCategory(tap.items, 'Weapons', 'guns');
  const melees = inCategory(tap.items, 'Weapons', 'melee');
  const ammo = inCategory(tap.items, 'Ammo');
  const WEAPON_TILES: Array<{ view: WeaponView; title: string; note: string; icon: IconKind }> = [
    { view: 'guns', title: _('Guns'), note: _('{count, plural, one {# gun} other {# guns}}', { count: guns.length }), icon: 'gun' },
    {
      view: 'melees',
      title: _('Melees'),
      note: _('{count, plural, one {# melee weapon} other {# melee weapons}}', { count: melees.length }),
      icon: 'melee',
    },
    { view: 'ammo', title: _('Ammo'), note: _('Priced per round'), icon: 'ammo' },
  ];
  // A gun added in the app without a class still sells: it is listed under 'other guns'.
  const unclassed = guns.filter((gun) => !gun.gunClass || !GUN_CLASSES.includes(gun.gunClass));
  if (view === null) {
    return (
      <TileRow>
        {WEAPON_TILES.map((tile) => (
          <Tile key={tile.view} type="button" onClick={() => setView(tile.view)}>
            <ItemIcon kind={tile.icon} size={32} />
            <strong>{tile.title}</strong>
            <small>{tile.note}</small>
          </Tile>
        ))}
      </TileRow>
    );
  }
  return (
    <div>
      <BackLink type="button" onClick={() => setView(null)}>
        ← {_('Back to Weapons & Ammo')}
      </BackLink>
      {view === 'guns' &&
        GUN_CLASSES.map((gunClass) => {
          const inClass = guns.filter((gun) => gun.gunClass === gunClass);
          return inClass.length === 0 ? null : (
            <div key={gunClass}>
              <SubHeading>{_(GUN_CLASS_LABELS[gunClass])}</SubHeading>
              <ItemGrid>
                <Cards {...tap} items={inClass} />
              </ItemGrid>
            </div>
          );
        })}
      {view === 'guns' && unclassed.length > 0 && (
        <div>
          <SubHeading>{_('Other guns')}</SubHeading>
          <ItemGrid>
            <Cards {...tap} items={unclassed} />
          </ItemGrid>
        </div>
      )}
      {view === 'melees' && (
        <>
          <SubHeading>{_('Melees')}</SubHeading>
          <ItemGrid>
            <Cards {...tap} items={melees} />
          </ItemGrid>
        </>
      )}
      {view === 'ammo' && (
        <>
          <SubHeading>{_('Ammo · priced per round')}</SubHeading>
          <ItemGrid>
            <Cards {...tap} items={ammo} />
          </ItemGrid>
        </>
      )}
    </div>
  );
}

const FARMING_KINDS: Array<{ kind: FarmingKind; title: string }> = [
  { kind: 'soil', title: 'Soil' },
  { kind: 'fertilizer', title: 'Fertilizer' },
  { kind: 'seeds', title: 'Seeds' },
  { kind: 'pots', title: 'Pots' },
];

/** Farming: soil, fertilizer, seeds and pots. */
export function FarmingContent(tap: TapProps) {
  const { _ } = useLingui();
  return (
    <>
      {FARMING_KINDS.map(({ kind, title }) => {
        const items = inCategory(tap.items, 'Farming', kind);
        return items.length === 0 ? null : (
          <div key={kind}>
            <SubHeading>{_(title)}</SubHeading>
            <ItemGrid>
              <Cards {...tap} items={items} />
            </ItemGrid>
          </div>
        );
      })}
    </>
  );
}

/** Equipment & Consumables, plus body guards (coming soon). */
export function EquipmentContent(tap: TapProps) {
  const { _ } = useLingui();
  return (
    <>
      <ItemGrid>
        <Cards {...tap} items={inCategory(tap.items, 'Equipment')} />
      </ItemGrid>
      <SubHeading>{_('Services')}</SubHeading>
      <ComingSoonButton align="start">
        <ItemIcon kind="guard" size={20} /> {_('Body Guards')}
      </ComingSoonButton>
    </>
  );
}

/** A hacking package's card label: what its name says in brackets ('Ultimate Hacking Package (2 Hours)' → '2 Hours'). */
export const hackingLabel = (name: string): string => /\(([^)]+)\)\s*$/.exec(name)?.[1] ?? name;

/** Hacking: Ultimate and Quantum packages for 1, 2 or 3 hours. */
export function HackingContent(tap: TapProps) {
  return (
    <Tiers>
      {(['ultimate', 'quantum'] as const).map((tier) => (
        <Tier key={tier} $tier={tier}>
          <TierTitle>{tier === 'ultimate' ? 'Ultimate' : 'Quantum'}</TierTitle>
          <HoursGrid>
            {inCategory(tap.items, 'Hacking', tier).map((item) => (
              <ItemCard key={item.id} item={item} label={hackingLabel(item.name)} revealed={tap.revealedId === item.id} onTap={tap.onTap} />
            ))}
          </HoursGrid>
        </Tier>
      ))}
    </Tiers>
  );
}

const TileRow = styled.div`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space(3)};
`;

const Tile = styled.button`
  min-height: 7rem;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(1)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surfaceRaised};
  color: ${({ theme }) => theme.color.danger};
  strong {
    color: ${({ theme }) => theme.color.text};
    font-size: 1.05rem;
  }
  small {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.75rem;
    text-align: center;
  }
`;

const BackLink = styled.button`
  min-height: 44px;
  padding: 0;
  margin-bottom: ${({ theme }) => theme.space(1)};
  border: none;
  background: none;
  color: ${({ theme }) => theme.color.info};
  font-weight: 700;
`;

const Tiers = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  @media (min-width: 768px) {
    grid-template-columns: 1fr 1fr;
  }
`;

const Tier = styled.div<{ $tier: 'ultimate' | 'quantum' }>`
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ $tier }) => ($tier === 'ultimate' ? '#5b7cfa' : '#2fd3c4')};
  background: ${({ $tier }) => ($tier === 'ultimate' ? 'rgba(91,124,250,0.08)' : 'rgba(47,211,196,0.08)')};
`;

const TierTitle = styled.h3`
  margin-bottom: ${({ theme }) => theme.space(2)};
  font-size: 1.05rem;
`;

const HoursGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space(2)};
`;
