import { useLingui } from '@/lib/i18n/react';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Banner } from '@/components/banner';
import { Button } from '@/components/button';
import { errorMessage } from '@/components/error-message';
import { FormError } from '@/components/form-error';
import { Field, Label, TextInput } from '@/components/form-field';
import type { ContactBody } from '@/domain/schemas/users';
import { getCurrentUserName } from '@/lib/current-user';
import { useTimer } from '@/lib/forms/use-timer';
import { useZodForm, type FormCheck } from '@/lib/forms/use-zod-form';
import type { CachedContact } from '../api/get-contact';
import { useUpdateContact } from '../api/update-contact';
import {
  choicesFrom,
  CONTACT_FIELDS,
  validateContact,
  type ContactChoices,
  type ContactField,
  type ContactKey,
} from '../contact-validation';
import { CONTACT_CLOSE_MS, CONTACT_ERROR_HIDE_MS, CONTACT_MESSAGES as M, FIRST_TIME_REDIRECT_MS } from '../messages';

export interface ContactFormProps {
  /** Closes the form (after a normal save). */
  onClose: () => void;
  username: string;
  contact: CachedContact | undefined;
  firstTime: boolean;
}

/** The contact check at the moment of sending: the signed-in name is read then. */
const checkContact: FormCheck<ContactChoices, ContactBody> = (choices) => {
  const result = validateContact(getCurrentUserName(), choices);
  return 'error' in result ? { issues: [{ message: result.error }] } : { data: result.body };
};

/** 'My Contact Information': Yes/No per option, at least one set, Save Changes or Complete Setup. */
export function ContactForm({ onClose, username, contact, firstTime }: ContactFormProps) {
  const { _ } = useLingui();
  const navigate = useNavigate();
  const save = useUpdateContact();
  const form = useZodForm(checkContact, () => choicesFrom(contact), { hideErrorAfter: CONTACT_ERROR_HIDE_MS });
  const { setValues: setChoices } = form;
  const touched = useRef(false);
  const [success, setSuccess] = useState<string | null>(null);
  const doneTimer = useTimer();

  // The cached copy shows first; the server's replaces it unless the user has started editing.
  useEffect(() => {
    if (!touched.current) setChoices(choicesFrom(contact));
  }, [contact, setChoices]);

  const update = (key: ContactKey, patch: Partial<ContactChoices[ContactKey]>) => {
    touched.current = true;
    setChoices((current) => {
      const next = { ...current[key], ...patch };
      // Choosing No clears that field.
      if (patch.enabled === false) next.value = '';
      return { ...current, [key]: next };
    });
  };

  const saved = () => {
    touched.current = false;
    if (firstTime) {
      setSuccess(M.firstTimeSaved);
      doneTimer.start(() => void navigate({ to: '/' }), FIRST_TIME_REDIRECT_MS);
    } else {
      setSuccess(M.updated);
      doneTimer.start(() => {
        setSuccess(null);
        onClose();
      }, CONTACT_CLOSE_MS);
    }
  };

  const onSubmit = form.handleSubmit(
    (body) => {
      save.mutate(
        { username: getCurrentUserName()!, body },
        { onSuccess: saved, onError: (failure) => form.setError(errorMessage(failure, M.failed, M.network)) },
      );
    },
    save.isPending || Boolean(success),
  );

  return (
    <Form onSubmit={onSubmit} noValidate aria-label={_('My Contact Information')}>
      <Intro>{_('Admins use these to arrange payment and handover. Add at least one.')}</Intro>
      <FormError error={form.error} />
      {success && <Banner tone="success">{success}</Banner>}
      <Field label={_('Account Name')} value={username} readOnly />
      {CONTACT_FIELDS.map((field) => (
        <ContactOption key={field.key} field={field} choice={form.values[field.key]} onChange={(patch) => update(field.key, patch)} />
      ))}
      <Button type="submit" $block disabled={save.isPending || Boolean(success)}>
        {save.isPending ? _('Saving...') : firstTime ? _('Complete Setup') : _('Save Changes')}
      </Button>
    </Form>
  );
}

/** One contact option: its title, Yes/No, and (on Yes) its input. */
function ContactOption({
  field,
  choice,
  onChange,
}: {
  field: ContactField;
  choice: ContactChoices[ContactKey];
  onChange: (patch: Partial<ContactChoices[ContactKey]>) => void;
}) {
  const { _ } = useLingui();
  return (
    <Option $on={choice.enabled}>
      <legend>{_(field.label)}</legend>
      <Radios>
        <Radio>
          <input type="radio" name={field.key} checked={choice.enabled} onChange={() => onChange({ enabled: true })} />
          <span>{_('Yes')}</span>
        </Radio>
        <Radio>
          <input type="radio" name={field.key} checked={!choice.enabled} onChange={() => onChange({ enabled: false })} />
          <span>{_('No')}</span>
        </Radio>
      </Radios>
      {choice.enabled && (
        <>
          <Label htmlFor={`contact-${field.key}`} className="visually-hidden">
            {_(field.label)}
          </Label>
          <TextInput
            id={`contact-${field.key}`}
            type={field.type}
            inputMode={field.type === 'email' ? 'email' : undefined}
            autoCapitalize="none"
            spellCheck={false}
            placeholder={_(field.placeholder)}
            value={choice.value}
            onChange={(e) => onChange({ value: e.target.value })}
          />
        </>
      )}
    </Option>
  );
}

const Form = styled.form`
  max-width: 40rem;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
`;

const Intro = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.9rem;
`;

const Option = styled.fieldset<{ $on: boolean }>`
  margin: 0;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3.5)} ${({ theme }) => theme.space(3.5)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme, $on }) => ($on ? theme.color.primary : theme.color.border)};
  background: ${({ theme }) => theme.color.surfaceRaised};
  /* A block, not a flex box: WebKit lays a flex fieldset's legend out as a full-width item, so the top border vanished
     and each box grew from 94 to 116 px (issue 30 item 8). The spacing comes from margins instead of gap. */
  display: block;
  min-width: 0;
  & > :not(legend) + * {
    margin-top: ${({ theme }) => theme.space(2.5)};
  }
  /* The title sits inside the box, floated: WebKit's first layout of a fieldset whose legend sits on the border left
     22 px of empty space under its content (116 px boxes where Chromium and Firefox drew 94; only a relayout mended
     it). A floated legend is laid out as a plain block on every engine (issue 52.5). */
  legend {
    float: left;
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space(2)};
    font-weight: 700;
  }
  legend + * {
    clear: both;
  }
`;

const Radios = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => theme.space(2)};
`;

const Radio = styled.label`
  position: relative;
  min-height: ${({ theme }) => theme.touch};
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.sm};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.bg};
  font-weight: 700;
  cursor: pointer;
  input {
    accent-color: ${({ theme }) => theme.color.primary};
    width: 1.1rem;
    height: 1.1rem;
    margin: 0;
  }
  &:has(input:checked) {
    border-color: ${({ theme }) => theme.color.primary};
    background: color-mix(in srgb, ${({ theme }) => theme.color.primary} 18%, transparent);
  }
  &:has(input:focus-visible) {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;
