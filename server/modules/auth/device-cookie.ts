import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Tx } from '../../db/scope';
import { nowIso } from '../../lib/time';
import type { UsersRepository } from '../users/repository';
import { readCookie } from './session-cookie';

/**
 * The device cookie (OWASP "Slow Down Online Guessing Attacks with Device Cookies", issue 29.2): a browser that has
 * signed in to an account holds `bm_device` = `{account}.{nonce}.{signature}`, signed with a key the server keeps in
 * the database. On that account it gets a password budget of its own and is spared the per-address limit, so guesses
 * from elsewhere cannot lock its owner out. It proves nothing else: it is never a session.
 *
 * It names the account by its id, never its name (issue 45.2): ids are never reused, so the cookie of a deleted
 * account is worth nothing to the next account that takes the name.
 */
export const DEVICE_COOKIE = 'bm_device';
const KEY_NAME = 'device-cookie';
/** A year: the device stays known as long as the player keeps using it. */
const DEVICE_COOKIE_MS = 365 * 24 * 3600 * 1000;

/** The signed part naming the account: `id:{n}` (older cookies named the username and are no longer honoured). */
const accountPart = (userId: number) => Buffer.from(`id:${userId}`).toString('base64url');

export function createDeviceCookies(tx: Tx, users: Pick<UsersRepository, 'findByName'>) {
  let key: Promise<Buffer> | null = null;
  /** The signing key: made once (the first process to insert it wins), then read. */
  const signingKey = () =>
    (key ??= tx
      .run(async (tx) => {
        await tx
          .kysely()
          .insertInto('server_keys')
          .values({ name: KEY_NAME, value: randomBytes(32).toString('base64url'), created_at: nowIso() })
          .onConflict((conflict) => conflict.column('name').doNothing())
          .execute();
        const row = await tx.kysely().selectFrom('server_keys').select('value').where('name', '=', KEY_NAME).executeTakeFirstOrThrow();
        return Buffer.from(row.value, 'base64url');
      })
      .catch((error: unknown) => {
        key = null;
        throw error;
      }));
  const sign = async (payload: string) =>
    createHmac('sha256', await signingKey())
      .update(payload)
      .digest('base64url');

  return {
    /** The device's id when the request carries a valid device cookie for the (living) account of this username, else null. */
    async knownDevice(req: Request, username: unknown): Promise<string | null> {
      const value = readCookie(req.headers.cookie, DEVICE_COOKIE);
      if (!value || value.length > 200 || typeof username !== 'string' || username.length > 64) return null;
      const [account, nonce, signature] = value.split('.');
      if (!account || !nonce || !signature) return null;
      const row = await users.findByName(tx, username.trim());
      if (!row || account !== accountPart(row.id)) return null;
      const expected = Buffer.from(await sign(`${account}.${nonce}`));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
    },

    /** Gives the browser a device cookie for the account it just signed in to (kept when it already has one). */
    async issue(req: Request, res: Response, username: string, secure: boolean) {
      if (await this.knownDevice(req, username)) return;
      const row = await users.findByName(tx, username);
      if (!row) return;
      const account = accountPart(row.id);
      const nonce = randomBytes(16).toString('base64url');
      res.cookie(DEVICE_COOKIE, `${account}.${nonce}.${await sign(`${account}.${nonce}`)}`, {
        httpOnly: true,
        sameSite: 'lax',
        secure,
        // Only the calls that check a password read it.
        path: '/api/marketplace',
        maxAge: DEVICE_COOKIE_MS,
      });
    },
  };
}
export type DeviceCookies = ReturnType<typeof createDeviceCookies>;
