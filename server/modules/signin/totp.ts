import { Secret, TOTP } from 'otpauth';

const PERIOD_S = 30;
const ISSUER = 'Blockspin Market';

const totpFor = (secret: string, username: string) =>
  new TOTP({ issuer: ISSUER, label: username, algorithm: 'SHA1', digits: 6, period: PERIOD_S, secret: Secret.fromBase32(secret) });

/** A new 160-bit TOTP secret, base32 (what authenticator apps take). */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// URI an authenticator app scans. */
export const totpUri = (secret: string, username: string): string => totpFor(secret, username).toString();

/**
 * The 30-second step a code belongs to, or null when it is wrong. One step either side is accepted (a phone's clock a
 * little off, a code typed as it changed); the caller refuses a step already used, so a code works once.
 */
export function totpStep(secret: string, username: string, code: string, now: number): number | null {
  const delta = totpFor(secret, username).validate({ token: code.replace(/\s/g, ''), timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_S) + delta;
}
