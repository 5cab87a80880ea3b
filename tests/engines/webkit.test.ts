// The core journey on WebKitGTK (WebKitWebDriver under Xvfb, the project's phone-sized browser). See journey.ts.
import { describe } from 'vitest';
import { PHONE } from '../support/browser';
import { defineJourney } from './journey';
import { launchWebKit } from './webkit';

describe('WebKit: the core journey at 390 × 844', () => {
  defineJourney((baseUrl) => launchWebKit({ baseUrl, size: PHONE }));
});
