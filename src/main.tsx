import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { setUnauthorizedHandler } from './lib/api-client';
import { clearCurrentUser } from './lib/current-user';
import { startOutbox } from './lib/outbox-triggers';
import { finishHandOver, takeOverPrerendered } from './lib/prerender-handoff';
import { createQueryClient } from './lib/query-client';
import { registerServiceWorker } from './lib/sw-register';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

// A 401 means the session is gone: forget the stored user and go to /login (DESIGN §3).
setUnauthorizedHandler(() => {
  clearCurrentUser();
  queryClient.clear();
  void router.navigate({ to: '/login' });
});

// Issue 5: the service worker (offline shell, update prompt) and the outbox drain triggers.
registerServiceWorker();
startOutbox(queryClient);

const root = document.getElementById('root')!;
const render = () =>
  createRoot(root).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );

// A screen the server sent already drawn is replaced only once its code is here, so it never blinks empty; what the
// visitor typed into it meanwhile is carried over (src/lib/prerender-handoff.ts).
if (takeOverPrerendered(root)) {
  void router.load().finally(() => {
    render();
    requestAnimationFrame(() => requestAnimationFrame(finishHandOver));
  });
} else {
  render();
}
