import { createHash, randomInt } from 'node:crypto';

/** How many recovery codes an admin gets when an authenticator app is confirmed. */
export const RECOVERY_CODE_COUNT = 10;

// Lowercase letters and digits without the look-alikes (0/o, 1/l/i), so a code copied by hand is read back right.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A new recovery code, 'xxxxx-xxxxx' (10 characters from 31: about 49 bits, and the code check is rate limited). */
export function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** The stored form of a code: SHA-256 hex of it lowercased, without its dash or spaces (as a person may type it). */
export const recoveryCodeHash = (code: string): string =>
  createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, '')).digest('hex');
