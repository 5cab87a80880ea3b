import type { SocketMessageJson as SocketMessage } from '../../../../src/domain/socket-messages';
import type { PromiseKind } from '../../../../src/domain/record-kind';
import { fromStoredPromiseKind } from '../../../db/record-kinds';
import type { Tx } from '../../../db/scope';
import { storeTime } from '../../history/audit';
import { SCREENS } from '../../push/notice-parts';
import { noticesFor } from '../../push/payloads';
import type { WebhookBody } from './webhook';

/** What admins are told of (DESIGN.md §16), one label value each in blockspin_alerts_total. */
export type AlertEvent = 'purchase-request' | 'submission' | 'promise-due' | 'promise-missed' | 'dispute';

export interface Alert {
  /** Names the event once, ever: `purchase-request:12:new`, `promise:7:due` (table alert_log). */
  key: string;
  event: AlertEvent;
  title: string;
  body: string;
  /** Where in the app an admin acts on it. */
  path: string;
}

/** A promise is told of when its time is this close (and not yet past its deadline). */
export const DUE_WITHIN_MS = 15 * 60_000;
/** Missed promises and disputes older than these are not told of (a first start on an old database tells nothing stale). */
const MISSED_WITHIN_MS = 60 * 60_000;
const DISPUTES_WITHIN_MS = 48 * 3600_000;

const NOUN: Record<PromiseKind, { record: string; time: string; path: string }> = {
  'purchase-request': { record: 'Purchase request', time: 'drop', path: SCREENS.adminPending },
  pickup: { record: 'Pickup', time: 'pickup', path: SCREENS.adminSubmissions },
};

/** The alert a committed live-update message causes: a new purchase request or submission; null for any other. */
export function alertForMessage(message: SocketMessage): Alert | null {
  if (message.type !== 'NEW_PURCHASE_REQUEST' && message.type !== 'NEW_ITEM_SUBMISSION') return null;
  // The admins' push notice says it already, naming no player: the channel may be seen by more people than the app.
  const notice = noticesFor(message, null).find((candidate) => candidate.to === 'admins');
  if (!notice) return null;
  const event: AlertEvent = message.type === 'NEW_PURCHASE_REQUEST' ? 'purchase-request' : 'submission';
  return {
    key: `${event}:${message.payload.id}:new`,
    event,
    title: notice.payload.title,
    body: notice.payload.body,
    path: notice.payload.url,
  };
}

/**
 * What the database says admins should hear of now: open promises whose time comes within 15 minutes, promises missed
 * in the last hour, disputes opened within their 48 hours. Each comes again on every scan; alert_log keeps it to once.
 */
export async function alertsDue(tx: Tx, now: Date, timeZone: string): Promise<Alert[]> {
  const at = now.toISOString();
  const db = tx.kysely();
  const due = await db
    .selectFrom('promises')
    .select(['id', 'subject_type', 'subject_id', 'promised_at'])
    .where('status', '=', 'open')
    .where('deadline_at', '>', at)
    .where('promised_at', '<=', new Date(now.getTime() + DUE_WITHIN_MS).toISOString())
    .orderBy('promised_at')
    .limit(100)
    .execute();
  const missed = await db
    .selectFrom('promises')
    .select(['id', 'subject_type', 'subject_id', 'promised_at'])
    .where('status', '=', 'missed')
    .where('closed_at', '>=', new Date(now.getTime() - MISSED_WITHIN_MS).toISOString())
    .orderBy('closed_at')
    .limit(100)
    .execute();
  const disputes = await db
    .selectFrom('disputes')
    .select(['id', 'subject_type', 'subject_id'])
    .where('status', '=', 'open')
    .where('created_at', '>=', new Date(now.getTime() - DISPUTES_WITHIN_MS).toISOString())
    .orderBy('id')
    .limit(100)
    .execute();
  return [
    ...due.map((row): Alert => {
      const noun = NOUN[fromStoredPromiseKind(row.subject_type)];
      return {
        key: `promise:${row.id}:due`,
        event: 'promise-due',
        title: `A promised ${noun.time} time is due`,
        body: `${noun.record} #${row.subject_id}: promised for ${storeTime(row.promised_at, timeZone)}.`,
        path: noun.path,
      };
    }),
    ...missed.map((row): Alert => {
      const noun = NOUN[fromStoredPromiseKind(row.subject_type)];
      return {
        key: `promise:${row.id}:missed`,
        event: 'promise-missed',
        title: `A promised ${noun.time} time was missed`,
        body: `${noun.record} #${row.subject_id}: promised for ${storeTime(row.promised_at, timeZone)}, not kept.`,
        path: noun.path,
      };
    }),
    ...disputes.map((row): Alert => {
      const noun = NOUN[fromStoredPromiseKind(row.subject_type)];
      return {
        key: `dispute:${row.id}:open`,
        event: 'dispute',
        title: 'A no-show was disputed',
        body: `${noun.record} #${row.subject_id}: the player disputes the no-show; the super admin decides.`,
        path: '/admin',
      };
    }),
  ];
}

/** The webhook's JSON: the title as text (what a phone's notification shows) and an embed linking into the app. */
export function webhookBody(alert: Alert, origin: string): WebhookBody {
  const url = `${origin.replace(/\/$/, '')}${alert.path}`;
  return {
    content: `**${alert.title}**: ${alert.body}`,
    embeds: [{ title: alert.title, description: alert.body, url }],
    allowed_mentions: { parse: [] },
  };
}
