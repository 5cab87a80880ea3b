import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, useEffect } from 'react';
import { AppProviders } from './providers';
import type { AppRouter } from './router';

/** Renders nothing; its effect runs in the browser once the app has committed its first screen. */
function Committed({ onCommitted }: { onCommitted?: () => void }) {
  useEffect(() => onCommitted?.(), [onCommitted]);
  return null;
}

/**
 * The whole app. The build draws the signed-out screens with this same tree (src/prerender/render.tsx) and the browser
 * hydrates them with it, so both must stay one component: any difference in the tree changes React's ids and the markup.
 */
export function AppRoot({ queryClient, router, onCommitted }: { queryClient: QueryClient; router: AppRouter; onCommitted?: () => void }) {
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
      <Committed onCommitted={onCommitted} />
    </StrictMode>
  );
}
