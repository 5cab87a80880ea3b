import { useLingui } from '@/lib/i18n/react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import styled from 'styled-components';
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
    <Card aria-labelledby={titleId}>
      <Title id={titleId}>{_('Language')}</Title>
      <Options role="radiogroup" aria-labelledby={titleId}>
        {LOCALES.map((locale) => (
          <Option key={locale} data-checked={current === locale || undefined} lang={locale}>
            <input type="radio" name={name} value={locale} checked={current === locale} onChange={() => void choose(locale)} />
            {LANGUAGE_NAMES[locale]}
          </Option>
        ))}
      </Options>
      {saveFailed && (
        <Note role="status">
          {_("Your language is set on this device. It couldn't be saved to your account; choose it again when you're back online.")}
        </Note>
      )}
    </Card>
  );
}

const Card = styled.section`
  margin-top: ${({ theme }) => theme.space(5)};
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
`;

const Title = styled.h2`
  font-size: 1rem;
  margin-bottom: ${({ theme }) => theme.space(3)};
`;

const Options = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

const Option = styled.label`
  flex: 1 1 auto;
  min-height: ${({ theme }) => theme.touch};
  padding: 0 ${({ theme }) => theme.space(2)};
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(1.5)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surfaceRaised};
  font-weight: 600;
  cursor: pointer;
  input {
    accent-color: ${({ theme }) => theme.color.primary};
    margin: 0;
  }
  &[data-checked] {
    border-color: ${({ theme }) => theme.color.primary};
    box-shadow: inset 0 0 0 1px ${({ theme }) => theme.color.primary};
  }
  &:focus-within {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;

const Note = styled.p`
  margin: ${({ theme }) => theme.space(3)} 0 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.9rem;
`;
