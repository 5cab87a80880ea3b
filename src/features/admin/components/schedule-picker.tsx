import styled from 'styled-components';
import { useStoreTimeZone } from '../api/store-settings';
import type { ScheduleFields } from '../lib/schedule';
import { applyShortcut, describeChoice, type Shortcut } from '../lib/store-time';

const SHORTCUTS: ReadonlyArray<{ value: Shortcut; label: string }> = [
  { value: 'today', label: 'Today' },
  { value: 'tomorrow', label: 'Tomorrow' },
  { value: 'plus-1h', label: '+1 h' },
  { value: 'plus-2h', label: '+2 h' },
  { value: 'immediately', label: 'Immediately' },
];

/**
 * Scheduling in two taps (issue 33 item 3): a shortcut, then Confirm. Above the specification's fields, which stay
 * for any other time; the chosen time is said in words with the store's time zone, in which the server reads it.
 */
export function SchedulePicker({ value, onChange }: { value: ScheduleFields; onChange: (next: ScheduleFields) => void }) {
  const timeZone = useStoreTimeZone();
  const choice = describeChoice(value, Date.now(), timeZone);
  return (
    <Wrap>
      <Shortcuts role="group" aria-label="Quick times">
        {SHORTCUTS.map((shortcut) => (
          <button key={shortcut.value} type="button" onClick={() => onChange(applyShortcut(shortcut.value, value, Date.now(), timeZone))}>
            {shortcut.label}
          </button>
        ))}
      </Shortcuts>
      <Choice data-testid="schedule-choice">
        <strong>{choice ?? 'Choose a time'}</strong>
        <span>Store time · {timeZone.replace(/_/g, ' ')}</span>
      </Choice>
    </Wrap>
  );
}

const Wrap = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
`;

const Shortcuts = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  button {
    flex: 1 1 auto;
    min-height: 48px;
    padding: 0 ${({ theme }) => theme.space(3)};
    white-space: nowrap;
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.color.border};
    background: ${({ theme }) => theme.color.surfaceRaised};
    color: ${({ theme }) => theme.color.text};
    font: inherit;
    font-weight: 700;
    cursor: pointer;
  }
`;

const Choice = styled.p`
  margin: 0;
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  strong {
    font-size: 1.15rem;
  }
  span {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.85rem;
  }
`;
