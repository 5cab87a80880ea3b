import type { Config } from '../../config';
import type { Tx } from '../../db/scope';
import type { Logger } from '../../lib/logger';
import type { Hub } from '../../realtime/hub';
import { createPushRepository } from './repository';
import { pushRoutes } from './routes';
import type { PushNotice } from './payloads';
import { createPushSender } from './sender';
import { createPushService, type PushService } from './service';
import { loadVapidKeys } from './vapid';
import { createKeptValue } from '../sessions/cache';

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
  /**
   * Keeps the admins' devices in the process instead of reading them for every new request (PostgreSQL, issue 32):
   * trusted while `current()` (the live listener) holds, forgotten by `forgetAdminDevices` on any user change, and
   * `devicesChanged` tells every process (a user change note) when a device is registered.
   */
  keep?: { current: () => boolean; devicesChanged: (userId: number) => void };
}

/** Web Push: keys, the subscriptions' routes, and the queue that sends. */
export function createPush({ tx, config, logger, durable, isAdmin, isSessionLive, recordForPlayer, keep }: PushDeps) {
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
  const stored = createPushRepository();
  // A device kept here that is gone or no longer an admin's is harmless: the sender reads each row again before sending.
  const adminDevices = keep ? createKeptValue(() => stored.ofAdmins(tx), { current: keep.current }) : null;
  const repository = adminDevices ? { ...stored, ofAdmins: () => adminDevices.get() } : stored;
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
    durable,
    allowHttpEndpoints: config.pushAllowHttpEndpoints,
    recordForPlayer,
    devicesChanged: keep?.devicesChanged,
  });
  return {
    service,
    routes: pushRoutes(service),
    close: () => sender.close(),
    /** A user changed (a role, a device, 0: anyone): the admins' devices are read again. */
    forgetAdminDevices: () => adminDevices?.forget(),
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
