import { ApprovedRequestsView } from './approved-requests-view';
import { ClosedRequestsView } from './closed-requests-view';
import { DeniedPaidView } from './denied-paid-view';
import { AdminOutboxView } from './outbox-view';
import { PendingRequestsView } from './pending-requests-view';
import { CollectedView } from './collected-view';
import { ScheduledPickupsView } from './scheduled-pickups-view';
import { SubmissionsView } from './submissions-view';
import { Chips } from '@/components/chips';
import { Stack } from './admin-layout';
import { i18n } from '@/lib/i18n/i18n';
import { useLingui } from '@/lib/i18n/react';

/** The Closed Requests filter: rejected, completed, or both. */
const CLOSED_SHOWS = [
  { value: 'rejected', label: 'Rejected' },
  { value: 'completed', label: 'Completed' },
  { value: 'both', label: 'Rejected & Completed' },
] as const;

/** Which Admin Control screen is showing. */
export type AdminView =
  | { name: 'menu' }
  | ListView<{ name: 'submissions' }>
  | ListView<{ name: 'pickups' }>
  | ListView<{ name: 'collected' }>
  | ListView<{ name: 'denied-paid'; first: 'denied' | 'paid' }>
  | ListView<{ name: 'pending' }>
  | ListView<{ name: 'approved' }>
  | ListView<{ name: 'closed'; show: 'rejected' | 'completed' | 'both' }>
  | { name: 'outbox' };

/** A list opened from the one search carries the record's number ('#3') as its search, so it opens on that record. */
type ListView<T> = T & { query?: string };

/** The title of each screen, in the language shown. */
export function viewTitle(view: AdminView): string {
  return i18n._(viewTitleText(view));
}

function viewTitleText(view: AdminView): string {
  switch (view.name) {
    case 'menu':
      return 'Admin Control';
    case 'submissions':
      return 'User Item Submissions';
    case 'pickups':
      return 'Scheduled Pickups';
    case 'collected':
      return 'Collected';
    case 'denied-paid':
      return 'Denied & Paid Submissions';
    case 'pending':
      return 'Pending Purchase Requests';
    case 'approved':
      return 'Approved Requests';
    case 'outbox':
      return 'Waiting to send';
    case 'closed':
      return view.show === 'rejected' ? 'Rejected Requests' : view.show === 'completed' ? 'Completed Requests' : 'Rejected & Completed';
  }
}

/** The body of a sub-view (everything but the menu). */
export function AdminSubView({ view, onOpen }: { view: Exclude<AdminView, { name: 'menu' }>; onOpen: (view: AdminView) => void }) {
  const { _ } = useLingui();
  switch (view.name) {
    case 'submissions':
      return <SubmissionsView initialQuery={view.query} />;
    case 'pickups':
      return <ScheduledPickupsView initialQuery={view.query} />;
    case 'collected':
      return <CollectedView initialQuery={view.query} />;
    case 'denied-paid':
      return <DeniedPaidView first={view.first} initialQuery={view.query} />;
    case 'pending':
      return <PendingRequestsView initialQuery={view.query} />;
    case 'approved':
      return <ApprovedRequestsView initialQuery={view.query} />;
    case 'outbox':
      return <AdminOutboxView />;
    case 'closed':
      return (
        <Stack>
          <Chips
            label={_('Show')}
            value={view.show}
            onChange={(show) => onOpen({ name: 'closed', show })}
            options={CLOSED_SHOWS.map((option) => ({ ...option, label: _(option.label) }))}
          />
          <ClosedRequestsView show={view.show} initialQuery={view.query} />
        </Stack>
      );
  }
}
