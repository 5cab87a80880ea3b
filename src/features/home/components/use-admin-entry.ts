import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { getUserData, setCurrentUser } from '@/lib/current-user';
import { useAdminStatus } from '../api/get-admin-status';
import type { AdminScreens } from './admin-screens';

/** The player's role as home knows it, and whether the settings are open (Admin Control is its route, /admin). */
export function useAdminEntry(username: string, admin: AdminScreens | undefined) {
  const navigate = useNavigate();
  const { isAdmin, isSuperAdmin } = useAdminStatus(username);
  const [settingsOpen, setSettingsOpen] = useState(false);

  // An admin's device keeps the admin code: fetched now (for this visit) and cached by the service worker (for
  // the next visit offline, and again for each update), so Admin Control opens at a drop with no signal. Its lists
  // are loaded too, so each has a saved copy to show there.
  const prepareAdmin = admin?.prepare;
  useEffect(() => {
    if (isAdmin) prepareAdmin?.({ isSuperAdmin });
  }, [isAdmin, isSuperAdmin, prepareAdmin]);

  // Keep the stored flags current so the fallback of a failed check is the latest known role.
  useEffect(() => {
    const stored = getUserData();
    if (stored && (stored.isAdmin !== isAdmin || stored.isSuperAdmin !== isSuperAdmin))
      setCurrentUser({ ...stored, isAdmin, isSuperAdmin });
  }, [isAdmin, isSuperAdmin]);

  return {
    isAdmin,
    isSuperAdmin,
    openControl: () => void navigate({ to: '/admin/' }),
    openSettings: () => setSettingsOpen(true),
    settings: settingsOpen ? admin?.settings({ onClose: () => setSettingsOpen(false) }) : null,
  };
}
