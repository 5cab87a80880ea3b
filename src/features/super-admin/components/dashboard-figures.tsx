import styled from 'styled-components';
import { fromTablet } from '@/components/theme';
import { displayCount, displayCents } from '@/lib/i18n/intl';
import { useLingui } from '@/lib/i18n/react';
import type { Dashboard } from '@/domain/schemas/business';
import { percentText } from './stats-panel';

/** Each tally of a state counted for a text ('{pending} pending · …'): the same keys, their numbers as the language writes them. */
const counted = (tally: Record<string, number>) => Object.fromEntries(Object.entries(tally).map(([state, n]) => [state, displayCount(n)]));

/** The money of one period: requested, completed, paid out, credit granted and outstanding, promises kept. */
export function MoneyFigures({ data, money }: { data: Dashboard; money: Dashboard['money']['today'] }) {
  const { _ } = useLingui();
  return (
    <Figures aria-label={_('Money')} data-testid="money">
      <Figure label={_('Requested')} value={displayCents(money.requested)} />
      <Figure label={_('Completed')} value={displayCents(money.completed)} />
      <Figure label={_('Paid out to sellers')} value={displayCents(money.paidOut)} />
      <Figure label={_('Credits granted')} value={displayCents(money.creditsGranted)} />
      <Figure label={_('Credit outstanding')} value={displayCents(data.creditOutstanding)} detail={_('Held by players now')} />
      {money.promisesKeptPercent === null ? (
        <Figure
          label={_('Promises kept')}
          value={_('None closed')}
          detail={
            // Credit with no promise closed comes from no-shows disputed and upheld (the promise stays a no-show).
            money.creditsGranted > 0
              ? _('No promise closed in this period; the credit granted is for upheld no-show disputes')
              : _('No promise closed in this period')
          }
        />
      ) : (
        <Figure label={_('Promises kept')} value={percentText(money.promisesKeptPercent)} />
      )}
    </Figures>
  );
}

/** How many users, requests, submissions and pickups there are, and how many of each are in each state. */
export function CountFigures({ counts }: { counts: Dashboard['counts'] }) {
  const { _ } = useLingui();
  const { purchaseRequests: requests, submissions, pickups } = counts;
  return (
    <Figures aria-label={_('Counts')} data-testid="counts">
      <Figure
        label={_('Users')}
        value={displayCount(counts.users)}
        detail={_('{count, plural, one {# admin} other {# admins}}', { count: counts.admins })}
      />
      <Figure
        label={_('Purchase requests')}
        value={displayCount(requests.total)}
        detail={_(
          '{pending} pending · {approved} approved · {completed} completed · {rejected} rejected · {cancelled} cancelled',
          counted(requests),
        )}
      />
      <Figure
        label={_('Submissions')}
        value={displayCount(submissions.total)}
        detail={_('{pending} pending · {scheduled} scheduled · {rejected} denied · {cancelled} cancelled', counted(submissions))}
      />
      <Figure
        label={_('Pickups')}
        value={displayCount(pickups.total)}
        detail={_('{scheduled} to collect · {collected} collected · {paid} paid', counted(pickups))}
      />
    </Figures>
  );
}

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <li aria-label={label}>
      <strong>{value}</strong>
      <span>{label}</span>
      {detail && <small>{detail}</small>}
    </li>
  );
}

const Figures = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  grid-template-columns: repeat(2, minmax(0, 1fr));
  ${fromTablet} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
  li {
    display: flex;
    flex-direction: column;
    gap: 2px;
    padding: ${({ theme }) => theme.space(3)};
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.color.border};
    background: ${({ theme }) => theme.color.surfaceRaised};
    min-width: 0;
    /* A figure fits its tile: 'US$ 27,99' (Portuguese) is longer than '$27.99', and a word is never cut. */
    container-type: inline-size;
  }
  strong {
    font-size: clamp(1.05rem, 13cqi, 1.5rem);
    font-variant-numeric: tabular-nums;
    overflow-wrap: normal;
  }
  span {
    font-weight: 600;
  }
  small {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.85rem;
    overflow-wrap: anywhere;
  }
`;
