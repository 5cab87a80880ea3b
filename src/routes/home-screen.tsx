import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { Dialog } from '../components/dialog';
import { LoadError } from '../components/load-error';
import { retryableLazy } from '../components/retryable-lazy';
import { HomePage, type AdminScreens } from '../features/home/components/home-page';
import { SecondFactorGate } from '../features/signin/components/second-factor-gate';
import { cacheAdminCode } from '../lib/sw-register';
import { i18n, loadStaffTexts } from '../lib/i18n/i18n';

/** Shown when an admin screen's code could not be fetched (offline before it was ever cached): Retry or close. */
const adminLoadError = (retry: () => void, props: { onClose: () => void }) => (
  <Dialog open title={i18n._('Admin')} onClose={props.onClose}>
    <LoadError title={i18n._("This screen couldn't be opened")} onRetry={retry} />
  </Dialog>
);

/** Staff code with its texts: a staff screen renders only once its words are there, in the language shown. */
const withStaffTexts = <T,>(code: Promise<T>): Promise<T> => Promise.all([code, loadStaffTexts()]).then(([loaded]) => loaded);

// Admin code is only downloaded by admins: fetched ahead once an admin is signed in, and kept by the service worker.
const SuperAdminSettings = retryableLazy(
  () => withStaffTexts(import('../features/super-admin/components/super-admin-settings')).then((m) => m.SuperAdminSettings),
  adminLoadError,
);
// The Admin button's live count: admin code, so loaded only once the user is known to be an admin.
const AdminBadge = lazy(() => withStaffTexts(import('../features/admin/components/admin-badge')));
// The gear's count of disputes to decide: super admin code, loaded only once the user is known to be the super admin.
const DisputesBadge = lazy(() => withStaffTexts(import('../features/super-admin/components/disputes-badge')));

/**
 * The signed-in home with the screens its settings button opens; `children` is drawn over it (Admin Control, on its
 * routes: src/routes/admin.tsx).
 */
export function HomeScreen({ children }: { children?: ReactNode }) {
  const queryClient = useQueryClient();
  const admin = useMemo<AdminScreens>(
    () => ({
      // An admin's device keeps the admin code: fetched now (for this visit) and cached by the service worker (for the
      // next visit offline, and again for each update), so Admin Control opens at a drop with no signal. Its lists are
      // loaded too, so each has a saved copy to show there.
      prepare: ({ isSuperAdmin }) => {
        // Admin Control's code (its routes' screen: ./admin-screen, src/routes/admin.tsx) and words.
        void withStaffTexts(import('../features/admin/components/admin-control')).catch(() => undefined);
        void import('../features/admin/api/prefetch-admin-data').then((m) => m.prefetchAdminData(queryClient)).catch(() => undefined);
        if (isSuperAdmin) {
          void SuperAdminSettings.preload();
          void import('../features/super-admin/api/prefetch-super-admin-data')
            .then((m) => m.prefetchSuperAdminData(queryClient))
            .catch(() => undefined);
        }
        cacheAdminCode();
      },
      // An admin gives the second factor (or sets one up) before the settings open (issue 29.9; Admin Control too).
      settings: ({ onClose }) => (
        <SecondFactorGate onClose={onClose}>
          <SuperAdminSettings open onClose={onClose} />
        </SecondFactorGate>
      ),
      badge: () => (
        <Suspense fallback={null}>
          <AdminBadge />
        </Suspense>
      ),
      settingsBadge: () => (
        <Suspense fallback={null}>
          <DisputesBadge />
        </Suspense>
      ),
    }),
    [queryClient],
  );
  return <HomePage admin={admin}>{children}</HomePage>;
}
