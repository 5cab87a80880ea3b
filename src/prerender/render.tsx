import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet } from 'styled-components';
import { AppProviders } from '../app/providers';
import { createAppRouter } from '../app/router';
import { createQueryClient } from '../lib/query-client';

/** The markup and styles of a signed-out screen, rendered at build time so it paints before any JavaScript runs. */
export async function render(url: string): Promise<{ html: string; styles: string }> {
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [url] }));
  await router.load();
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(
      sheet.collectStyles(
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>,
      ),
    );
    return { html, styles: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}

export { prerenderedPage } from '../../scripts/prerender-html';
