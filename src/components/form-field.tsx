import { useLingui } from '@/lib/i18n/react';
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import styled from 'styled-components';

/** A text input at least 44px tall, styled for the dark theme. */
export const TextInput = styled.input`
  width: 100%;
  min-height: ${({ theme }) => theme.touch};
  padding: ${({ theme }) => theme.space(2.5)} ${({ theme }) => theme.space(3.5)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.bg};
  color: ${({ theme }) => theme.color.text};
  font-size: 1rem;
  transition:
    border-color 0.15s ease,
    box-shadow 0.15s ease;
  &::placeholder {
    color: ${({ theme }) => theme.color.textMuted};
    opacity: 0.75;
  }
  &:focus {
    outline: none;
    border-color: ${({ theme }) => theme.color.primary};
    box-shadow: 0 0 0 3px rgba(91, 124, 250, 0.3);
  }
  &[readonly] {
    background: ${({ theme }) => theme.color.surfaceRaised};
    color: ${({ theme }) => theme.color.textMuted};
  }
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.color.danger};
  }
`;

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  label: ReactNode;
  /** Small text under the input. */
  hint?: ReactNode;
}

/** A labelled text input. */
export function Field({ label, hint, id, ...input }: FieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = `${inputId}-hint`;
  return (
    <FieldWrap>
      <Label htmlFor={inputId}>{label}</Label>
      <TextInput id={inputId} aria-describedby={hint ? hintId : undefined} {...input} />
      {hint && <Hint id={hintId}>{hint}</Hint>}
    </FieldWrap>
  );
}

/** A labelled password input with a Show/Hide toggle, as on the signup, login and password forms. */
export function PasswordField({ label, hint, id, ...input }: Omit<FieldProps, 'type'>) {
  const { _ } = useLingui();
  const autoId = useId();
  const inputId = id ?? autoId;
  const [visible, setVisible] = useState(false);
  return (
    <FieldWrap>
      <Label htmlFor={inputId}>{label}</Label>
      <PasswordWrap>
        <TextInput id={inputId} type={visible ? 'text' : 'password'} autoCapitalize="none" spellCheck={false} {...input} />
        <Toggle
          type="button"
          aria-pressed={visible}
          aria-controls={inputId}
          aria-label={
            visible
              ? `Hide ${typeof label === 'string' ? label.toLowerCase() : 'password'}`
              : `Show ${typeof label === 'string' ? label.toLowerCase() : 'password'}`
          }
          onClick={() => setVisible((value) => !value)}
        >
          {visible ? _('Hide') : _('Show')}
        </Toggle>
      </PasswordWrap>
      {hint && <Hint>{hint}</Hint>}
    </FieldWrap>
  );
}

export const FieldWrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1.5)};
`;

export const Label = styled.label`
  font-size: 0.9rem;
  font-weight: 600;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Hint = styled.small`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.8rem;
`;

const PasswordWrap = styled.div`
  position: relative;
  ${TextInput} {
    padding-right: 4.75rem;
  }
`;

const Toggle = styled.button`
  position: absolute;
  top: 50%;
  right: 4px;
  transform: translateY(-50%);
  min-width: ${({ theme }) => theme.touch};
  min-height: 36px;
  padding: 0 ${({ theme }) => theme.space(3)};
  border: none;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.surfaceRaised};
  color: ${({ theme }) => theme.color.text};
  font-size: 0.85rem;
  font-weight: 600;
`;
