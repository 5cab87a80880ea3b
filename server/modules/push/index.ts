import type { Config } from '../../config';
import type { Tx } from '../../db/scope';
import type { Logger } from '../../lib/logger';
import type { Hub } from '../../realtime/hub';
import { createPushRepository } from './repository';
import { pushRoutes } from './routes';
import type { PushNotice } from './notice-parts';
import { createPushSender } from './sender';
import { createPushService, type PushService } from './service';
import { loadVapidKeys } from './vapid';

export interface PushDeps {
  tx: Tx;
  config: Config;
  logger: Logger;
  durable: () => Promise<void>;
  /** Read when a message is sent, so a demotion stops admin notifications that were still waiting. */
  isAdmin(userId: number, sessionHash: string): Promise<boolean>;
  isSessionLive(sessionHash: string): Promise<boolean>;
  /** Records each notification meant for one player (the inbox). */
  recordForPlayer?: (userId: number, payload: PushNotice['payload']) => Promise<void>;
  /** The app's origin, read when a push is sent (it is known once the server listens). */
  origin?: () => string;
  /** A player's app icon count, sent with each of their pushes (declarative `app_badge`). */
  badgeOf?: (userId: number) => Promise<number | undefined>;
}

/** Web Push: keys, the subscriptions' routes, and the queue that sends. */
export function createPush({ tx, config, logger, durable, isAdmin, isSessionLive, recordForPlayer, origin, badgeOf }: PushDeps) {
  const vapid = loadVapidKeys(
    {
      publicKey: config.vapidPublicKey,
      privateKey: config.vapidPrivateKey,
      subject: config.vapidSubject,
      publicOrigin: config.publicOrigin,
      dataDir: config.dataDir,
    },
    logger,
  );
  const repository = createPushRepository();
  const sender = createPushSender({
    tx,
    repository,
    vapid,
    logger,
    retryBaseMs: config.pushRetryBaseMs,
    stillFor: async (row, notice) =>
      (await isSessionLive(row.session_hash)) &&
      (notice.to === 'admins' ? await isAdmin(row.user_id, row.session_hash) : row.user_id === notice.to.userId),
  });
  const service = createPushService({
    tx,
    repository,
    sender,
    publicKey: vapid.publicKey,
    logger,
    storeTimeZone: config.storeTimeZone,
    durable,
    allowHttpEndpoints: config.pushAllowHttpEndpoints,
    recordForPlayer,
    origin,
    badgeOf,
  });
  return {
    service,
    routes: pushRoutes(service),
    close: () => sender.close(),
  };
}

/**
 * The hub as the services see it: every message told to the live socket is also handed to the push service, so
 * each event has exactly one place (payloads.ts) that decides what a closed app is told.
 */
export function withPush(hub: Hub, push: PushService): Hub {
  return {
    ...hub,
    publish(message, audience, ownerMessage, within) {
      hub.publish(message, audience, ownerMessage, within);
      if (within) within.afterCommit(() => push.notify(message, audience));
      else push.notify(message, audience);
    },
  };
}
