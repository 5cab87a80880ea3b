import { ContactBody, ROBLOX_USERNAME } from '@/domain/schemas/users';
import { CONTACT_MESSAGES } from './messages';
import { i18n } from '@/lib/i18n/i18n';

export type ContactKey = 'contactEmail' | 'ps5Username' | 'robloxUsername';

/** Each contact option: whether 'Yes' is chosen and the typed value. */
export type ContactChoices = Record<ContactKey, { enabled: boolean; value: string }>;

/** A contact option: its key, title, name in a sentence, input type and placeholder. */
export interface ContactField {
  key: ContactKey;
  label: string;
  name: string;
  type: 'email' | 'text';
  placeholder: string;
}

export const CONTACT_FIELDS: ContactField[] = [
  { key: 'contactEmail', label: 'Email', name: 'email address', type: 'email', placeholder: 'you@example.com' },
  { key: 'ps5Username', label: 'PS5 Username', name: 'PS5 username', type: 'text', placeholder: 'Your PSN ID' },
  { key: 'robloxUsername', label: 'Roblox Username', name: 'Roblox username', type: 'text', placeholder: 'Your Roblox name' },
];

/** 'email address, PS5 username and Roblox username' in English (the specification's words), else as the language lists. */
const joinNames = (names: string[]) =>
  i18n.locale !== 'en' && typeof Intl.ListFormat === 'function'
    ? new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format(names)
    : names.length <= 1
      ? names.join('')
      : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

/** The contact body to send (values trimmed, a 'No' clears the field), or the message to show. */
export function validateContact(username: string | null, choices: ContactChoices): { body: ContactBody } | { error: string } {
  if (!username) return { error: CONTACT_MESSAGES.sessionExpired };
  const chosen = CONTACT_FIELDS.filter((field) => choices[field.key].enabled);
  if (chosen.length === 0) return { error: CONTACT_MESSAGES.required };
  const empty = chosen.filter((field) => !choices[field.key].value.trim());
  if (empty.length > 0) {
    return {
      error: i18n._(
        '{count, plural, one {Please enter your {names} or select "No" for that option.} other {Please enter your {names} or select "No" for those options.}}',
        { count: empty.length, names: joinNames(empty.map((field) => i18n._(field.name))) },
      ),
    };
  }
  const body: ContactBody = {};
  for (const field of CONTACT_FIELDS) body[field.key] = choices[field.key].enabled ? choices[field.key].value.trim() : null;
  if (body.robloxUsername && !ROBLOX_USERNAME.test(body.robloxUsername)) return { error: CONTACT_MESSAGES.robloxCharacters };
  const parsed = ContactBody.safeParse(body);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? CONTACT_MESSAGES.failed };
  return { body: parsed.data };
}

/** The Yes/No choices for stored contact values: Yes where a value exists. */
export function choicesFrom(contact: Partial<Record<ContactKey, string | null>> | undefined): ContactChoices {
  const entry = (value: string | null | undefined) => ({ enabled: Boolean(value), value: value ?? '' });
  return {
    contactEmail: entry(contact?.contactEmail),
    ps5Username: entry(contact?.ps5Username),
    robloxUsername: entry(contact?.robloxUsername),
  };
}

/** Whether any contact field is set. */
export function hasContact(contact: Partial<Record<ContactKey, string | null>> | undefined | null): boolean {
  return Boolean(contact?.contactEmail || contact?.ps5Username || contact?.robloxUsername);
}
