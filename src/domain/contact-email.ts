/** The email a purchase request is answered at: the one sent with it, else the account's contact email, else none. */
export function requestContactEmail(given: string | null | undefined, account: string | null | undefined): string | null {
  return given?.trim() || account?.trim() || null;
}
