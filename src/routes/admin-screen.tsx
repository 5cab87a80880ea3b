import { Outlet, useMatch, useMatches, useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useCallback } from 'react';
import { AdminControl, AdminScreenBody } from '../features/admin/components/admin-control';
import { pathView, viewPath, type AdminView } from '../features/admin/components/admin-views';
import { SecondFactorGate } from '../features/signin/components/second-factor-gate';
import { HomeScreen } from './home-screen';

// The notifications offer shown under Admin Control's menu; loaded with it, only by admins.
const AdminNotificationOffer = lazy(() =>
  import('../features/notifications/components/notification-offer').then((m) => ({
    default: () => <m.NotificationOffer audience="admin" />,
  })),
);

/** The screen at an address below /admin: /admin is the menu, /admin/pending a list (src/routes/admin.tsx). */
function useAdminView(pathname: string): AdminView {
  // The search of /admin (adminSearch, src/routes/search-params.ts): a list opened on a record.
  const q = useSearch({ strict: false, select: (search) => search.q });
  return pathView(pathname.replace(/^\/admin\/?/, '').replace(/\/$/, ''), q);
}

/** Opens a screen by its address: each is a step in the history (Back returns), a switch within one list replaces it. */
function useOpenView(current: AdminView) {
  const navigate = useNavigate();
  return useCallback(
    (view: AdminView) => void navigate({ ...viewPath(view), replace: view.name === current.name && view.name !== 'menu' }),
    [navigate, current.name],
  );
}

/** /admin…: home, with Admin Control over it on the screen the child route draws (its outlet). */
export function AdminScreen() {
  const navigate = useNavigate();
  // The leaf route is the screen whose loader has filled its lists: the title changes with its body.
  const pathname = useMatches({ select: (matches) => matches[matches.length - 1]?.pathname ?? '' });
  const view = useAdminView(pathname);
  const onOpen = useOpenView(view);
  const close = () => void navigate({ to: '/' });
  // An admin gives the second factor (or sets one up) before Admin Control opens (issue 29.9).
  return (
    <HomeScreen>
      <SecondFactorGate onClose={close}>
        <AdminControl open view={view} onOpen={onOpen} onClose={close}>
          <Outlet />
        </AdminControl>
      </SecondFactorGate>
    </HomeScreen>
  );
}

/** One screen's body: the menu (with the notifications offer) or a list, from the route's address. */
export function AdminBody() {
  const pathname = useMatch({ strict: false, select: (match) => match.pathname });
  const view = useAdminView(pathname);
  const onOpen = useOpenView(view);
  return (
    <AdminScreenBody
      view={view}
      onOpen={onOpen}
      menuExtra={
        <Suspense fallback={null}>
          <AdminNotificationOffer />
        </Suspense>
      }
    />
  );
}
