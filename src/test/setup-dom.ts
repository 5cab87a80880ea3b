import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { createElement } from 'react';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { activateLocale } from '../lib/i18n/i18n';

// findBy…/waitFor give up after 8 s instead of 1: a lazily loaded screen's first render can take more than a second
// on a busy machine (its modules are transformed on demand); with two busy loops beside the suite, 3 s was not enough
// for the account page's tiles. A wait ends as soon as it passes; something that never appears still fails.
configure({ asyncUtilTimeout: 8_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// The screens' texts, in English (the language a browser whose languages are English gets).
await activateLocale('en');

// The dashboard's charts are drawn by uPlot on a canvas, which jsdom lacks (no matchMedia, ResizeObserver or 2D
// context): in every component test they are stand-ins that say what they were given (the real ones are drawn in the
// browser tests). Mocked here, before any file imports anything, so no file of a worker ever loads the real chunk (a
// mock in one test file came too late when another file of the same worker had loaded it first).
vi.mock('@/features/super-admin/components/dashboard-chart', () => {
  const chart = (name: string) => (props: { daily?: readonly unknown[]; items?: readonly unknown[] }) =>
    createElement('div', {
      role: 'img',
      'aria-label': `${name}, ${(props.daily ?? props.items ?? []).length} points`,
      'data-testid': name,
    });
  return { default: chart('dashboard-chart'), KeptChart: chart('kept-chart'), TopItemsChart: chart('top-items-chart') };
});
