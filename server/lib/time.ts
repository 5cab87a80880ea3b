/** The current time as the API writes it (ISO 8601, UTC). */
export function nowIso(): string {
  return new Date().toISOString();
}
