import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { useLingui } from '@/lib/i18n/react';
import { useNow } from '@/lib/use-now';
import { purchaseRequestsQueryOptions } from '../api/purchase-requests';
import { scheduledPickupsQueryOptions } from '../api/scheduled-pickups';
import { dueNowEntries, overdueCount, type DueEntry } from '../lib/due-now';
import { DueActionDialog } from './due-action-dialog';
import { DueRow } from './due-now-row';

/** How many promises Due now lists before 'Show all': the next ones matter, the list stays short on a tablet. */
const FIRST = 6;

/**
 * Due now (issue 33 item 1): at the top of Admin Control, every open promise by its deadline — overdue first — with a
 * live countdown, the player, the items and the next action (Complete drop / Mark collected) as one button.
 */
export function DueNow() {
  const { _ } = useLingui();
  const requests = useQuery(purchaseRequestsQueryOptions());
  const pickups = useQuery(scheduledPickupsQueryOptions());
  const now = useNow();
  const [all, setAll] = useState(false);
  const [acting, setActing] = useState<DueEntry | null>(null);

  const entries = dueNowEntries(requests.data, pickups.data);
  const overdue = overdueCount(entries, now);
  const owed = entries.filter((entry) => entry.state !== 'open').length;
  const shown = all ? entries : entries.slice(0, FIRST);

  return (
    <Section aria-labelledby="due-now-title">
      <Header>
        <h3 id="due-now-title">{_('Due now')}</h3>
        <Summary data-testid="due-now-summary">
          {entries.length === 0
            ? _('Nothing promised')
            : entries.length > owed
              ? _('{count} open', { count: entries.length - owed })
              : null}
          {overdue > 0 && <Overdue>{_('{count} overdue', { count: overdue })}</Overdue>}
          {owed > 0 && <span>{_('{count} still owed', { count: owed })}</span>}
        </Summary>
      </Header>
      {entries.length > 0 && (
        <List aria-label={_('Due now')}>
          {shown.map((entry) => (
            <DueRow key={entry.key} entry={entry} now={now} onAct={setActing} />
          ))}
        </List>
      )}
      {entries.length > FIRST && (
        <Button type="button" $variant="ghost" onClick={() => setAll(!all)}>
          {all ? _('Show the next ones only') : _('Show all {count}', { count: entries.length })}
        </Button>
      )}
      <DueActionDialog acting={acting} onClose={() => setActing(null)} />
    </Section>
  );
}

const Section = styled.section`
  grid-column: 1 / -1;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
`;

const Header = styled.div`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  h3 {
    font-size: 0.95rem;
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

const Summary = styled.p`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  align-items: center;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.9rem;
`;

const Overdue = styled.span`
  color: ${({ theme }) => theme.color.dangerText};
  font-weight: 700;
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
`;
