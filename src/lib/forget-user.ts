import { contactKey, getDb, kvSet, SIGNED_IN_USER_KEY, SNAPSHOT_PREFIX } from './db';
import { userImageCache } from './sw-messages';

/**
 * Forgets on this device what belonged to a user whose session ended (logout, a 401, another user signing in; issue
 * 29.6): the last lists and credit received (the offline snapshots), the contact cache, and the photos the service
 * worker kept for them. The cart and the outbox stay: they are the user's own unsent work, read only under their name.
 */
export async function forgetUserData(username: string | null): Promise<void> {
  await Promise.all([
    (async () => {
      const db = await getDb();
      const tx = db.transaction('kv', 'readwrite');
      for (const key of await tx.store.getAllKeys()) {
        if (typeof key === 'string' && (key.startsWith(SNAPSHOT_PREFIX) || (username !== null && key === contactKey(username))))
          await tx.store.delete(key);
      }
      // Only when it still names them: the next user may already have been named.
      if (username === null || (await tx.store.get(SIGNED_IN_USER_KEY)) === username) await tx.store.delete(SIGNED_IN_USER_KEY);
      await tx.done;
    })(),
    username !== null && typeof caches !== 'undefined' ? caches.delete(userImageCache(username)) : Promise.resolve(false),
  ]).catch(() => undefined);
}

/** Tells the service worker whose session this browser now holds: it answers cached photos only to that user. */
export const rememberSignedInUser = (username: string) => kvSet(SIGNED_IN_USER_KEY, username).catch(() => undefined);
