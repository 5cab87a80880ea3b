/** A user's roles as the API answers them. */
export interface Roles {
  isAdmin?: boolean | null;
  isSuperAdmin?: boolean | null;
}

/** Admin access: admins and the super admin, who can do everything an admin can. */
export function hasAdminAccess(roles: Roles | null | undefined): boolean {
  return Boolean(roles?.isAdmin || roles?.isSuperAdmin);
}
