// A proposed new time's notices (issue 30), in the recipient's language (issue 50).
import type { PushPayload } from '../../../src/domain/push';
import { messagesIn, type Reader } from '../../lib/i18n/messages';
import { DAY, SCREENS, scheduleValues, type Of, type PushNotice } from './notice-parts';

/** The buttons of a proposed time's notification, in the reader's language (the service worker shows them). */
function proposalActions(reader: Reader): NonNullable<PushPayload['actions']> {
  const _ = messagesIn(reader.locale);
  return [
    { action: 'accept', title: _('Accept') },
    { action: 'decline', title: _('Decline') },
  ];
}

/** What each of a proposal's notices reads: who owns its subject, its words and screen, and its proposed time. */
interface ProposalContext {
  proposal: Of<'PROPOSAL_UPDATE'>['payload'];
  ownerId: number | null;
  reader: Reader;
  _: ReturnType<typeof messagesIn>;
  drop: boolean;
  url: string;
  when: { when: 'now' | 'soon' | 'date' | 'time'; date: string; time: string };
  tag: string;
  base: { topic: string; ttl: number };
}

/** A proposed new time: the other side hears of it, and a player hears how the store answered theirs. */
export function proposalNotices(message: Of<'PROPOSAL_UPDATE'>, ownerId: number | null, reader: Reader): PushNotice[] {
  const proposal = message.payload;
  const drop = proposal.subjectType === 'purchase-request';
  const tag = `proposal-${proposal.subjectType}-${proposal.subjectId}`;
  const context: ProposalContext = {
    proposal,
    ownerId,
    reader,
    _: messagesIn(reader.locale),
    drop,
    url: drop ? SCREENS.myBuyRequests : SCREENS.mySellRequests,
    when: {
      // A proposal names its date and time; the empty values only keep a malformed one from showing '{time}'.
      date: '',
      time: '',
      ...scheduleValues(reader, {
        date: proposal.scheduledDate,
        time: proposal.scheduledTime,
        immediate: proposal.isImmediate,
        promisedAt: proposal.promisedAt,
      }),
    },
    tag,
    base: { topic: tag, ttl: DAY },
  };
  if (proposal.status === 'open' && proposal.proposedByRole === 'admin') return storeProposed(context);
  if (proposal.status === 'open') return playerProposed(context);
  // The player hears how the store answered their own proposal.
  if (proposal.proposedByRole === 'player' && ownerId !== null && (proposal.status === 'accepted' || proposal.status === 'declined'))
    return playerAnswered(context, ownerId, proposal.status === 'accepted');
  return [];
}

/** The store proposed a new time: the player is asked, with Accept and Decline on the notification. */
function storeProposed({ proposal, ownerId, reader, _, drop, url, when, tag, base }: ProposalContext): PushNotice[] {
  if (ownerId === null) return [];
  return [
    {
      ...base,
      to: { userId: ownerId },
      urgency: 'high',
      payload: {
        title: drop ? _('New drop time proposed') : _('New pickup time proposed'),
        body: drop
          ? _(
              'Move your drop to {when, select, now {right away} other {{date} at {time}}}? Your current promised time stands until you accept.',
              when,
            )
          : _(
              'Move your pickup to {when, select, now {right away} other {{date} at {time}}}? Your current promised time stands until you accept.',
              when,
            ),
        url,
        tag,
        proposalId: proposal.id,
        actions: proposalActions(reader),
      },
    },
  ];
}

/** A player proposed a new time: every admin hears of it. */
function playerProposed({ proposal, _, drop, when, tag, base }: ProposalContext): PushNotice[] {
  return [
    {
      ...base,
      to: 'admins',
      urgency: 'high',
      payload: {
        title: drop ? _('A player proposed a new drop time') : _('A player proposed a new pickup time'),
        body: drop
          ? _('Request #{id}: {when, select, now {right away} date {on {date}} time {on {date} at {time}} other {soon}}.', {
              id: proposal.subjectId,
              ...when,
            })
          : _('Pickup #{id}: {when, select, now {right away} date {on {date}} time {on {date} at {time}} other {soon}}.', {
              id: proposal.subjectId,
              ...when,
            }),
        url: drop ? '/admin/approved' : '/admin/pickups',
        tag,
      },
    },
  ];
}

/** The store accepted or declined the player's proposal: the player hears which, and the time that stands. */
function playerAnswered({ _, drop, url, when, tag, base }: ProposalContext, ownerId: number, accepted: boolean): PushNotice[] {
  const title = drop
    ? accepted
      ? _('New drop time accepted')
      : _('New drop time declined')
    : accepted
      ? _('New pickup time accepted')
      : _('New pickup time declined');
  const promised = drop
    ? _('Your drop is now promised {when, select, now {right away} date {on {date}} time {on {date} at {time}} other {soon}}.', when)
    : _('Your pickup is now promised {when, select, now {right away} date {on {date}} time {on {date} at {time}} other {soon}}.', when);
  const kept = drop
    ? _('The store kept the time already promised for your drop.')
    : _('The store kept the time already promised for your pickup.');
  return [{ ...base, to: { userId: ownerId }, urgency: 'normal', payload: { title, body: accepted ? promised : kept, url, tag } }];
}
