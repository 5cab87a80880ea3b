import { useLingui } from '@/lib/i18n/react';
import { GUN_CLASS_LABELS, GUN_CLASSES, WEAPON_KINDS, type WeaponKind } from '@/domain/sell-catalogue';
import type { SellForm } from '../lib/sell-form';
import { ChipGrid, ChoiceChip, SubLabel } from './choice-chip';

const KIND_LABELS: Record<WeaponKind, string> = { guns: 'Guns', melees: 'Melees', ammo: 'Ammo' };

/** A weapon's kind, then for a gun its class. */
export function WeaponChoices({ form, onChange }: { form: SellForm; onChange: (patch: Partial<SellForm>) => void }) {
  const { _ } = useLingui();
  return (
    <>
      <SubLabel>{_('Type of weapon')}</SubLabel>
      <ChipGrid role="group" aria-label={_('Type of weapon')} $min="6rem">
        {WEAPON_KINDS.map((kind) => (
          <ChoiceChip
            key={kind}
            type="button"
            aria-pressed={form.weaponKind === kind}
            onClick={() => onChange({ weaponKind: kind, gunClass: null, item: null })}
          >
            {_(KIND_LABELS[kind])}
          </ChoiceChip>
        ))}
      </ChipGrid>
      {form.weaponKind === 'guns' && (
        <>
          <SubLabel>{_('Kind of gun')}</SubLabel>
          <ChipGrid role="group" aria-label={_('Kind of gun')} $min="8.5rem">
            {GUN_CLASSES.map((gunClass) => (
              <ChoiceChip
                key={gunClass}
                type="button"
                aria-pressed={form.gunClass === gunClass}
                onClick={() => onChange({ gunClass, item: null })}
              >
                {_(GUN_CLASS_LABELS[gunClass])}
              </ChoiceChip>
            ))}
          </ChipGrid>
        </>
      )}
    </>
  );
}
