import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { ApiError } from '@/lib/api-client';
import type { PromiseSubjectType, Proposal } from '@/domain/schemas/deals';
import { openProposalsQueryOptions, useAnswerProposal, useRecordProposals } from '@/lib/deals-api';
import { useLingui } from '@/lib/i18n/react';
import { Trans } from '@/lib/i18n/trans';
import { proposedWhen } from '@/lib/schedule-words';

const whenOf = (p: Proposal) => proposedWhen(p);

/**
 * A new time the player proposed for this drop or pickup (issue 28): any admin accepts it (it becomes the promise) or
 * declines it (the promise stands). Shown only while one waits.
 */
export function PlayerProposal({ subjectType, subjectId }: { subjectType: PromiseSubjectType; subjectId: number }) {
  const { _ } = useLingui();
  const proposals = useQuery(openProposalsQueryOptions());
  const { byStore } = useRecordProposals(subjectType, subjectId);
  const answer = useAnswerProposal();
  const proposal = proposals.data?.find((p) => p.subjectType === subjectType && p.subjectId === subjectId && p.proposedByRole === 'player');
  // The store's own proposal waits for the player (issue 47.6: the card showed nothing pending).
  if (!proposal && byStore)
    return (
      <Box data-testid="store-proposal">
        <p>
          <Trans
            id="<0>New time proposed to the player: {when}.</0> Waiting for their answer; the current promise stands until they accept."
            values={{ when: whenOf(byStore) }}
            components={{ 0: <strong /> }}
          />
        </p>
      </Box>
    );
  if (!proposal) return null;
  const when = whenOf(proposal);
  return (
    <Box data-testid="player-proposal">
      <p>
        <Trans
          id="<0>The player proposes {when}.</0> The current promise stands until you accept."
          values={{ when }}
          components={{ 0: <strong /> }}
        />
      </p>
      <Row>
        <Button
          type="button"
          $variant="success"
          disabled={answer.isPending}
          onClick={() => answer.mutate({ id: proposal.id, answer: 'accept' })}
        >
          {_('Accept new time')}
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
      {answer.error && (
        <p role="alert">
          {answer.error instanceof ApiError ? (answer.error.serverMessage ?? answer.error.message) : _('Network error. Please try again.')}
        </p>
      )}
    </Box>
  );
}

const Box = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.accent};
  p {
    margin: 0;
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;
