import { formatter } from '@lingui/format-json';
import { defineConfig } from '@lingui/conf';

/**
 * The message catalogues (DESIGN.md §15). English is the source: the specification's words. Each language's texts are
 * one JSON file of `id: ICU MessageFormat`, compiled by @lingui/vite-plugin when the app imports it (`?lingui`), so the
 * browser gets compiled messages and no parser. A message missing from a language fails the build (vite.config.ts,
 * `failOnMissing`) and the unit check (src/lib/i18n/catalogues.test.ts).
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es', 'pt-BR'],
  catalogs: [
    // The staff screens' texts, loaded only with their code (src/lib/i18n/i18n.ts, loadStaffTexts).
    {
      path: '<rootDir>/locales/{locale}/staff',
      include: ['<rootDir>/src/features/admin', '<rootDir>/src/features/super-admin', '<rootDir>/src/features/catalogue'],
    },
    { path: '<rootDir>/locales/{locale}/player', include: ['<rootDir>/src'] },
  ],
  format: formatter({ style: 'minimal' }),
});
