import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { getUserData, setCurrentUser } from '@/lib/current-user';
import { useAdminStatus } from '../api/get-admin-status';
import type { AdminScreen, AdminScreens } from './admin-screens';

/** The player's role as home knows it, and whether Admin Control (on which list) or the settings are open. */
export function useAdminEntry(username: string, openAdmin: AdminScreen | undefined, admin: AdminScreens | undefined) {
  const navigate = useNavigate();
  const { isAdmin, isSuperAdmin } = useAdminStatus(username);
  const [adminOpen, setAdminOpen] = useState(false);
  const [adminScreen, setAdminScreen] = useState<AdminScreen | undefined>(undefined);
  const [settingsOpen, setSettingsOpen] = useState(false);

  // An admin's device keeps the admin code: fetched now (for this visit) and cached by the service worker (for
  // the next visit offline, and again for each update), so Admin Control opens at a drop with no signal. Its lists
  // are loaded too, so each has a saved copy to show there.
  const prepareAdmin = admin?.prepare;
  useEffect(() => {
    if (isAdmin) prepareAdmin?.({ isSuperAdmin });
  }, [isAdmin, isSuperAdmin, prepareAdmin]);

  // A notification's link opens Admin Control on its list (for an admin; anyone else just sees home).
  useEffect(() => {
    if (!openAdmin || !isAdmin) return;
    setAdminScreen(openAdmin);
    setAdminOpen(true);
    void navigate({ to: '/', search: {}, replace: true });
  }, [openAdmin, isAdmin, navigate]);

  // Keep the stored flags current so the fallback of a failed check is the latest known role.
  useEffect(() => {
    const stored = getUserData();
    if (stored && (stored.isAdmin !== isAdmin || stored.isSuperAdmin !== isSuperAdmin))
      setCurrentUser({ ...stored, isAdmin, isSuperAdmin });
  }, [isAdmin, isSuperAdmin]);

  return {
    isAdmin,
    isSuperAdmin,
    openControl: () => setAdminOpen(true),
    openSettings: () => setSettingsOpen(true),
    /** Admin Control as `admin` draws it, while it is open. */
    control: adminOpen
      ? admin?.control({
          initialView: adminScreen === 'control' ? undefined : adminScreen,
          onClose: () => {
            setAdminOpen(false);
            setAdminScreen(undefined);
          },
        })
      : null,
    settings: settingsOpen ? admin?.settings({ onClose: () => setSettingsOpen(false) }) : null,
  };
}
