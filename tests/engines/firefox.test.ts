// The core journey on Firefox ESR (WebDriver BiDi through puppeteer-core). See journey.ts.
import { describe } from 'vitest';
import { PHONE } from '../support/browser';
import { launchFirefox } from './firefox';
import { defineJourney } from './journey';

describe('Firefox: the core journey at 390 × 844', () => {
  defineJourney((baseUrl) => launchFirefox({ baseUrl, size: PHONE }));
});
