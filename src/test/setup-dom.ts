import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy…/waitFor give up after 3 s instead of 1: a lazily loaded screen's first render can take more than a second
// on a busy machine (its modules are transformed on demand). Something that never appears still fails.
configure({ asyncUtilTimeout: 3_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
