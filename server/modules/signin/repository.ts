import type { Transactions } from '../../db/scope';

/** How long a WebAuthn challenge may be answered. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

/** Authenticator apps (TOTP), passkeys, WebAuthn challenges, and the sessions that passed a second factor. */
export function createSigninRepository() {
  return {
    findTotp: (tx: Transactions, userId: number) =>
      tx.q().selectFrom('user_totp').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    /** A new, unconfirmed secret; replaces an earlier unconfirmed one. */
    startTotp: (tx: Transactions, userId: number, secret: string, now: number) =>
      tx
        .q()
        .insertInto('user_totp')
        .values({ user_id: userId, secret, created_at: now, enabled_at: null, last_step: null })
        .onConflict((c) => c.column('user_id').doUpdateSet({ secret, created_at: now, enabled_at: null, last_step: null }))
        .execute(),
    /** Records an accepted code's step (and enables the app on its first code); false when that step was already used. */
    async acceptTotpStep(tx: Transactions, userId: number, step: number, now: number): Promise<boolean> {
      const result = await tx
        .q()
        .updateTable('user_totp')
        .set((eb) => ({ last_step: step, enabled_at: eb.fn.coalesce('enabled_at', eb.val(now)) }))
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    deleteTotp: (tx: Transactions, userId: number) => tx.q().deleteFrom('user_totp').where('user_id', '=', userId).execute(),

    listPasskeys: (tx: Transactions, userId: number) =>
      tx.q().selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('created_at').execute(),
    countPasskeys: async (tx: Transactions, userId: number) =>
      Number(
        (
          await tx
            .q()
            .selectFrom('passkeys')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('user_id', '=', userId)
            .executeTakeFirst()
        )?.n ?? 0,
      ),
    findPasskey: (tx: Transactions, id: string) => tx.q().selectFrom('passkeys').selectAll().where('id', '=', id).executeTakeFirst(),
    insertPasskey: (
      tx: Transactions,
      row: {
        id: string;
        user_id: number;
        public_key: string;
        counter: number;
        transports: string | null;
        name: string;
        created_at: number;
      },
    ) =>
      tx
        .q()
        .insertInto('passkeys')
        .values({ ...row, last_used_at: null })
        .execute(),
    usePasskey: (tx: Transactions, id: string, counter: number, now: number) =>
      tx.q().updateTable('passkeys').set({ counter, last_used_at: now }).where('id', '=', id).execute(),
    deletePasskey: async (tx: Transactions, userId: number, id: string) =>
      Number((await tx.q().deleteFrom('passkeys').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst()).numDeletedRows),

    /** Stores a challenge, first forgetting those too old to be answered. */
    async insertChallenge(tx: Transactions, challenge: string, purpose: 'register' | 'login', userId: number | null, now: number) {
      await tx
        .q()
        .deleteFrom('webauthn_challenges')
        .where('created_at', '<', now - CHALLENGE_TTL_MS)
        .execute();
      await tx.q().insertInto('webauthn_challenges').values({ challenge, purpose, user_id: userId, created_at: now }).execute();
    },
    /** Takes a challenge (it works once): its row when it was handed out for this purpose within the time allowed. */
    async takeChallenge(tx: Transactions, challenge: string, purpose: 'register' | 'login', now: number) {
      const row = await tx.q().selectFrom('webauthn_challenges').selectAll().where('challenge', '=', challenge).executeTakeFirst();
      if (!row) return undefined;
      const taken = await tx.q().deleteFrom('webauthn_challenges').where('challenge', '=', challenge).executeTakeFirst();
      if (Number(taken.numDeletedRows) !== 1 || row.purpose !== purpose || now - row.created_at > CHALLENGE_TTL_MS) return undefined;
      return row;
    },

    sessionPassed: async (tx: Transactions, tokenHash: string) =>
      !!(await tx.q().selectFrom('session_second_factor').select('token_hash').where('token_hash', '=', tokenHash).executeTakeFirst()),
    markSessionPassed: (tx: Transactions, tokenHash: string, method: 'totp' | 'passkey', now: number) =>
      tx
        .q()
        .insertInto('session_second_factor')
        .values({ token_hash: tokenHash, method, passed_at: now })
        .onConflict((c) => c.column('token_hash').doUpdateSet({ method, passed_at: now }))
        .execute(),
  };
}
export type SigninRepository = ReturnType<typeof createSigninRepository>;
