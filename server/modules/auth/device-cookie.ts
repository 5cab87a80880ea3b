import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Tx } from '../../db/scope';
import { nowIso } from '../../lib/time';
import { readCookie } from './session-cookie';

/**
 * The device cookie (OWASP "Slow Down Online Guessing Attacks with Device Cookies", issue 29.2): a browser that has
 * signed in to an account holds `bm_device` = `{name}.{nonce}.{signature}`, signed with a key the server keeps in the
 * database. On that account it gets a password budget of its own and is spared the per-address limit, so guesses
 * from elsewhere cannot lock its owner out. It proves nothing else: it is never a session.
 */
export const DEVICE_COOKIE = 'bm_device';
const KEY_NAME = 'device-cookie';
/** A year: the device stays known as long as the player keeps using it. */
const DEVICE_COOKIE_MS = 365 * 24 * 3600 * 1000;

const normalise = (username: string) => username.trim().toLowerCase();

export function createDeviceCookies(tx: Tx) {
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
    /** The device's id when the request carries a valid device cookie for this username, else null. */
    async knownDevice(req: Request, username: unknown): Promise<string | null> {
      const value = readCookie(req.headers.cookie, DEVICE_COOKIE);
      if (!value || value.length > 200 || typeof username !== 'string') return null;
      const [name, nonce, signature] = value.split('.');
      if (!name || !nonce || !signature) return null;
      if (Buffer.from(name, 'base64url').toString() !== normalise(username)) return null;
      const expected = Buffer.from(await sign(`${name}.${nonce}`));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
    },

    /** Gives the browser a device cookie for the account it just signed in to (kept when it already has one). */
    async issue(req: Request, res: Response, username: string, secure: boolean) {
      if (await this.knownDevice(req, username)) return;
      const name = Buffer.from(normalise(username)).toString('base64url');
      const nonce = randomBytes(16).toString('base64url');
      res.cookie(DEVICE_COOKIE, `${name}.${nonce}.${await sign(`${name}.${nonce}`)}`, {
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
