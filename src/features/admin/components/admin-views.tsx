import { ApprovedRequestsView } from './approved-requests-view';
import { ClosedRequestsView } from './closed-requests-view';
import { DeniedPaidView } from './denied-paid-view';
import { AdminOutboxView } from './outbox-view';
import { PendingRequestsView } from './pending-requests-view';
import { CollectedView } from './collected-view';
import { ScheduledPickupsView } from './scheduled-pickups-view';
import { SubmissionsView } from './submissions-view';
import { Chips } from '@/components/chips';
import type { AdminScreenPath } from '../api/screen-data';
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

/**
 * Each screen's address below /admin (its route: src/routes/admin.tsx), so Back, a reload and a link reach it: the
 * menu is /admin, a list /admin/{path}; a list opened from the search carries the record's number as `?q=`.
 */
export function viewPath(view: AdminView): { to: `/admin/${AdminScreenPath}`; search: { q?: string } } {
  const path: AdminScreenPath =
    view.name === 'menu' ? '' : view.name === 'denied-paid' ? view.first : view.name === 'closed' ? CLOSED_PATHS[view.show] : view.name;
  return { to: `/admin/${path}`, search: { q: 'query' in view ? view.query : undefined } };
}

const CLOSED_PATHS = { rejected: 'rejected', completed: 'completed', both: 'closed' } as const;

/** The screen at `path` (the part after /admin/), opened on `query` when a search opened it; an unknown one: the menu. */
export function pathView(path: string, query?: string): AdminView {
  const list = { query } as const;
  switch (path) {
    case 'submissions':
    case 'pickups':
    case 'collected':
    case 'pending':
    case 'approved':
      return { name: path, ...list };
    case 'denied':
    case 'paid':
      return { name: 'denied-paid', first: path, ...list };
    case 'rejected':
    case 'completed':
      return { name: 'closed', show: path, ...list };
    case 'closed':
      return { name: 'closed', show: 'both', ...list };
    case 'outbox':
      return { name: 'outbox' };
    default:
      return { name: 'menu' };
  }
}

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
