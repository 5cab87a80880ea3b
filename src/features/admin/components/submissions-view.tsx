import { memo, startTransition, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { Button } from '@/components/button';
import { useListFrame } from '@/components/query-frame';
import { SearchBox } from '@/components/search-box';
import { useLingui } from '@/lib/i18n/react';
import { noMatch } from '../lib/texts';
import { indexSubmissions, searchIndexed } from '../lib/search-index';
import type { ItemSubmission } from '@/domain/schemas/submissions';
import { itemSubmissionsQueryOptions } from '../api/item-submissions';
import { usePendingSubmissions } from '../api/pending-submissions';
import { DenySubmissionDialog } from './deny-submission-dialog';
import { ContactDialog } from './contact-dialog';
import { ImageViewer } from './image-viewer';
import { ActionsOrPending } from './pending-action-note';
import { SchedulePickupDialog } from './schedule-pickup-dialog';
import { SubmissionCard } from './submission-card';
import { SubmissionSummary } from './submission-summary';
import { VirtualGrid } from './virtual-grid';
import { StateText } from './state-text';

const submissionKey = (submission: ItemSubmission) => submission.id;

/** Up to this many cards the submissions grid is drawn whole; past it, a window at a time (each card is tall). */
const PLAIN_SUBMISSIONS_UP_TO = 24;

/** User Item Submissions: the pending grid with Deny, Contact and Schedule. */
export function SubmissionsView({ initialQuery = '' }: { initialQuery?: string }) {
  const { _ } = useLingui();
  const { submissions, pending: allPending } = usePendingSubmissions();
  const [query, setQuery] = useState(initialQuery);
  // Searched over the precomputed index, deferred: a letter typed paints at once with 10,000 submissions. Only the
  // box draws again at the keystroke; the grid and the dialogs (SubmissionsBody, memoised) wait for the deferred query.
  const deferredQuery = useDeferredValue(query);
  const index = useMemo(() => indexSubmissions(allPending), [allPending]);
  const pending = useMemo(() => searchIndexed(index, deferredQuery), [index, deferredQuery]);
  const frame = useListFrame([submissions], [itemSubmissionsQueryOptions().queryKey], <StateText>{_('Loading submissions...')}</StateText>);
  if (frame.blocking) return frame.blocking;

  return (
    <>
      {frame.note}
      <SearchBox value={query} onChange={setQuery} label={_('Search by player or item')} />
      <SubmissionsBody pending={pending} query={deferredQuery} anyPending={allPending.length > 0} />
    </>
  );
}

/** The grid and its dialogs, for the deferred query. */
const SubmissionsBody = memo(function SubmissionsBody({
  pending,
  query,
  anyPending,
}: {
  pending: readonly ItemSubmission[];
  query: string;
  anyPending: boolean;
}) {
  const { _, i18n } = useLingui();
  const [denying, setDenying] = useState<ItemSubmission | null>(null);
  const [contact, setContact] = useState<ItemSubmission | null>(null);
  const [scheduling, setScheduling] = useState<ItemSubmission | null>(null);
  const [image, setImage] = useState<{ src: string; title: string } | null>(null);

  // The same function at every render, with the grid memoised: a tap on Contact, Deny or Schedule opens its dialog
  // without drawing every card again (69 ms of the 123 ms tap at 4× CPU with 10 cards, traced).
  const card = useCallback(
    (submission: ItemSubmission) => (
      <SubmissionCard
        key={submission.id}
        submission={submission}
        onViewImage={(src, title) => setImage({ src, title })}
        actions={
          <>
            <ActionsOrPending type="submission" id={submission.id}>
              <Button $variant="danger" type="button" onClick={() => setDenying(submission)}>
                {_('Deny')}
              </Button>
            </ActionsOrPending>
            <Button type="button" $variant="secondary" onClick={() => startTransition(() => setContact(submission))}>
              {_('Contact')}
            </Button>
            <ActionsOrPending type="submission" id={submission.id} quiet>
              <Button type="button" $variant="success" onClick={() => setScheduling(submission)}>
                {_('Schedule')}
              </Button>
            </ActionsOrPending>
          </>
        }
      />
    ),
    [i18n.locale],
  );

  return (
    <>
      {pending.length === 0 ? (
        <StateText>{anyPending ? noMatch(query) : _('No submissions yet')}</StateText>
      ) : (
        <VirtualGrid
          items={pending}
          getKey={submissionKey}
          label={_('Pending submissions')}
          card={card}
          plainUpTo={PLAIN_SUBMISSIONS_UP_TO}
        />
      )}
      <DenySubmissionDialog submission={denying} onClose={() => setDenying(null)} />
      <ContactDialog
        username={contact?.submittedBy ?? null}
        details={contact && <SubmissionSummary submission={contact} />}
        onClose={() => setContact(null)}
      />
      <SchedulePickupDialog submission={scheduling} onClose={() => setScheduling(null)} />
      <ImageViewer src={image?.src ?? null} title={image?.title ?? ''} onClose={() => setImage(null)} />
    </>
  );
});
