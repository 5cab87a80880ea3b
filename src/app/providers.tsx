import { I18nProvider } from '@lingui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { theme } from '../components/theme';
import { i18n } from '../lib/i18n/i18n';

/** Providers shared by the app and component tests. The global styles are a static stylesheet (global-style.ts); the texts are
 * those of the language activated before the first render (src/lib/i18n/i18n.ts). */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <I18nProvider i18n={i18n}>{children}</I18nProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
