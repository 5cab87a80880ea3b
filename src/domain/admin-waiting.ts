// What waits for an admin (issue 33 item 1): one count for the home Admin button, the installed app's icon badge and
// Due now, so the three never disagree. Plain data in, numbers out: it runs in the page and in the service worker.

/** The fields of a purchase request the count reads. */
export interface WaitingRequest {
  status: string;
  promiseStatus?: string | null;
  promisedAt?: string | null;
}

/** The fields of a submission the count reads. */
export interface WaitingSubmission {
  id: number;
  status: string;
}

/** The fields of a scheduled pickup the count reads. */
export interface WaitingPickup {
  completed: boolean;
  promiseStatus?: string | null;
  promisedAt?: string | null;
}

/** When an open promise falls due (ms), or null: a drop approved and not yet completed, a pickup not yet collected. */
export function promiseDueAt(record: WaitingRequest | WaitingPickup): number | null {
  const open = 'status' in record ? record.status === 'approved' : !record.completed;
  if (!open || record.promiseStatus !== 'open' || !record.promisedAt) return null;
  const at = Date.parse(record.promisedAt);
  return Number.isFinite(at) ? at : null;
}

export interface AdminWaiting {
  pendingRequests: number;
  pendingSubmissions: number;
  /** Open promises whose time has come (Due now's overdue ones). */
  overdue: number;
  /** What the Admin button and the icon badge show. */
  total: number;
}

/**
 * Pending purchase requests, pending submissions (less those `hiddenSubmissionIds` this device just scheduled) and
 * promises past their time at `now`.
 */
export function adminWaiting(
  lists: {
    requests?: readonly WaitingRequest[] | null;
    submissions?: readonly WaitingSubmission[] | null;
    pickups?: readonly WaitingPickup[] | null;
  },
  now: number,
  hiddenSubmissionIds: ReadonlySet<number> = new Set(),
): AdminWaiting {
  let pendingRequests = 0;
  let pendingSubmissions = 0;
  let overdue = 0;
  const isOverdue = (record: WaitingRequest | WaitingPickup) => {
    const dueAt = promiseDueAt(record);
    return dueAt !== null && dueAt <= now;
  };
  for (const request of lists.requests ?? []) {
    if (request.status === 'pending') pendingRequests += 1;
    else if (isOverdue(request)) overdue += 1;
  }
  for (const submission of lists.submissions ?? [])
    if (submission.status === 'pending' && !hiddenSubmissionIds.has(submission.id)) pendingSubmissions += 1;
  for (const pickup of lists.pickups ?? []) if (isOverdue(pickup)) overdue += 1;
  return { pendingRequests, pendingSubmissions, overdue, total: pendingRequests + pendingSubmissions + overdue };
}
