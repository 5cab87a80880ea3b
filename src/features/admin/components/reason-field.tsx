import { useId } from 'react';
import styled from 'styled-components';
import { useLingui } from '@/lib/i18n/react';

export const REASON_MAX = 300;

/** An optional reason the player will read (rejecting a request, denying a submission). */
export function ReasonField({ value, onChange, label }: { value: string; onChange: (value: string) => void; label?: string }) {
  const { _ } = useLingui();
  const id = useId();
  return (
    <Wrap>
      <label htmlFor={id}>{label ?? _('Reason (optional, the player sees it)')}</label>
      <textarea
        id={id}
        rows={2}
        maxLength={REASON_MAX}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={`${id}-count`}
      />
      <small id={`${id}-count`}>
        {value.trim().length}/{REASON_MAX}
      </small>
    </Wrap>
  );
}

/** The reason to send: trimmed, or left out when empty. */
export const reasonBody = (value: string): { rejectionReason?: string } => (value.trim() ? { rejectionReason: value.trim() } : {});

const Wrap = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  margin-top: ${({ theme }) => theme.space(3)};
  label {
    font-weight: 600;
  }
  textarea {
    width: 100%;
    padding: ${({ theme }) => theme.space(2)};
    border-radius: ${({ theme }) => theme.radius.sm};
    border: 1px solid ${({ theme }) => theme.color.border};
    background: ${({ theme }) => theme.color.bg};
    color: ${({ theme }) => theme.color.text};
    font: inherit;
    resize: vertical;
  }
  small {
    justify-self: end;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;
