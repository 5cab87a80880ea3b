import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { Button } from '@/components/button';
import type { Proposal, PromiseSubjectType } from '@/domain/schemas/deals';
import { ApiError } from '@/lib/api-client';
import { openProposalsQueryOptions, useAnswerProposal, useRecordProposals } from '@/lib/deals-api';
import { ProposeTime } from './propose-time';
import { StatusBox } from './request-card';

const whenOf = (proposal: Proposal) => (proposal.isImmediate ? 'right away' : `${proposal.scheduledDate} at ${proposal.scheduledTime}`);

/** One proposed time with its one-tap answers; `label` names the record ("Request #7") where the card does not. */
export function ProposalAnswer({ proposal, label }: { proposal: Proposal; label?: string }) {
  const answer = useAnswerProposal();
  const noun = proposal.subjectType === 'purchase-request' ? 'drop' : 'pickup';
  const failure =
    answer.error instanceof ApiError
      ? (answer.error.serverMessage ?? answer.error.message)
      : answer.error
        ? 'Network error. Please try again.'
        : null;
  return (
    <StatusBox $tone="accent" data-testid="proposal" aria-label={`New ${noun} time proposed`}>
      <p>
        <strong>
          {label ? `${label}: new` : 'New'} {noun} time proposed — {whenOf(proposal)}
        </strong>
      </p>
      <p>Your current promised time stands until you accept.</p>
      <Row>
        <Button
          type="button"
          $variant="success"
          disabled={answer.isPending}
          onClick={() => answer.mutate({ id: proposal.id, answer: 'accept' })}
        >
          Accept
        </Button>
        <Button
          type="button"
          $variant="secondary"
          disabled={answer.isPending}
          onClick={() => answer.mutate({ id: proposal.id, answer: 'decline' })}
        >
          Decline
        </Button>
      </Row>
      {failure && <p role="alert">{failure}</p>}
    </StatusBox>
  );
}

/** What a row says while a proposed time waits (issue 47.6): the store's for the player's answer, or hers for the store's. */
export function pendingProposalText(proposals: ReturnType<typeof useRecordProposals>): string | null {
  if (proposals.byStore) return 'New time proposed — open to answer';
  if (proposals.byPlayer) return 'You asked for another time — waiting for the store';
  return null;
}

/**
 * In the card: the store's proposed time, with its answers; else the player's own proposal while it waits for the
 * store (issue 47.6: it showed nothing); else "Ask for another time".
 */
export function CardProposal({ subjectType, subjectId }: { subjectType: PromiseSubjectType; subjectId: number }) {
  const { loaded, byStore, byPlayer } = useRecordProposals(subjectType, subjectId);
  if (byStore) return <ProposalAnswer proposal={byStore} />;
  if (byPlayer) {
    const noun = subjectType === 'purchase-request' ? 'drop' : 'pickup';
    return (
      <StatusBox $tone="info" data-testid="own-proposal" aria-label={`Your proposed ${noun} time`}>
        <p>
          <strong>You asked for {whenOf(byPlayer)} — waiting for the store’s answer.</strong>
        </p>
        <p>The time already promised stands until the store accepts.</p>
      </StatusBox>
    );
  }
  // No time waits on either side: the player may ask for another one.
  return loaded ? <ProposeTime subjectType={subjectType} subjectId={subjectId} /> : null;
}

/** At the top of Account: every proposed time waiting for the player. */
export function ProposalsWaiting() {
  const proposals = useQuery(openProposalsQueryOptions());
  if (!proposals.data?.length) return null;
  return (
    <Waiting aria-label="Proposed times waiting for you">
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
