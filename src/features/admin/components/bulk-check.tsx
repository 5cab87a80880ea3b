import { useId } from 'react';
import styled from 'styled-components';
import { useLingui } from '@/lib/i18n/react';

/** A record's checkbox in select mode: a whole-width, 48 px tall target that names what it selects. */
export function BulkCheck({
  checked,
  name,
  other,
  onToggle,
}: {
  checked: boolean;
  /** What it selects, for screen readers: "AK-47 from alice". */
  name: string;
  /** Another player's record while one player's are selected: still tappable, to say why it cannot join. */
  other: boolean;
  onToggle: () => void;
}) {
  const { _ } = useLingui();
  const id = useId();
  return (
    <Check htmlFor={id} $checked={checked} $other={other}>
      <input id={id} type="checkbox" checked={checked} onChange={onToggle} aria-label={_('Select {name}', { name })} />
      <span aria-hidden>{checked ? _('Selected') : other ? _("Another player's") : _('Select')}</span>
    </Check>
  );
}

const Check = styled.label<{ $checked: boolean; $other: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  min-height: 48px;
  padding: 0 ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 2px solid ${({ theme, $checked }) => ($checked ? theme.color.success : theme.color.border)};
  background: ${({ theme }) => theme.color.surface};
  font-weight: 600;
  cursor: pointer;
  opacity: ${({ $other }) => ($other ? 0.6 : 1)};
  input {
    width: 22px;
    height: 22px;
    accent-color: ${({ theme }) => theme.color.success};
  }
`;
