import { useLingui } from '@/lib/i18n/react';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { Button } from '@/components/button';
import type { Proposal, PromiseSubjectType } from '@/domain/schemas/deals';
import { ApiError } from '@/lib/api-client';
import { openProposalsQueryOptions, useAnswerProposal, useRecordProposals } from '@/lib/deals-api';
import { ProposeTime } from './propose-time';
import { StatusBox } from './request-card';
import { i18n } from '@/lib/i18n/i18n';
import { proposedWhen } from '@/lib/schedule-words';

const whenOf = (proposal: Proposal) => proposedWhen(proposal);

/** One proposed time with its one-tap answers; `label` names the record ("Request #7") where the card does not. */
export function ProposalAnswer({ proposal, label }: { proposal: Proposal; label?: string }) {
  const { _ } = useLingui();
  const answer = useAnswerProposal();
  const noun = proposal.subjectType === 'purchase-request' ? 'drop' : 'pickup';
  const failure =
    answer.error instanceof ApiError
      ? (answer.error.serverMessage ?? answer.error.message)
      : answer.error
        ? _('Network error. Please try again.')
        : null;
  return (
    <StatusBox
      $tone="accent"
      data-testid="proposal"
      aria-label={noun === 'drop' ? _('New drop time proposed') : _('New pickup time proposed')}
    >
      <p>
        <strong>
          {noun === 'drop'
            ? label
              ? _('{label}: new drop time proposed — {when}', { label, when: whenOf(proposal) })
              : _('New drop time proposed — {when}', { when: whenOf(proposal) })
            : label
              ? _('{label}: new pickup time proposed — {when}', { label, when: whenOf(proposal) })
              : _('New pickup time proposed — {when}', { when: whenOf(proposal) })}
        </strong>
      </p>
      <p>{_('Your current promised time stands until you accept.')}</p>
      <Row>
        <Button
          type="button"
          $variant="success"
          disabled={answer.isPending}
          onClick={() => answer.mutate({ id: proposal.id, answer: 'accept' })}
        >
          {_('Accept')}
        </Button>
        <Button
          type="button"
          $variant="secondary"
          disabled={answer.isPending}
          onClick={() => answer.mutate({ id: proposal.id, answer: 'decline' })}
        >
          {_('Decline')}
        </Button>
      </Row>
      {failure && <p role="alert">{_(failure)}</p>}
    </StatusBox>
  );
}

/** What a row says while a proposed time waits (issue 47.6): the store's for the player's answer, or hers for the store's. */
export function pendingProposalText(proposals: ReturnType<typeof useRecordProposals>): string | null {
  if (proposals.byStore) return i18n._('New time proposed — open to answer');
  if (proposals.byPlayer) return i18n._('You asked for another time — waiting for the store');
  return null;
}

/**
 * In the card: the store's proposed time, with its answers; else the player's own proposal while it waits for the
 * store (issue 47.6: it showed nothing); else "Ask for another time".
 */
export function CardProposal({ subjectType, subjectId }: { subjectType: PromiseSubjectType; subjectId: number }) {
  const { _ } = useLingui();
  const { loaded, byStore, byPlayer } = useRecordProposals(subjectType, subjectId);
  if (byStore) return <ProposalAnswer proposal={byStore} />;
  if (byPlayer) {
    const noun = subjectType === 'purchase-request' ? 'drop' : 'pickup';
    return (
      <StatusBox $tone="info" data-testid="own-proposal" aria-label={`Your proposed ${noun} time`}>
        <p>
          <strong>{_('You asked for {when} — waiting for the store’s answer.', { when: whenOf(byPlayer) })}</strong>
        </p>
        <p>{_('The time already promised stands until the store accepts.')}</p>
      </StatusBox>
    );
  }
  // No time waits on either side: the player may ask for another one.
  return loaded ? <ProposeTime subjectType={subjectType} subjectId={subjectId} /> : null;
}

/** At the top of Account: every proposed time waiting for the player. */
export function ProposalsWaiting() {
  const { _ } = useLingui();
  const proposals = useQuery(openProposalsQueryOptions());
  if (!proposals.data?.length) return null;
  return (
    <Waiting aria-label={_('Proposed times waiting for you')}>
      {proposals.data.map((proposal) => (
        <ProposalAnswer
          key={proposal.id}
          proposal={proposal}
          label={proposal.subjectType === 'purchase-request' ? `Request #${proposal.subjectId}` : `Pickup #${proposal.subjectId}`}
        />
      ))}
    </Waiting>
  );
}

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(2)};
`;

const Waiting = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(4)};
`;
