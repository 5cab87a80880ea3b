import type { ItemSubmission } from '@/domain/schemas/submissions';
import type { PurchaseRequest } from '@/domain/schemas/purchases';
import type { ScheduledPickup } from '@/domain/schemas/pickups';
import { i18n } from '@/lib/i18n/i18n';
import { viewTitle, type AdminView } from './admin-views';

/** One record found by the admin's search, and the list (on that record) a tap opens. */
export interface Hit {
  key: string;
  number: number;
  who: string;
  what: string;
  view: Exclude<AdminView, { name: 'menu' } | { name: 'outbox' }>;
}

/** The requests found, each on the list its status puts it in (a cancelled one is on none). */
export function requestHits(requests: readonly PurchaseRequest[]): Hit[] {
  const hits: Hit[] = [];
  for (const request of requests) {
    const list =
      request.status === 'pending'
        ? ({ name: 'pending' } as const)
        : request.status === 'approved'
          ? ({ name: 'approved' } as const)
          : request.status === 'cancelled'
            ? null
            : ({ name: 'closed', show: request.status } as const);
    if (!list) continue;
    hits.push({
      key: `request-${request.id}`,
      number: request.id,
      who: request.requesterName,
      what: request.items.map((item) => item.name).join(', '),
      view: { ...list, query: `#${request.id}` },
    });
  }
  return hits;
}

/** The submissions found: pending ones on User Item Submissions, denied ones on Denied & Paid. */
export function submissionHits(submissions: readonly ItemSubmission[]): Hit[] {
  const hits: Hit[] = [];
  for (const submission of submissions) {
    // A scheduled submission is found through its pickup, which says where it is now.
    if (submission.status !== 'pending' && submission.status !== 'rejected') continue;
    hits.push({
      key: `submission-${submission.id}`,
      number: submission.id,
      who: submission.submittedBy,
      what: submission.ps5Name,
      view:
        submission.status === 'pending'
          ? { name: 'submissions', query: `#${submission.id}` }
          : { name: 'denied-paid', first: 'denied', query: `#${submission.id}` },
    });
  }
  return hits;
}

/** The pickups found, by their submission's number: scheduled, collected, or paid. */
export function pickupHits(pickups: readonly ScheduledPickup[]): Hit[] {
  return pickups.map((pickup) => {
    const query = `#${pickup.submissionId}`;
    return {
      key: `pickup-${pickup.id}`,
      number: pickup.submissionId,
      who: pickup.submission?.submittedBy ?? '',
      what: pickup.submission?.ps5Name ?? i18n._('pickup #{id}', { id: pickup.id }),
      view: !pickup.completed
        ? { name: 'pickups', query }
        : pickup.paid
          ? { name: 'denied-paid', first: 'paid', query }
          : { name: 'collected', query },
    };
  });
}

/** The hits grouped under the title of the list each is on, in the order the lists are first met. */
export function groupHits(hits: readonly Hit[]): Array<{ title: string; hits: Hit[] }> {
  const byList = new Map<string, { title: string; hits: Hit[] }>();
  for (const hit of hits) {
    const title = hit.view.name === 'denied-paid' ? (hit.view.first === 'paid' ? i18n._('Paid') : i18n._('Denied')) : viewTitle(hit.view);
    const group = byList.get(title) ?? { title, hits: [] };
    group.hits.push(hit);
    byList.set(title, group);
  }
  return [...byList.values()];
}
