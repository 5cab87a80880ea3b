import { useLingui } from '@/lib/i18n/react';
import { useId, useState } from 'react';
import { SettingCard, SettingOption, SettingOptions, SettingTitle } from '@/components/setting-card';
import { getAppearance, setAppearance, type AppearanceChoice } from '../lib/appearance';

const CHOICES: { value: AppearanceChoice; label: string }[] = [
  { value: 'system', label: 'Automatic' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/** Account: light, dark, or as the device is set (the default). */
export function AppearanceSwitch() {
  const { _ } = useLingui();
  const [choice, setChoice] = useState<AppearanceChoice>(getAppearance);
  const titleId = useId();
  const name = useId();
  return (
    <SettingCard aria-labelledby={titleId}>
      <SettingTitle id={titleId}>{_('Appearance')}</SettingTitle>
      <SettingOptions role="radiogroup" aria-labelledby={titleId}>
        {CHOICES.map((option) => (
          <SettingOption key={option.value} data-checked={choice === option.value || undefined}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={choice === option.value}
              onChange={() => {
                setChoice(option.value);
                setAppearance(option.value);
              }}
            />
            {_(option.label)}
          </SettingOption>
        ))}
      </SettingOptions>
    </SettingCard>
  );
}
