import type { Cents } from '@/domain/money';
import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { useLingui } from '@/lib/i18n/react';
import type { IconKind } from './item-icon';
import { CashContent, EquipmentContent, FarmingContent, HackingContent, WeaponsContent, type TapProps } from './section-contents';
import { ShopSection } from './shop-section';

type SectionKey = 'cash' | 'weapons' | 'farming' | 'equipment' | 'hacking';

export interface ShopSectionsProps {
  tap: TapProps;
  onAddCustomCash(amount: number, price: Cents): void;
  /** What an open section shows instead of its items while the catalogue loads or after it failed. */
  blocking: ReactNode;
}

/** The shop's five collapsible sections, all closed at first. */
export function ShopSections({ tap, onAddCustomCash, blocking }: ShopSectionsProps) {
  const { _ } = useLingui();
  const [openSections, setOpenSections] = useState<Set<SectionKey>>(() => new Set());
  const toggle = (key: SectionKey) =>
    setOpenSections((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const sections: Array<{ key: SectionKey; title: string; subtitle: string; icon: IconKind; content: ReactNode }> = [
    {
      key: 'cash',
      title: _('Cash'),
      subtitle: _('Cash packs and custom amounts'),
      icon: 'cash',
      content: <CashContent {...tap} onAddCustom={onAddCustomCash} />,
    },
    { key: 'weapons', title: _('Weapons & Ammo'), subtitle: _('Guns, melees and ammo'), icon: 'gun', content: <WeaponsContent {...tap} /> },
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
          {blocking ?? section.content}
        </ShopSection>
      ))}
    </Sections>
  );
}

const Sections = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
`;
