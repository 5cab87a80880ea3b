import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import styled, { css } from 'styled-components';
import { Button } from '@/components/button';
import { formatDateTime } from '@/lib/format-date';
import { useCompletePurchase } from '../api/complete-purchase';
import { useMarkCollected } from '../api/mark-collected';
import { purchaseRequestsQueryOptions } from '../api/purchase-requests';
import { scheduledPickupsQueryOptions } from '../api/scheduled-pickups';
import { adminFailureText } from '../lib/alert-message';
import { countdownText, DUE_STATE_WORDS, dueNowEntries, overdueCount, type DueEntry } from '../lib/due-now';
import { useNow } from '@/lib/use-now';
import { useAdminAlert } from './admin-alert';
import { ConfirmDialog } from './confirm-dialog';
import { ActionsOrPending } from './pending-action-note';
import { ProofPhotoField } from './proof-photo-field';
import { useLingui } from '@/lib/i18n/react';

/** How many promises Due now lists before 'Show all': the next ones matter, the list stays short on a tablet. */
const FIRST = 6;
/** A promise this close (ms) is drawn amber: it is coming up. */
const SOON_MS = 60 * 60_000;

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
  const [photo, setPhoto] = useState<Blob | null>(null);
  const complete = useCompletePurchase();
  const collect = useMarkCollected();
  const alert = useAdminAlert();

  const entries = dueNowEntries(requests.data, pickups.data);
  const overdue = overdueCount(entries, now);
  const owed = entries.filter((entry) => entry.state !== 'open').length;
  const shown = all ? entries : entries.slice(0, FIRST);
  const close = () => {
    setActing(null);
    setPhoto(null);
  };

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
          {shown.map((entry) => {
            const left = entry.dueAt - now;
            const tone = entry.state !== 'open' ? 'warning' : left <= 0 ? 'danger' : left <= SOON_MS ? 'warning' : 'info';
            const label = entry.kind === 'drop' ? _('Drop #{id}', { id: entry.id }) : _('Pickup #{id}', { id: entry.id });
            return (
              <Row key={entry.key} data-testid="due-entry" data-tone={tone} data-state={entry.state}>
                {entry.state === 'open' ? (
                  <Countdown
                    $tone={tone}
                    role="timer"
                    aria-label={_('{label}: {countdown}', { label, countdown: countdownText(entry.dueAt, now) })}
                  >
                    {countdownText(entry.dueAt, now)}
                  </Countdown>
                ) : (
                  // Its promise ended (issue 47.7): no countdown, a mark saying why it is still here.
                  <Settled $tone={tone} data-testid="due-state">
                    {_(DUE_STATE_WORDS[entry.state])}
                  </Settled>
                )}
                <What>
                  <strong>
                    {label} · {entry.player}
                  </strong>
                  <span>{entry.items}</span>
                  <small>
                    {entry.state === 'open'
                      ? _('by {date}', { date: formatDateTime(new Date(entry.dueAt).toISOString()) })
                      : _('was promised for {date}', { date: formatDateTime(new Date(entry.dueAt).toISOString()) })}
                  </small>
                </What>
                <ActionsOrPending
                  type={entry.kind === 'drop' ? 'purchase-request' : 'pickup'}
                  id={entry.kind === 'drop' ? entry.id : entry.pickup.id}
                >
                  <Button type="button" $variant="success" onClick={() => setActing(entry)}>
                    {entry.kind === 'drop' ? _('Complete drop') : _('Mark collected')}
                  </Button>
                </ActionsOrPending>
              </Row>
            );
          })}
        </List>
      )}
      {entries.length > FIRST && (
        <Button type="button" $variant="ghost" onClick={() => setAll(!all)}>
          {all ? _('Show the next ones only') : _('Show all {count}', { count: entries.length })}
        </Button>
      )}
      <ConfirmDialog
        open={acting !== null}
        title={acting?.kind === 'pickup' ? _('Confirm Collection') : _('Complete Drop')}
        confirmVariant="success"
        busy={complete.isPending || collect.isPending}
        onCancel={close}
        onConfirm={() => {
          if (!acting) return;
          if (acting.kind === 'drop') {
            complete.mutate({ id: acting.id, requesterName: acting.player, photo }, { onSettled: close });
          } else {
            collect.mutate(
              { pickup: acting.pickup, photo },
              {
                onError: (error) => alert(adminFailureText(error, _('Failed to mark as collected'), _('Error marking as collected'))),
                onSettled: close,
              },
            );
          }
        }}
      >
        <p>
          {acting?.kind === 'pickup' ? _("Only select yes if you've collected") : _('Only select yes once the items were handed over.')}
        </p>
        <p>
          {acting?.kind === 'pickup'
            ? _('{item} from {player}', { item: acting.items, player: acting.player })
            : _('{item} for {player}', { item: acting?.items ?? '', player: acting?.player ?? '' })}
        </p>
        <ProofPhotoField value={photo} onChange={setPhoto} />
      </ConfirmDialog>
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

const Row = styled.li`
  display: grid;
  grid-template-columns: 7.5rem 1fr auto;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surfaceRaised};
  & > :last-child {
    min-height: 48px;
  }
  @media (max-width: 520px) {
    grid-template-columns: 1fr auto;
    & > :last-child {
      grid-column: 1 / -1;
    }
  }
`;

const Countdown = styled.span<{ $tone: 'danger' | 'warning' | 'info' }>`
  font-variant-numeric: tabular-nums;
  font-weight: 800;
  text-align: center;
  padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 2px solid ${({ theme, $tone }) => theme.color[$tone]};
  ${({ theme, $tone }) =>
    $tone === 'danger'
      ? css`
          background: ${theme.color.danger};
          color: ${theme.color.text};
        `
      : css`
          color: ${theme.color[$tone]};
        `}
`;

const Settled = styled(Countdown)`
  font-size: 0.8rem;
  font-weight: 700;
  line-height: 1.2;
`;

const What = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
  strong,
  span {
    overflow-wrap: anywhere;
  }
  small {
    color: ${({ theme }) => theme.color.textMuted};
  }
`;
