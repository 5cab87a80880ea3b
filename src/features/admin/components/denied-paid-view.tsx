import { Conversation } from '@/components/conversation/conversation';
import { useQuery } from '@tanstack/react-query';
import { useListFrame } from '@/components/query-frame';
import { SearchBox } from '@/components/search-box';
import { matchesSearch, submissionFields } from '../lib/find';
import { useState } from 'react';
import styled from 'styled-components';
import type { ScheduledPickup } from '@/domain/schemas/pickups';
import type { ItemSubmission } from '@/domain/schemas/submissions';
import { itemSubmissionsQueryOptions } from '../api/item-submissions';
import { scheduledPickupsQueryOptions } from '../api/scheduled-pickups';
import { formatDateTime } from '@/lib/format-date';
import { ContactDialog } from './contact-dialog';
import { HandoverProof } from './handover-proof';
import { useShowMore } from './show-more';
import { SubmissionSummary } from './submission-summary';
import { Columns, ListButton, ListColumn } from './admin-layout';
import { StateText } from './state-text';

interface Entry {
  key: number;
  submission: ItemSubmission;
  /** A paid entry's pickup: its details show the pickup's status, dates and agreed price. */
  pickup: ScheduledPickup | null;
  when: string;
}

type Missing = 'Not set' | 'Price TBD';

/** Denied & Paid Submissions: two columns; tapping an entry opens Submission Details & Contact. */
export function DeniedPaidView({ first = 'denied', initialQuery = '' }: { first?: 'denied' | 'paid'; initialQuery?: string }) {
  const submissions = useQuery(itemSubmissionsQueryOptions());
  const pickups = useQuery(scheduledPickupsQueryOptions());
  const [contact, setContact] = useState<{ entry: Entry; missing: Missing } | null>(null);
  const [query, setQuery] = useState(initialQuery);

  const frame = useListFrame(
    [submissions, pickups],
    [itemSubmissionsQueryOptions().queryKey, scheduledPickupsQueryOptions().queryKey],
    <StateText>Loading submissions...</StateText>,
  );
  if (frame.blocking) return frame.blocking;
  const denied: Entry[] = (submissions.data ?? [])
    .filter((submission) => submission.status === 'rejected' && matchesSearch(query, submissionFields(submission)))
    .map((submission) => ({
      key: submission.id,
      submission,
      pickup: null,
      when: `denied ${formatDateTime(submission.rejectedAt ?? submission.createdAt)}`,
    }));
  const paid: Entry[] = (pickups.data ?? []).flatMap((pickup) =>
    pickup.paid && pickup.submission && matchesSearch(query, submissionFields(pickup.submission))
      ? [{ key: pickup.id, submission: pickup.submission, pickup, when: `paid ${formatDateTime(pickup.paidAt)}` }]
      : [],
  );

  const columns = [
    <Column
      key="denied"
      title="Denied"
      tone="danger"
      empty="No Rejected Submissions"
      entries={denied}
      onOpen={(entry) => setContact({ entry, missing: 'Not set' })}
    />,
    <Column
      key="paid"
      title="Paid"
      tone="success"
      empty="No Paid Submissions"
      entries={paid}
      onOpen={(entry) => setContact({ entry, missing: 'Price TBD' })}
    />,
  ];

  return (
    <>
      {frame.note}
      <SearchBox value={query} onChange={setQuery} label="Search by player or item" />
      <Columns>{first === 'paid' ? columns.reverse() : columns}</Columns>
      <ContactDialog
        username={contact?.entry.submission.submittedBy ?? null}
        details={
          contact && (
            <>
              <SubmissionSummary submission={contact.entry.submission} pickup={contact.entry.pickup} missingPrice={contact.missing} />
              {contact.entry.pickup && <HandoverProof pickup={contact.entry.pickup} />}
              <Conversation subject="submission" id={contact.entry.submission.id} pickupId={contact.entry.pickup?.id} asAdmin />
            </>
          )
        }
        onClose={() => setContact(null)}
      />
    </>
  );
}

function Column({
  title,
  tone,
  empty,
  entries,
  onOpen,
}: {
  title: string;
  tone: 'danger' | 'success';
  empty: string;
  entries: readonly Entry[];
  onOpen: (entry: Entry) => void;
}) {
  const { visible, more } = useShowMore(entries);
  const headingId = `${title.toLowerCase()}-heading`;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      {entries.length === 0 ? (
        <StateText>{empty}</StateText>
      ) : (
        <>
          <ListColumn>
            {visible.map((entry) => {
              const { key, submission, when } = entry;
              return (
                <li key={key}>
                  <EntryButton type="button" $tone={tone} onClick={() => onOpen(entry)}>
                    <strong>{submission.ps5Name}</strong>
                    <span>× {submission.quantity}</span>
                    <small>
                      {submission.submittedBy} · {when}
                    </small>
                  </EntryButton>
                </li>
              );
            })}
          </ListColumn>
          {more}
        </>
      )}
    </section>
  );
}

const EntryButton = styled(ListButton)<{ $tone: 'danger' | 'success' }>`
  border-left: 5px solid ${({ theme, $tone }) => theme.color[$tone]};
`;
