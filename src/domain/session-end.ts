/**
 * Why a session is no longer valid, as the server tells it: in a 401 answer's `reason` and as the close reason of the
 * socket (code 4401). The browser says it to the player in plain words.
 */
export const SESSION_END_REASONS = [
  'session-ended',
  'admin-removed',
  'password-changed',
  'account-deleted',
  'second-factor-reset',
] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

export const isSessionEndReason = (value: unknown): value is SessionEndReason =>
  typeof value === 'string' && (SESSION_END_REASONS as readonly string[]).includes(value);
