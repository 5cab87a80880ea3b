import type { Tx } from '../../db/scope';
import { isLocale, type Locale } from '../../../src/domain/locale';
import type { PushSubscriptionBody } from '../../../src/domain/push';
import type { SocketMessageJson as SocketMessage } from '../../../src/domain/socket-messages';
import { badRequest, unauthorised } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import { sharedWhileRunning } from '../../lib/shared-while-running';
import { nowIso } from '../../lib/time';
import type { Audience } from '../../realtime/hub';
import type { AuthUser } from '../users/repository';
import type { Reader } from '../../lib/i18n/messages';
import type { PushNotice } from './notice-parts';
import { adminDevicesOf } from './admin-devices';
import { noticesFor } from './payloads';
import { creditNotice } from './player-notices';
import { fitted, wireMessage } from './wire';
import type { AdminSubscriptionRow, PushRepository, SubscriptionRow } from './repository';
import type { PushSender } from './sender';

export interface PushServiceDeps {
  /** The database (the service opens no transaction of its own). */
  tx: Tx;
  repository: PushRepository;
  sender: PushSender;
  publicKey: string;
  logger: Logger;
  /** The store's time zone: the times a notice tells are written in it (a person's own zone is not known). */
  storeTimeZone: string;
  /** Resolves once the change a message tells of is on disk; nothing is sent about a change that may not be saved. */
  durable?: () => Promise<void>;
  /** Accepts http: push endpoints (tests with a local push service); real push services are https only. */
  allowHttpEndpoints?: boolean;
  /** Keeps each notification meant for one player, sent to a device or not: the player's inbox (issue 30 item 13). */
  recordForPlayer?: (userId: number, payload: PushNotice['payload']) => Promise<unknown>;
  /** The app's origin (PUBLIC_ORIGIN, else where the server listens): a push's `navigate` is absolute with it. */
  origin?: () => string;
  /**
   * The count the installed app's icon shows for a player (their unread messages, as src/lib/app-badge.ts counts
   * it), sent as the declarative push's `app_badge` (Safari sets it without the worker); undefined leaves it as is.
   */
  badgeOf?: (userId: number) => Promise<number | undefined>;
  /** A device was registered (after its commit): processes that keep the admins' devices read them again. */
  devicesChanged?: (userId: number) => void;
}

/**
 * The push services browsers use (Chrome/Edge/Samsung/Opera: FCM; Firefox: Mozilla; Edge legacy: WNS; Safari: Apple).
 * The server posts only to these, so a made-up endpoint cannot turn it into a relay to other sites.
 */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  '.push.services.mozilla.com',
  '.notify.windows.com',
  '.push.apple.com',
];
const isPushServiceHost = (host: string) =>
  PUSH_SERVICE_HOSTS.some((known) => (known.startsWith('.') ? host.endsWith(known) : host === known));

/** Devices one user may register; one more replaces their oldest (a browser profile per device is plenty). */
export const MAX_DEVICES_PER_USER = 10;

/** A credit grant older than this when its balance is announced is not worth a notification any more. */
const CREDIT_NOTICE_WINDOW_MS = 60 * 60 * 1000;

/** Waits until the change is on disk, then runs `send`; a failure is logged, never thrown at the caller. */
function afterDurable({ durable, logger }: Pick<PushServiceDeps, 'durable' | 'logger'>, send: () => Promise<void>, what: string) {
  const run = () =>
    send().catch((error: unknown) => {
      // A notification is a courtesy: its failure is logged and never reaches the call that caused it.
      logger.error({ err: error, what }, 'push notifications could not be queued');
    });
  if (!durable) return void run();
  durable().then(run, (error: unknown) => logger.error({ err: error }, 'push notifications dropped: the database could not be synced'));
}

/** The helpers the use cases below share. */
function pushServiceCore({ tx, repository, sender, logger, storeTimeZone, durable, recordForPlayer, origin, badgeOf }: PushServiceDeps) {
  const readerIn = (locale: Locale): Reader => ({ locale, timeZone: storeTimeZone });
  // Read after every new request or submission (unless the write read them along, admin-devices.ts): the notices of a
  // burst share the read under way instead of each reading the admins' devices again (issue 46).
  const adminDevices = sharedWhileRunning(() => repository.ofAdmins(tx));
  /**
   * Whom a notice is written for (issue 50): the recipient's saved language, else English. A push is never an answer
   * to its recipient's own request, so no request's Accept-Language speaks for them.
   */
  const readerOf = async (userId: number): Promise<Reader> => {
    const saved = await repository.languageOf(tx, userId);
    return readerIn(isLocale(saved) ? saved : 'en');
  };

  async function dispatch(message: SocketMessage, audience: Audience) {
    const { ownerId } = audience;
    // Who is told anything is the same in every language: English says whether to read anyone's language at all.
    const told = noticesFor(message, ownerId);
    if (ownerId !== null) {
      const grants =
        message.type === 'CREDIT_UPDATE'
          ? await repository.takeNewGrants(tx, ownerId, new Date(Date.now() - CREDIT_NOTICE_WINDOW_MS).toISOString())
          : [];
      if (grants.length > 0 || told.some((notice) => notice.to !== 'admins')) {
        // The owner's notices in the owner's language; the admins' in each admin's (toAdmins).
        const owner = await readerOf(ownerId);
        const forOwner = noticesFor(message, ownerId, owner).filter((notice) => notice.to !== 'admins');
        for (const grant of grants) {
          // A grant made by someone (the super admin upholding a dispute) is not a late drop (issue 47.5).
          const cause = grant.created_by ? 'dispute-upheld' : 'missed';
          forOwner.push(creditNotice(ownerId, grant.id, grant.amount_cents, grant.kind, cause, owner));
        }
        for (const notice of forOwner) await deliver(notice, owner.locale);
      }
    }
    if (told.some((notice) => notice.to === 'admins')) await toAdmins(message, ownerId);
  }

  /** The admins' notices of a message, written once per language their devices' owners read, each to those devices. */
  async function toAdmins(message: SocketMessage, ownerId: number | null) {
    const byLocale = new Map<Locale, AdminSubscriptionRow[]>();
    for (const row of adminDevicesOf(message) ?? (await adminDevices())) {
      const locale = isLocale(row.language) ? row.language : 'en';
      byLocale.set(locale, [...(byLocale.get(locale) ?? []), row]);
    }
    for (const [locale, rows] of byLocale)
      for (const notice of noticesFor(message, ownerId, readerIn(locale)))
        if (notice.to === 'admins') enqueue(fitted(notice), rows, locale);
  }

  /** Keeps a player's notice (written in `locale`) in their inbox and queues it for every device of theirs. */
  async function deliver(notice: PushNotice, locale: Locale) {
    const sent = fitted(notice);
    // Admins' notices go through toAdmins, written in each one's language.
    if (sent.to === 'admins') return;
    const userId = sent.to.userId;
    if (recordForPlayer) await recordForPlayer(userId, sent.payload);
    const rows = await repository.ofUser(tx, userId);
    if (rows.length === 0) return;
    const appBadge = badgeOf ? await badgeOf(userId).catch(() => undefined) : undefined;
    enqueue(sent, rows, locale, appBadge);
  }

  /** On the wire: the declarative message (shown by Safari without the worker) with the classic fields beside it. */
  function enqueue(sent: PushNotice, rows: SubscriptionRow[], lang: Locale, appBadge?: number) {
    sender.enqueue({ ...sent, payload: wireMessage(sent.payload, { origin: origin?.() || undefined, appBadge, lang }) }, rows);
  }

  const whenDurable = (send: () => Promise<void>, what: string) => afterDurable({ durable, logger }, send, what);

  function safely(message: SocketMessage, audience: Audience) {
    dispatch(message, audience).catch((error: unknown) => {
      // A notification is a courtesy: its failure is logged and never reaches the call that caused it.
      logger.error({ err: error, type: message.type }, 'push notifications for a message could not be queued');
    });
  }

  return { readerIn, readerOf, dispatch, toAdmins, deliver, enqueue, whenDurable, safely };
}
type PushServiceCore = ReturnType<typeof pushServiceCore>;

/** A device’s push subscription: the server’s key, subscribing and unsubscribing. */
function pushSubscriptions({ tx, repository, publicKey, allowHttpEndpoints, devicesChanged }: PushServiceDeps, _core: PushServiceCore) {
  return {
    publicKey: () => publicKey,

    async subscribe(user: AuthUser, sessionHash: string | undefined, body: PushSubscriptionBody) {
      if (!sessionHash) throw unauthorised();
      const url = new URL(body.endpoint);
      if (url.protocol !== 'https:' && !(allowHttpEndpoints && url.protocol === 'http:')) {
        throw badRequest('endpoint must be an https: push service URL', [{ path: 'endpoint', message: 'endpoint must be an https: URL' }]);
      }
      if (url.username || url.password)
        throw badRequest('endpoint must not carry a user name or password', [
          { path: 'endpoint', message: 'endpoint must not carry credentials' },
        ]);
      // A local push service (tests) is allowed only with http endpoints switched on; real ones must be known.
      const local = allowHttpEndpoints && url.protocol === 'http:';
      if (!local && !isPushServiceHost(url.hostname.toLowerCase())) {
        throw badRequest('This browser’s push service is not supported', [
          { path: 'endpoint', message: 'endpoint is not a known push service' },
        ]);
      }
      await repository.upsert(tx, {
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        userId: user.id,
        sessionHash,
        createdAt: nowIso(),
      });
      await repository.keepNewest(tx, user.id, MAX_DEVICES_PER_USER);
      devicesChanged?.(user.id);
    },

    /** Removes one of the caller's devices; answers whether there was one. */
    unsubscribe: (user: AuthUser, endpoint: string) => repository.deleteOwned(tx, endpoint, user.id),
  };
}

/** Notices pushed: one no live update carries, and those every live update maps to. */
function pushNotices({ logger, durable }: PushServiceDeps, { readerOf, deliver, whenDurable, safely }: PushServiceCore) {
  return {
    /**
     * A notice that no live-update message carries (a recorded no-show, issue 47.5), written by `write` in the
     * player's language: kept in their inbox and pushed once the change is on disk; call it after the change commits.
     * Never throws.
     */
    tell(userId: number, write: (reader: Reader) => PushNotice) {
      whenDurable(async () => {
        const reader = await readerOf(userId);
        await deliver(write(reader), reader.locale);
      }, `tell-${userId}`);
    },

    /** Called wherever the live socket is told of a change: maps it to notifications and queues them, without waiting. */
    notify(message: SocketMessage, audience: Audience) {
      if (!durable) return safely(message, audience);
      durable().then(
        () => safely(message, audience),
        (error: unknown) => logger.error({ err: error }, 'push notifications dropped: the database could not be synced'),
      );
    },
  };
}

/** Devices subscribe and unsubscribe; every live-update message is mapped to notifications and queued after its commit. */
export function createPushService(deps: PushServiceDeps) {
  const core = pushServiceCore(deps);
  return {
    ...pushSubscriptions(deps, core),
    ...pushNotices(deps, core),
  };
}
export type PushService = ReturnType<typeof createPushService>;
