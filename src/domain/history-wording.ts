// How a step of a record's history reads to a person (issue 47.8): the player's timeline, the super admin's audit
// log. A step that changes the status reads "Approved → Completed"; one that keeps it is an event of the deal — a
// proposal, a reschedule, a no-show, a dispute — named from what the server wrote in its note, never "Approved →
// Approved" and never "Rescheduled" for what was not one. Plain data in, text out: the server and the app share it.

/** Words for the statuses a step names. */
const STATUS_WORDS: Record<string, string> = {
  pending: 'Requested',
  approved: 'Approved',
  rejected: 'Rejected',
  completed: 'Completed',
  scheduled: 'Scheduled',
  collected: 'Collected',
  paid: 'Paid',
  cancelled: 'Cancelled',
  'no-show': 'Player did not show',
  deleted: 'Deleted',
  'credit-adjusted': 'Store credit adjusted',
};

/**
 * Writes a message: the app passes its catalogues' (the words in the language shown, issue 50); the server and the
 * API's `title` keep the English words, the message ids themselves.
 */
export type Words = (id: string, values?: Record<string, string>) => string;
const english: Words = (id, values) => id.replace(/\{(\w+)\}/g, (_match, name: string) => values?.[name] ?? '');

/**
 * The same words as one message for the catalogues (a step's status, singular: "Aprobada → Completada", where a
 * list's filter of the same name reads plural); its keys are the statuses with '_' for '-'.
 */
export const STATUS_WORD_MESSAGE =
  '{status, select, pending {Requested} approved {Approved} rejected {Rejected} completed {Completed} scheduled {Scheduled} collected {Collected} paid {Paid} cancelled {Cancelled} no_show {Player did not show} deleted {Deleted} credit_adjusted {Store credit adjusted} other {Updated}}';

/**
 * A status as a person reads it ('collected' → 'Collected'; an unknown one capitalised, dashes as spaces); with the
 * app's `words`, in the language shown.
 */
export const statusWord = (status: string, words?: Words) => {
  if (words && STATUS_WORDS[status]) return words(STATUS_WORD_MESSAGE, { status: status.replace(/-/g, '_') });
  return STATUS_WORDS[status] ?? status.charAt(0).toUpperCase() + status.slice(1).replace(/-/g, ' ');
};

/** What the server's note of a step that keeps its status says happened, in the order the notes are told apart. */
const EVENTS: ReadonlyArray<[RegExp, string]> = [
  [/^The player did not show/, 'No-show recorded'],
  [/^The player disputed the no-show/, 'No-show disputed'],
  [/^Dispute upheld/, 'Dispute upheld'],
  [/^Dispute dismissed/, 'Dispute dismissed'],
  [/time proposed: /, 'New time proposed'],
  [/^Proposed time .* declined/, 'Proposed time declined'],
  [/time was missed/, 'Promised time missed'],
  [/account was deleted/, 'Promise ended: account deleted'],
];

/** The time a reschedule's note names ('Drop rescheduled to 3/14/2030 at 5:00 PM (proposed by …).'), or null. */
const rescheduledTo = (note: string | null | undefined) => /rescheduled to (.+?)(?: \(.*\))?\.?$/i.exec(note ?? '')?.[1] ?? null;

/** A step as the history stores it. */
export interface StepLike {
  from: string | null;
  to: string;
  note?: string | null;
}

/**
 * How step `index` of `steps` reads: 'Approved → Completed'; a reschedule with its times ('Rescheduled from 4:30 PM to
 * 5:00 PM', the earlier time from the step before); another event by its name ('No-show recorded', 'New time
 * proposed'); a step the note does not explain, 'Updated'.
 */
export function stepTitle(steps: ReadonlyArray<StepLike>, index: number, words: Words = english): string {
  const step = steps[index]!;
  const word = (status: string) => statusWord(status, words === english ? undefined : words);
  if (!step.from) return word(step.to);
  if (step.from !== step.to) return `${word(step.from)} → ${word(step.to)}`;
  const to = rescheduledTo(step.note);
  if (to) {
    const earlier = steps
      .slice(0, index)
      .map((previous) => rescheduledTo(previous.note))
      .filter(Boolean)
      .at(-1);
    return earlier ? words('Rescheduled from {earlier} to {to}', { earlier, to }) : words('Rescheduled to {to}', { to });
  }
  const event = EVENTS.find(([pattern]) => pattern.test(step.note ?? ''));
  return event ? words(event[1]) : words('{status}: updated', { status: word(step.to) });
}

/** What an audit row is about, as the audit log names it ('Sell request', never the table's 'user_sell_request'). */
export const AUDIT_SUBJECT_WORDS: Record<string, string> = {
  'purchase-request': 'Request',
  submission: 'Submission',
  pickup: 'Pickup',
  'sell-request': 'Sell request',
  user: 'User',
  'catalogue-item': 'Catalogue item',
};
