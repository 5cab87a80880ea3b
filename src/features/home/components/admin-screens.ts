import type { ReactNode } from 'react';

/**
 * The admin screens home opens. They belong to other features, so src/routes passes them in: home decides only when
 * they show. `prepare` runs once the role is known (an admin's device fetches their code and lists ahead). Admin
 * Control is a route of its own (/admin, src/routes/admin.tsx), drawn over home.
 */
export interface AdminScreens {
  prepare: (role: { isSuperAdmin: boolean }) => void;
  settings: (props: { onClose: () => void }) => ReactNode;
  /** The Admin button's live count of what waits (admins only). */
  badge?: () => ReactNode;
  /** The settings gear's count of disputes to decide (the super admin only; issue 47.6). */
  settingsBadge?: () => ReactNode;
}
