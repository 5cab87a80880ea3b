import { useLingui } from '@/lib/i18n/react';
import { GUN_CLASS_LABELS, GUN_CLASSES, WEAPON_KINDS, type WeaponKind } from '@/domain/sell-catalogue';
import type { SellForm } from '../lib/sell-form';
import { ChipGrid, ChoiceChip, SubLabel } from './choice-chip';

const KIND_LABELS: Record<WeaponKind, string> = { guns: 'Guns', melees: 'Melees', ammo: 'Ammo' };

interface ChoiceGroupProps<T extends string> {
  label: string;
  /** The narrowest a chip may be. */
  min: string;
  options: readonly T[];
  /** Each option's English words, said in the language shown. */
  words: Record<T, string>;
  chosen: T | null;
  onPick: (option: T) => void;
}

/** A titled group of chips of which one is chosen. */
function ChoiceGroup<T extends string>({ label, min, options, words, chosen, onPick }: ChoiceGroupProps<T>) {
  const { _ } = useLingui();
  return (
    <>
      <SubLabel>{label}</SubLabel>
      <ChipGrid role="group" aria-label={label} $min={min}>
        {options.map((option) => (
          <ChoiceChip key={option} type="button" aria-pressed={chosen === option} onClick={() => onPick(option)}>
            {_(words[option])}
          </ChoiceChip>
        ))}
      </ChipGrid>
    </>
  );
}

/** A weapon's kind, then for a gun its class. */
export function WeaponChoices({ form, onChange }: { form: SellForm; onChange: (patch: Partial<SellForm>) => void }) {
  const { _ } = useLingui();
  return (
    <>
      <ChoiceGroup
        label={_('Type of weapon')}
        min="6rem"
        options={WEAPON_KINDS}
        words={KIND_LABELS}
        chosen={form.weaponKind}
        onPick={(kind) => onChange({ weaponKind: kind, gunClass: null, item: null })}
      />
      {form.weaponKind === 'guns' && (
        <ChoiceGroup
          label={_('Kind of gun')}
          min="8.5rem"
          options={GUN_CLASSES}
          words={GUN_CLASS_LABELS}
          chosen={form.gunClass}
          onPick={(gunClass) => onChange({ gunClass, item: null })}
        />
      )}
    </>
  );
}
