import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import type { ItemSubmission } from '../../../domain/schemas/submissions';
import { itemSubmissionsQueryOptions } from '../api/item-submissions';
import { scheduledPickupsQueryOptions } from '../api/scheduled-pickups';
import { formatDateTime } from '../lib/format';
import { ContactDialog } from './contact-dialog';
import { SubmissionSummary } from './submission-summary';
import { Columns, ListButton, ListColumn, StateText } from './ui';

/** Denied & Paid Submissions: two columns; tapping an entry opens Submission Details & Contact. */
export function DeniedPaidView({ first = 'denied' }: { first?: 'denied' | 'paid' }) {
  const submissions = useQuery(itemSubmissionsQueryOptions());
  const pickups = useQuery(scheduledPickupsQueryOptions());
  const [contact, setContact] = useState<{ submission: ItemSubmission; missing: 'Not set' | 'Price TBD' } | null>(null);

  if (submissions.isPending || pickups.isPending) return <StateText>Loading submissions...</StateText>;
  const denied = (submissions.data ?? []).filter((submission) => submission.status === 'rejected');
  const paid = (pickups.data ?? []).filter((pickup) => pickup.paid && pickup.submission);

  const deniedColumn = (
    <section aria-labelledby="denied-heading" key="denied">
      <h3 id="denied-heading">Denied</h3>
      {denied.length === 0 ? (
        <StateText>No Rejected Submissions</StateText>
      ) : (
        <ListColumn>
          {denied.map((submission) => (
            <li key={submission.id}>
              <Entry type="button" $tone="danger" onClick={() => setContact({ submission, missing: 'Not set' })}>
                <strong>{submission.ps5Name}</strong>
                <span>× {submission.quantity}</span>
                <small>
                  {submission.submittedBy} · denied {formatDateTime(submission.rejectedAt ?? submission.createdAt)}
                </small>
              </Entry>
            </li>
          ))}
        </ListColumn>
      )}
    </section>
  );
  const paidColumn = (
    <section aria-labelledby="paid-heading" key="paid">
      <h3 id="paid-heading">Paid</h3>
      {paid.length === 0 ? (
        <StateText>No Paid Submissions</StateText>
      ) : (
        <ListColumn>
          {paid.map((pickup) => {
            const submission = pickup.submission!;
            return (
              <li key={pickup.id}>
                <Entry type="button" $tone="success" onClick={() => setContact({ submission, missing: 'Price TBD' })}>
                  <strong>{submission.ps5Name}</strong>
                  <span>× {submission.quantity}</span>
                  <small>
                    {submission.submittedBy} · paid {formatDateTime(pickup.paidAt)}
                  </small>
                </Entry>
              </li>
            );
          })}
        </ListColumn>
      )}
    </section>
  );

  return (
    <>
      <Columns>{first === 'paid' ? [paidColumn, deniedColumn] : [deniedColumn, paidColumn]}</Columns>
      <ContactDialog
        username={contact?.submission.submittedBy ?? null}
        details={contact && <SubmissionSummary submission={contact.submission} missingPrice={contact.missing} />}
        onClose={() => setContact(null)}
      />
    </>
  );
}

const Entry = styled(ListButton)<{ $tone: 'danger' | 'success' }>`
  border-left: 5px solid ${({ theme, $tone }) => theme.color[$tone]};
`;
