/** The per-user admin marker kept in local browser storage; a new account must not inherit a stale one. */
export function adminMarkerKey(username: string): string {
  return `isAdmin_${username}`;
}

/** Removes the admin marker of a user (done at signup). */
export function removeAdminMarker(username: string): void {
  try {
    localStorage.removeItem(adminMarkerKey(username));
  } catch {
    /* storage unavailable */
  }
}
