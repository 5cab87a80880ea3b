import { hash, verify, type Algorithm } from '@node-rs/argon2';

// Algorithm is an ambient const enum; Argon2id is 2.
const ARGON2ID = 2 as Algorithm;

// OWASP's argon2id minimum: 19 MiB, 2 iterations, 1 lane.
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | null = null;

/** Checks a password; with no stored hash it still spends the same time, so unknown names are not revealed by timing. */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('no-such-user-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
