import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { setUnauthorizedHandler } from './lib/api-client';
import { clearCurrentUser } from './lib/current-user';
import { finishHandOver, takeOverPrerendered } from './lib/prerender-handoff';
import { createQueryClient } from './lib/query-client';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

// A 401 means the session is gone: forget the stored user and go to /login (DESIGN §3), which says why.
setUnauthorizedHandler(() => {
  clearCurrentUser();
  queryClient.clear();
  void router.navigate({ to: '/login' });
});

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

// The service worker and the outbox drain start once the first screen is up (their code is a chunk of its own).
setTimeout(() => void import('./lib/background-start').then((m) => m.startInBackground(queryClient)), 0);
