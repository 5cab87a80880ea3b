import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
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

// The charts are the real components over a uPlot that draws nothing (src/test/uplot-stand-in.ts, resolved for 'uplot'
// in this project by vitest.config.ts, not a vi.mock: a mock of the chart modules here did not always take, and the
// real uPlot then loaded in jsdom). jsdom has no ResizeObserver; the charts watch their box with one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
