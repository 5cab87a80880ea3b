import { Conversation } from '@/components/conversation/conversation';
import { useQuery } from '@tanstack/react-query';
import { useListFrame } from '@/components/query-frame';
import { SearchBox } from '@/components/search-box';
import { createSearchIndex, searchIndexed } from '../lib/search-index';
import { memo, startTransition, useCallback, useDeferredValue, useLayoutEffect, useMemo, useRef, useState, type Ref } from 'react';
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
import { i18n } from '@/lib/i18n/i18n';
import { useLingui } from '@/lib/i18n/react';

interface Entry {
  key: number;
  submission: ItemSubmission;
  /** A paid entry's pickup: its details show the pickup's status, dates and agreed price. */
  pickup: ScheduledPickup | null;
  /** What happened and when ('denied …', 'paid …'): formatted only for the entries drawn. */
  when: () => string;
}

type Missing = 'Not set' | 'Price TBD';

const deniedEntry = (submission: ItemSubmission): Entry => ({
  key: submission.id,
  submission,
  pickup: null,
  when: () => i18n._('denied {date}', { date: formatDateTime(submission.rejectedAt ?? submission.createdAt) }),
});
const paidEntry = (pickup: ScheduledPickup, submission: ItemSubmission): Entry => ({
  key: pickup.id,
  submission,
  pickup,
  when: () => i18n._('paid {date}', { date: formatDateTime(pickup.paidAt) }),
});

/** A column's entries, searched over the precomputed index of their submissions (the number, seller and item). */
const indexEntries = createSearchIndex<Entry>(
  (entry) => entry.submission.id,
  (entry) => [`#${entry.submission.id}`, entry.submission.submittedBy, entry.submission.ps5Name, entry.submission.robloxName],
  (entry) => entry.submission.submittedBy,
);

/** Denied & Paid Submissions: two columns; tapping an entry opens Submission Details & Contact. */
export function DeniedPaidView({ first = 'denied', initialQuery = '' }: { first?: 'denied' | 'paid'; initialQuery?: string }) {
  const { _ } = useLingui();
  const submissions = useQuery(itemSubmissionsQueryOptions());
  const pickups = useQuery(scheduledPickupsQueryOptions());
  const [query, setQuery] = useState(initialQuery);
  // Issue 33 item 6: with 10,000 entries in each column a letter typed paints at once (only the box draws again);
  // the columns follow from the precomputed index, for the deferred query.
  const deferredQuery = useDeferredValue(query);
  const submissionData = submissions.data;
  const pickupData = pickups.data;
  const deniedIndex = useMemo(
    () => indexEntries((submissionData ?? []).filter((submission) => submission.status === 'rejected').map(deniedEntry)),
    [submissionData],
  );
  const paidIndex = useMemo(
    () =>
      indexEntries(
        (pickupData ?? []).flatMap((pickup) => (pickup.paid && pickup.submission ? [paidEntry(pickup, pickup.submission)] : [])),
      ),
    [pickupData],
  );
  const denied = useMemo(() => searchIndexed(deniedIndex, deferredQuery), [deniedIndex, deferredQuery]);
  const paid = useMemo(() => searchIndexed(paidIndex, deferredQuery), [paidIndex, deferredQuery]);

  const frame = useListFrame(
    [submissions, pickups],
    [itemSubmissionsQueryOptions().queryKey, scheduledPickupsQueryOptions().queryKey],
    <StateText>{_('Loading submissions...')}</StateText>,
  );
  if (frame.blocking) return frame.blocking;

  return (
    <>
      {frame.note}
      <SearchBox value={query} onChange={setQuery} label={_('Search by player or item')} />
      <DeniedPaidBody denied={denied} paid={paid} first={first} />
    </>
  );
}

/** The two columns and the details dialog, for the deferred query. */
const DeniedPaidBody = memo(function DeniedPaidBody({
  denied,
  paid,
  first,
}: {
  denied: readonly Entry[];
  paid: readonly Entry[];
  first: 'denied' | 'paid';
}) {
  const { _ } = useLingui();
  const [contact, setContact] = useState<{ entry: Entry; missing: Missing } | null>(null);
  // The same functions at every render: a tap that opens the details dialog does not draw the columns again. The
  // dialog opens in a transition, after the tap's own frame (as in closed-requests-view.tsx).
  const openDenied = useCallback((entry: Entry) => startTransition(() => setContact({ entry, missing: 'Not set' })), []);
  const openPaid = useCallback((entry: Entry) => startTransition(() => setContact({ entry, missing: 'Price TBD' })), []);
  // Always Denied, then Paid, as the Admin Control tile and the specification read ("Denied/Paid"): putting the tapped
  // side first showed Paid | Denied beside a Denied | Paid tile (issue 52.5). Opened from Paid, that column is
  // brought into view instead (below the Denied list on a phone).
  const paidColumn = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    if (first === 'paid') paidColumn.current?.scrollIntoView?.({ block: 'start' });
  }, [first]);

  return (
    <>
      <Columns>
        <Column side="denied" title={_('Denied')} tone="danger" empty={_('No Rejected Submissions')} entries={denied} onOpen={openDenied} />
        <Column
          ref={paidColumn}
          side="paid"
          title={_('Paid')}
          tone="success"
          empty={_('No Paid Submissions')}
          entries={paid}
          onOpen={openPaid}
        />
      </Columns>
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
});

const Column = memo(function Column({
  ref,
  side,
  title,
  tone,
  empty,
  entries,
  onOpen,
}: {
  ref?: Ref<HTMLElement>;
  /** Which column: its heading's id. */
  side: 'denied' | 'paid';
  title: string;
  tone: 'danger' | 'success';
  empty: string;
  entries: readonly Entry[];
  onOpen: (entry: Entry) => void;
}) {
  const { _ } = useLingui();
  const { visible, more } = useShowMore(entries);
  const headingId = `${side}-heading`;
  return (
    <section ref={ref} aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      {entries.length === 0 ? (
        <StateText>{empty}</StateText>
      ) : (
        <>
          <ListColumn aria-label={tone === 'danger' ? _('Denied submissions') : _('Paid submissions')}>
            {visible.map((entry) => {
              const { key, submission, when } = entry;
              return (
                <li key={key}>
                  <EntryButton type="button" $tone={tone} onClick={() => onOpen(entry)}>
                    <strong>{submission.ps5Name}</strong>
                    <span>× {submission.quantity}</span>
                    <small>
                      {submission.submittedBy} · {when()}
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
});

const EntryButton = styled(ListButton)<{ $tone: 'danger' | 'success' }>`
  border-left: 5px solid ${({ theme, $tone }) => theme.color[$tone]};
`;
