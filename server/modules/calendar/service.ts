import { createEvent } from 'ics';
import type { PromiseKind } from '../../../src/domain/record-kind';
import type { Tx } from '../../db/scope';
import { forbidden, notFound, conflict } from '../../lib/app-error';
import type { PickupsRepository } from '../pickups/repository';
import type { PurchasesRepository } from '../purchases/repository';
import type { SubmissionsRepository } from '../submissions/repository';
import type { AuthUser } from '../users/repository';

/** What a promised time is of: a purchase request's drop, or a sell's pickup. */
export type CalendarSubject = PromiseKind;

/** A calendar file: its name when saved and its text (RFC 5545). */
export interface CalendarFile {
  filename: string;
  text: string;
}

/** How long the event lasts in the calendar: a drop or pickup is a short meeting in the game. */
const EVENT_MINUTES = 30;

/**
 * "Add to calendar" (issue 50.4): a promised drop or pickup as an .ics event the phone's calendar opens. The time is
 * the promise's instant in UTC, so each calendar shows it in its own time zone; only the record's owner (or an admin)
 * may have it, and only once a time is promised.
 */
export function createCalendarService(deps: {
  tx: Tx;
  purchases: PurchasesRepository;
  pickups: PickupsRepository;
  submissions: SubmissionsRepository;
  /** Where the app is reached, for the event's link back to the deal (none when unset). */
  publicOrigin?: string;
}) {
  const { tx, purchases, pickups, submissions } = deps;
  const link = (path: string) => (deps.publicOrigin ? `${deps.publicOrigin.replace(/\/$/, '')}${path}` : undefined);

  function mayRead(viewer: AuthUser, ownerId: number | null) {
    if (!viewer.isAdmin && ownerId !== viewer.id) throw forbidden('You may only add your own drops and pickups to a calendar');
  }

  function event(subject: { uid: string; title: string; description: string; at: string; url?: string }): string {
    const { error, value } = createEvent({
      uid: `${subject.uid}@blockspin.market`,
      productId: 'blockspin-market',
      title: subject.title,
      description: subject.description,
      start: Date.parse(subject.at),
      startInputType: 'utc',
      startOutputType: 'utc',
      duration: { minutes: EVENT_MINUTES },
      status: 'CONFIRMED',
      ...(subject.url ? { url: subject.url } : {}),
    });
    if (error || !value) throw error ?? new Error('The calendar event could not be written');
    return value;
  }

  return {
    async file(viewer: AuthUser, kind: CalendarSubject, id: number): Promise<CalendarFile> {
      if (kind === 'purchase-request') {
        const stored = await purchases.find(tx, id);
        if (!stored) throw notFound(`There is no purchase request ${id}`);
        mayRead(viewer, stored.requesterId);
        const { request } = stored;
        if (!request.promisedAt) throw conflict('This request has no promised drop time yet');
        const items = request.items.map((item) => `${item.quantity} × ${item.name}`).join(', ');
        return {
          filename: `blockspin-drop-${id}.ics`,
          text: event({
            uid: `purchase-request-${id}-${request.promisedAt}`,
            title: `Blockspin Market drop: request #${id}`,
            description: `Your order (${items}) is dropped in Blockspin at this time.`,
            at: request.promisedAt,
            url: link('/my-activity?tab=buy'),
          }),
        };
      }
      const pickup = await pickups.find(tx, id);
      if (!pickup) throw notFound(`There is no pickup ${id}`);
      const submission = await submissions.findSubmission(tx, pickup.submissionId);
      mayRead(viewer, submission?.submitterId ?? null);
      if (!pickup.promisedAt) throw conflict('This pickup has no promised time yet');
      const item = submission ? `${submission.submission.ps5Name} × ${submission.submission.quantity}` : 'your item';
      return {
        filename: `blockspin-pickup-${id}.ics`,
        text: event({
          uid: `pickup-${id}-${pickup.promisedAt}`,
          title: `Blockspin Market pickup: item #${pickup.submissionId}`,
          description: `We pick up ${item} in Blockspin at this time.`,
          at: pickup.promisedAt,
          url: link('/my-activity?tab=sell'),
        }),
      };
    },
  };
}
export type CalendarService = ReturnType<typeof createCalendarService>;
