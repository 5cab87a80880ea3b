import type { QueryClient } from '@tanstack/react-query';
import { Outlet, createRootRouteWithContext, lazyRouteComponent } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useBrowserProtection } from '../app/use-browser-protection';
import { RouteErrorPage } from '../components/route-error-page';
import { whenIdle } from '../lib/when-idle';

// Not needed for the first paint, so not in the first download: the toasts' outlet, the offline pill with the update
// prompt and the drain after a login, and the 404 page. (The error page stays: it must show even when a chunk fails.)
const loadToaster = () => import('../components/toaster');
const loadOfflineLayer = () => import('../features/offline/components/offline-layer');
const Toaster = lazy(() => loadToaster().then((m) => ({ default: m.Toaster })));
const OfflineLayer = lazy(() => loadOfflineLayer().then((m) => ({ default: m.OfflineLayer })));
const loadInstallLayer = () => import('../features/install/components/install-layer');
const InstallLayer = lazy(() => loadInstallLayer().then((m) => ({ default: m.InstallLayer })));

/**
 * The toasts' outlet and the offline layer, drawn once the first screen is up and the browser has had a quiet moment
 * for each chunk: fetching one adds a preload link per dependency (several ms each at 4× CPU) and drawing them during
 * the first screen's hydration made one long task of it (a CPU profile of a cold '/'). A toast raised before they
 * are drawn waits in the toast store and shows then.
 */
function LateLayers() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancelNext = () => {};
    // A chunk that arrives after the app is gone (a test's teardown, a hot reload) sets nothing.
    let gone = false;
    const cancelFirst = whenIdle(() => {
      void loadToaster()
        .catch(() => undefined)
        .then(() => {
          if (gone) return;
          cancelNext = whenIdle(() => {
            void Promise.all([loadOfflineLayer(), loadInstallLayer()])
              .catch(() => undefined)
              .then(() => {
                if (!gone) setReady(true);
              });
          });
        });
    });
    return () => {
      gone = true;
      cancelFirst();
      cancelNext();
    };
  }, []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
      <OfflineLayer />
      <InstallLayer />
    </Suspense>
  );
}

export interface RouterContext {
  queryClient: QueryClient;
}

function RootLayout() {
  useBrowserProtection();
  return (
    <>
      <Outlet />
      <LateLayers />
    </>
  );
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: lazyRouteComponent(() => import('../components/not-found-page'), 'NotFoundPage'),
  errorComponent: RouteErrorPage,
});
