import { useLingui } from '@/lib/i18n/react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { SettingCard, SettingOption, SettingOptions, SettingTitle } from '@/components/setting-card';
import { LANGUAGE_NAMES, LOCALES, type Locale } from '@/domain/locale';
import { activeLocale, chooseLanguage } from '@/lib/i18n/i18n';
import { contactQueryOptions } from '@/lib/api/contact';
import { useCurrentUserName } from '@/lib/current-user';
import { updateContact } from '../api/update-contact';

/**
 * Account: the language the app speaks (DESIGN.md §15). A choice shows at once, without a reload, is kept on this
 * device and saved on the account (`language` of the contact), so every device the player signs in on follows it.
 */
export function LanguageSetting() {
  const { _, i18n } = useLingui();
  const username = useCurrentUserName();
  const queryClient = useQueryClient();
  const titleId = useId();
  const name = useId();
  const [saveFailed, setSaveFailed] = useState(false);
  // The choice shows checked at once, while its texts load (a few milliseconds, or a fetch the first time).
  const [choosing, setChoosing] = useState<Locale | null>(null);
  const current = choosing ?? (i18n.locale ? activeLocale() : 'en');

  const choose = async (locale: Locale) => {
    setSaveFailed(false);
    setChoosing(locale);
    await chooseLanguage(locale).finally(() => setChoosing(null));
    if (!username) return;
    try {
      await updateContact({ username, body: { language: locale } });
      await queryClient.invalidateQueries({ queryKey: contactQueryOptions(username).queryKey });
    } catch {
      setSaveFailed(true);
    }
  };

  return (
    <SettingCard aria-labelledby={titleId}>
      <SettingTitle id={titleId}>{_('Language')}</SettingTitle>
      <SettingOptions role="radiogroup" aria-labelledby={titleId}>
        {LOCALES.map((locale) => (
          <SettingOption key={locale} data-checked={current === locale || undefined} lang={locale}>
            <input type="radio" name={name} value={locale} checked={current === locale} onChange={() => void choose(locale)} />
            {LANGUAGE_NAMES[locale]}
          </SettingOption>
        ))}
      </SettingOptions>
      {saveFailed && (
        <Note role="status">
          {_("Your language is set on this device. It couldn't be saved to your account; choose it again when you're back online.")}
        </Note>
      )}
    </SettingCard>
  );
}

const Note = styled.p`
  margin: ${({ theme }) => theme.space(3)} 0 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.9rem;
`;
