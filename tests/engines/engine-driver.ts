// One small interface over the two ways the engine journeys drive a browser: classic WebDriver (WebKitGTK through
// WebKitWebDriver) and WebDriver BiDi (Firefox ESR through puppeteer-core). The journey (journey.ts) is written once
// against it; what the player does is found by role and name inside the page (page-query.ts) and done with the
// driver's own clicks and keys.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describeQuery, type Query } from './page-query';
import { patient } from '../support/patience';

export type Engine = 'webkit' | 'firefox';

/** What each engine's adapter provides. */
export interface DriverCore {
  readonly engine: Engine;
  /** Opens a URL (absolute) and waits for its load. */
  open(url: string): Promise<void>;
  reload(): Promise<void>;
  currentUrl(): Promise<string>;
  /** Runs `source` (an expression, possibly a promise) in the page and returns its JSON value. */
  run<T>(source: string): Promise<T>;
  /** Clicks the element `query` finds now; false when there is none (yet). */
  tryClick(query: Query): Promise<boolean>;
  /** Replaces the text of the field `query` finds now by typing `value`; false when there is none (yet). */
  tryFill(query: Query, value: string): Promise<boolean>;
  /** Whether `query` finds a visible element now. */
  exists(query: Query): Promise<boolean>;
  screenshotPng(): Promise<Buffer>;
  close(): Promise<void>;
}

const SCREENSHOT_DIR = path.resolve('tests/e2e/screenshots');

/** The journey's view of a browser: the adapter plus waiting, in one place for both engines. */
export class EngineDriver {
  constructor(
    readonly core: DriverCore,
    readonly baseUrl: string,
  ) {}

  get engine(): Engine {
    return this.core.engine;
  }

  goto(pathname: string) {
    return this.core.open(new URL(pathname, this.baseUrl).href);
  }

  reload() {
    return this.core.reload();
  }

  async pathname(): Promise<string> {
    return new URL(await this.core.currentUrl()).pathname;
  }

  /** Runs `fn` in the page with JSON arguments; it may return a promise. */
  evaluate<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T> {
    return this.core.run<T>(`(${fn.toString()})(...${JSON.stringify(args)})`);
  }

  /** Polls until `check` answers something truthy (returned) or the time is up. */
  async until<T>(what: string, check: () => Promise<T>, timeout = 20_000): Promise<NonNullable<T>> {
    const deadline = Date.now() + patient(timeout);
    let last: unknown;
    for (;;) {
      try {
        const value = await check();
        if (value) return value as NonNullable<T>;
        last = value;
      } catch (error) {
        last = error;
      }
      if (Date.now() > deadline) throw new Error(`${this.engine}: timed out waiting for ${what} (last: ${String(last)})`);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }

  waitFor(query: Query, timeout?: number) {
    return this.until(describeQuery(query), () => this.core.exists(query), timeout);
  }

  waitGone(query: Query, timeout?: number) {
    return this.until(`${describeQuery(query)} to go`, async () => !(await this.core.exists(query)), timeout);
  }

  exists(query: Query) {
    return this.core.exists(query);
  }

  /** Waits until `query` finds a clickable element, then clicks it. */
  click(query: Query, timeout?: number) {
    return this.until(`${describeQuery(query)} to click`, () => this.core.tryClick(query), timeout);
  }

  fill(query: Query, value: string, timeout?: number) {
    return this.until(`${describeQuery(query)} to fill`, () => this.core.tryFill(query, value), timeout);
  }

  /** Sets a file on a hidden `<input type="file">` (by data-testid) as a picked photo would, and fires its change. */
  async pickFile(inputTestId: string, file: { name: string; type: string; bytes: Buffer }) {
    const base64 = file.bytes.toString('base64');
    await this.evaluate(
      (id: string, name: string, type: string, data: string) => {
        const input = document.querySelector<HTMLInputElement>(`[data-testid="${id}"]`);
        if (!input) throw new Error(`no file input ${id}`);
        const raw = atob(data);
        const bytes = new Uint8Array(raw.length);
        for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
        const transfer = new DataTransfer();
        transfer.items.add(new File([bytes], name, { type }));
        input.files = transfer.files;
        input.dispatchEvent(new Event('change', { bubbles: true }));
        return true;
      },
      inputTestId,
      file.name,
      file.type,
      base64,
    );
  }

  /** Saves what the window shows as tests/e2e/screenshots/{name}.png. */
  async screenshot(name: string): Promise<string> {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const file = path.join(SCREENSHOT_DIR, `${name}.png`);
    writeFileSync(file, await this.core.screenshotPng());
    return file;
  }

  close() {
    return this.core.close();
  }
}
