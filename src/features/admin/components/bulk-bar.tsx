import styled from 'styled-components';
import { Button } from '@/components/button';
import { useLingui } from '@/lib/i18n/react';

/**
 * The selection bar of a list that can move several records of one player at once (issue 33 item 5): 'Select' to
 * start; while selecting, how many of whose are picked, the action for all of them, Cancel, and why a tap was refused.
 * It stays at the top of Admin Control's body while the cards scroll under it.
 */
export function BulkBar({
  selecting,
  count,
  player,
  action,
  refused,
  onStart,
  onCancel,
  onAction,
  hint,
}: {
  /** What to do before anything is picked: 'Tap the items of one player to mark collected'. */
  hint: string;
  selecting: boolean;
  count: number;
  player: string | null;
  /** The action's name, e.g. 'Mark Collected'. */
  action: string;
  refused: string | null;
  onStart: () => void;
  onCancel: () => void;
  onAction: () => void;
}) {
  const { _ } = useLingui();
  if (!selecting)
    return (
      <Start>
        <Button type="button" $variant="secondary" onClick={onStart}>
          {_('Select')}
        </Button>
        <small>{_("Several of one player's at once")}</small>
      </Start>
    );
  return (
    <Bar role="toolbar" aria-label={_('Selection')}>
      <Summary aria-live="polite">{count === 0 ? hint : _('{count} selected · {player}', { count, player: player ?? '' })}</Summary>
      <Buttons>
        <Button type="button" $variant="ghost" onClick={onCancel}>
          {_('Cancel')}
        </Button>
        <Button type="button" $variant="success" disabled={count === 0} onClick={onAction}>
          {count > 0 ? _('{action} ({count})', { action, count }) : action}
        </Button>
      </Buttons>
      {refused && <Refused role="alert">{refused}</Refused>}
    </Bar>
  );
}

const Start = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  small {
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

const Bar = styled.div`
  position: sticky;
  top: calc(-1 * ${({ theme }) => theme.space(2)});
  z-index: 2;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.success};
  background: ${({ theme }) => theme.color.surfaceRaised};
  box-shadow: ${({ theme }) => theme.shadow.card};
`;

const Summary = styled.strong`
  flex: 1 1 12rem;
  overflow-wrap: anywhere;
`;

const Buttons = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  margin-left: auto;
`;

const Refused = styled.p`
  flex-basis: 100%;
  margin: 0;
  color: ${({ theme }) => theme.color.dangerText};
  font-weight: 600;
`;
