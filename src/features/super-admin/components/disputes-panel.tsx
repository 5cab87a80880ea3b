import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { HistoryTimeline } from '@/components/history-timeline';
import { displayCents } from '@/lib/i18n/intl';
import { useLingui } from '@/lib/i18n/react';
import type { Dispute } from '@/domain/schemas/deals';
import { formatDateTime } from '@/lib/format-date';
import { disputesQueryOptions } from '../api/disputes';
import { DisputeDecision } from './dispute-decision';
import { Muted } from './muted';

/** Where a dispute's conversation goes once conversations exist (issue 28 item 1): the route passes it in. */
export type DisputeConversationSlot = (dispute: Dispute) => ReactNode;

/**
 * The super admin's disputes of a no-show (issue 28): the player's reason, the promise and who recorded the no-show,
 * the record's history (and its conversation, through `conversation`), and Uphold (grants the 25% once) or Dismiss
 * (with the reason, which the player reads).
 */
export function DisputesPanel({ conversation }: { conversation?: DisputeConversationSlot }) {
  const { _ } = useLingui();
  const disputes = useQuery(disputesQueryOptions());
  if (disputes.isPending) return <Muted>{_('Loading disputes…')}</Muted>;
  if (!disputes.data) return <Muted role="alert">{_("The disputes couldn't be loaded.")}</Muted>;
  if (disputes.data.length === 0) return <Muted>{_('No disputes.')}</Muted>;
  const open = disputes.data.filter((d) => d.status === 'open');
  const decided = disputes.data.filter((d) => d.status !== 'open');
  return (
    <List aria-label={_('Disputes')}>
      {[...open, ...decided].map((dispute) => (
        <DisputeCard key={dispute.id} dispute={dispute} conversation={conversation} />
      ))}
    </List>
  );
}

/** One dispute: what and who, the player's reason, the record's history, then its decision (or the one taken). */
function DisputeCard({ dispute, conversation }: { dispute: Dispute; conversation?: DisputeConversationSlot }) {
  const { _ } = useLingui();
  const drop = dispute.subjectType === 'purchase-request';
  const what = drop ? _('Drop · request #{id}', { id: dispute.subjectId }) : _('Pickup #{id}', { id: dispute.subjectId });
  const credit = displayCents(dispute.credit);
  const decided = { name: dispute.decidedBy, when: formatDateTime(dispute.decidedAt), note: dispute.decisionNote };
  return (
    <Card aria-label={_('Dispute {id}: {what}', { id: dispute.id, what })} data-testid="dispute" data-status={dispute.status}>
      <Head>
        <strong>{what}</strong>
        <Status data-status={dispute.status}>
          {dispute.status === 'open' ? _('Open') : dispute.status === 'upheld' ? _('Upheld') : _('Dismissed')}
        </Status>
      </Head>
      <Facts>
        <dt>{_('Player')}</dt>
        <dd>{dispute.username}</dd>
        <dt>{_('Promised')}</dt>
        <dd>{formatDateTime(dispute.promisedAt)}</dd>
        <dt>{_('No-show')}</dt>
        <dd>{_('{name}, {when}', { name: dispute.noShowBy ?? '—', when: formatDateTime(dispute.noShowAt) })}</dd>
        <dt>{_('At stake')}</dt>
        <dd>{_('{amount} (25%)', { amount: credit })}</dd>
      </Facts>
      <Reason>{_('“{text}”', { text: dispute.reason })}</Reason>
      {/* The conversation of this deal goes here once it exists (issue 28 item 1; the integrator passes it in). */}
      {conversation?.(dispute)}
      <HistoryTimeline subject={dispute.subjectType} id={dispute.subjectId} />
      {dispute.status === 'open' ? (
        <DisputeDecision dispute={dispute} credit={credit} />
      ) : (
        <Muted>
          {dispute.status === 'upheld'
            ? decided.note
              ? _('Upheld by {name} on {when}: {note}', decided)
              : _('Upheld by {name} on {when}.', decided)
            : decided.note
              ? _('Dismissed by {name} on {when}: {note}', decided)
              : _('Dismissed by {name} on {when}.', decided)}
        </Muted>
      )}
    </Card>
  );
}

const List = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
`;

const Card = styled.article`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surfaceRaised};
  min-width: 0;
`;

const Head = styled.div`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
`;

const Status = styled.span`
  font-weight: 700;
  color: ${({ theme }) => theme.color.warning};
  &[data-status='upheld'] {
    color: ${({ theme }) => theme.color.success};
  }
  &[data-status='dismissed'] {
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  margin: 0;
  font-size: 0.9rem;
  dt {
    color: ${({ theme }) => theme.color.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Reason = styled.blockquote`
  margin: 0;
  padding-left: ${({ theme }) => theme.space(3)};
  border-left: 3px solid ${({ theme }) => theme.color.accent};
  overflow-wrap: anywhere;
`;
