import type { ReactNode } from 'react';

/** Admin Control lists a link may open; `control` opens its menu (the installed app's Admin Control shortcut). */
export type AdminScreen = 'control' | 'pending' | 'submissions' | 'outbox';

/**
 * The admin screens home opens. They belong to other features, so src/routes passes them in: home decides only when
 * they show. `prepare` runs once the role is known (an admin's device fetches their code and lists ahead).
 */
export interface AdminScreens {
  prepare: (role: { isSuperAdmin: boolean }) => void;
  control: (props: { initialView?: Exclude<AdminScreen, 'control'>; onClose: () => void }) => ReactNode;
  settings: (props: { onClose: () => void }) => ReactNode;
  /** The Admin button's live count of what waits (admins only). */
  badge?: () => ReactNode;
  /** The settings gear's count of disputes to decide (the super admin only; issue 47.6). */
  settingsBadge?: () => ReactNode;
}
