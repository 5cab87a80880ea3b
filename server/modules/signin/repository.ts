import type { Tx } from '../../db/scope';
import type { Insertable } from 'kysely';
import type { Tables } from '../../db/tables';

/** How long a WebAuthn challenge may be answered. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

/** Authenticator apps (TOTP), passkeys, WebAuthn challenges, and the sessions that passed a second factor. */
export const signinRepository = {
  findTotp: (tx: Tx, userId: number) => tx.kysely().selectFrom('user_totp').selectAll().where('user_id', '=', userId).executeTakeFirst(),
  /** A new, unconfirmed secret; replaces an earlier unconfirmed one. */
  startTotp: (tx: Tx, userId: number, secret: string, now: number) =>
    tx
      .kysely()
      .insertInto('user_totp')
      .values({ user_id: userId, secret, created_at: now, enabled_at: null, last_step: null })
      .onConflict((c) => c.column('user_id').doUpdateSet({ secret, created_at: now, enabled_at: null, last_step: null }))
      .execute(),
  /** Records an accepted code's step (and enables the app on its first code); false when that step was already used. */
  async acceptTotpStep(tx: Tx, userId: number, step: number, now: number): Promise<boolean> {
    const result = await tx
      .kysely()
      .updateTable('user_totp')
      .set((eb) => ({ last_step: step, enabled_at: eb.fn.coalesce('enabled_at', eb.val(now)) }))
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },
  /** Removes the authenticator app and its recovery codes. */
  async deleteTotp(tx: Tx, userId: number) {
    await tx.kysely().deleteFrom('totp_recovery_codes').where('user_id', '=', userId).execute();
    await tx.kysely().deleteFrom('user_totp').where('user_id', '=', userId).execute();
  },
  /** Replaces a user's recovery codes with these hashes. */
  async replaceRecoveryCodes(tx: Tx, userId: number, hashes: string[], now: number) {
    await tx.kysely().deleteFrom('totp_recovery_codes').where('user_id', '=', userId).execute();
    await tx
      .kysely()
      .insertInto('totp_recovery_codes')
      .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: now, used_at: null })))
      .execute();
  },
  /** Spends an unused recovery code; false when it is not one of the user's or was used already. */
  async useRecoveryCode(tx: Tx, userId: number, hash: string, now: number): Promise<boolean> {
    const result = await tx
      .kysely()
      .updateTable('totp_recovery_codes')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('code_hash', '=', hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  listPasskeys: (tx: Tx, userId: number) =>
    tx.kysely().selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('created_at').execute(),
  countPasskeys: async (tx: Tx, userId: number) =>
    Number(
      (
        await tx
          .kysely()
          .selectFrom('passkeys')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirst()
      )?.n ?? 0,
    ),
  findPasskey: (tx: Tx, id: string) => tx.kysely().selectFrom('passkeys').selectAll().where('id', '=', id).executeTakeFirst(),
  insertPasskey: (tx: Tx, row: Omit<Insertable<Tables['passkeys']>, 'last_used_at'>) =>
    tx
      .kysely()
      .insertInto('passkeys')
      .values({ ...row, last_used_at: null })
      .execute(),
  usePasskey: (tx: Tx, id: string, counter: number, now: number) =>
    tx.kysely().updateTable('passkeys').set({ counter, last_used_at: now }).where('id', '=', id).execute(),
  /** Every passkey of a user; answers how many there were. */
  deletePasskeysOf: async (tx: Tx, userId: number) =>
    Number((await tx.kysely().deleteFrom('passkeys').where('user_id', '=', userId).executeTakeFirst()).numDeletedRows),
  deletePasskey: async (tx: Tx, userId: number, id: string) =>
    Number((await tx.kysely().deleteFrom('passkeys').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst()).numDeletedRows),

  /** Stores a challenge, first forgetting those too old to be answered. */
  async insertChallenge(tx: Tx, challenge: string, purpose: 'register' | 'login', userId: number | null, now: number) {
    await tx
      .kysely()
      .deleteFrom('webauthn_challenges')
      .where('created_at', '<', now - CHALLENGE_TTL_MS)
      .execute();
    await tx.kysely().insertInto('webauthn_challenges').values({ challenge, purpose, user_id: userId, created_at: now }).execute();
  },
  /** Takes a challenge (it works once): its row when it was handed out for this purpose within the time allowed. */
  async takeChallenge(tx: Tx, challenge: string, purpose: 'register' | 'login', now: number) {
    const row = await tx.kysely().selectFrom('webauthn_challenges').selectAll().where('challenge', '=', challenge).executeTakeFirst();
    if (!row) return undefined;
    const taken = await tx.kysely().deleteFrom('webauthn_challenges').where('challenge', '=', challenge).executeTakeFirst();
    if (Number(taken.numDeletedRows) !== 1 || row.purpose !== purpose || now - row.created_at > CHALLENGE_TTL_MS) return undefined;
    return row;
  },

  sessionPassed: async (tx: Tx, tokenHash: string) =>
    !!(await tx.kysely().selectFrom('session_second_factor').select('token_hash').where('token_hash', '=', tokenHash).executeTakeFirst()),
  markSessionPassed: (tx: Tx, tokenHash: string, method: 'totp' | 'passkey' | 'recovery-code', now: number) =>
    tx
      .kysely()
      .insertInto('session_second_factor')
      .values({ token_hash: tokenHash, method, passed_at: now })
      .onConflict((c) => c.column('token_hash').doUpdateSet({ method, passed_at: now }))
      .execute(),
};

/** The repository (signinRepository): one module-level object of small named queries, kept behind the factory callers use. */
export function createSigninRepository() {
  return signinRepository;
}
export type SigninRepository = ReturnType<typeof createSigninRepository>;
