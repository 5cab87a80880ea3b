// WebKitGTK driven through WebKitWebDriver (Debian's webkit2gtk-driver) under Xvfb, with the project's own small
// browser (webkit-browser.js, gjs on gir1.2-webkit2-4.1) so the window can be a phone's 390 × 844. Classic W3C
// WebDriver over HTTP: the few commands the journey needs, nothing more. See docs/ENGINES.md.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EngineDriver, type DriverCore } from './engine-driver';
import { findScript, type Query } from './page-query';
import { patient } from '../support/patience';

const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
const GJS = process.env.GJS_PATH ?? '/usr/bin/gjs';
const BROWSER_SCRIPT = path.resolve('tests/engines/webkit-browser.js');
/** The W3C name of an element reference in a WebDriver answer. */
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

/** Errors worth trying again a moment later (the element moved, is covered, or is not ready). */
const TRANSIENT = new Set(['element click intercepted', 'element not interactable', 'stale element reference', 'no such element']);

class WebDriverError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`${code}: ${message}`);
  }
}

/** A free TCP port on this machine. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts Xvfb on a display it picks itself (-displayfd) and answers its number. */
function startXvfb(): Promise<{ display: string; process: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
      stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
    });
    let out = '';
    xvfb.once('error', reject);
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited with ${code}`)));
    xvfb.stdio[3]!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve({ display: `:${out.trim()}`, process: xvfb });
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 3000).unref();
  });
}

export interface WebKitOptions {
  baseUrl: string;
  size: { width: number; height: number };
}

/** Starts Xvfb, WebKitWebDriver and a session in the project's browser at `size`. */
export async function launchWebKit({ baseUrl, size }: WebKitOptions): Promise<EngineDriver> {
  const xvfb = await startXvfb();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'blockspin-webkit-'));
  const driver = spawn(WEBKIT_DRIVER, [`--port=${port}`], { stdio: 'ignore', env: { ...process.env, DISPLAY: xvfb.display } });
  const base = `http://127.0.0.1:${port}`;
  const cleanUp = async () => {
    await stop(driver);
    await stop(xvfb.process);
    rmSync(dataDir, { recursive: true, force: true });
  };

  const call = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
    const answer = await fetch(`${base}${route}`, {
      method,
      headers: body === undefined ? undefined : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await answer.json()) as { value: T & { error?: string; message?: string } };
    if (!answer.ok) throw new WebDriverError(json.value?.error ?? String(answer.status), json.value?.message ?? '');
    return json.value;
  };

  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await call('GET', '/status');
        break;
      } catch (error) {
        if (attempt > 100) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    const session = await call<{ sessionId: string }>('POST', '/session', {
      capabilities: {
        alwaysMatch: {
          'webkitgtk:browserOptions': {
            binary: GJS,
            args: ['-m', BROWSER_SCRIPT, '--automation', `--size=${size.width}x${size.height}`, `--data-dir=${dataDir}`],
          },
          timeouts: { script: patient(30_000), pageLoad: patient(60_000), implicit: 0 },
        },
      },
    });
    const s = `/session/${session.sessionId}`;

    const element = async (query: Query): Promise<string | null> => {
      const found = await call<Record<string, string> | null>('POST', `${s}/execute/sync`, { script: findScript(query), args: [] });
      return found?.[ELEMENT] ?? null;
    };
    const transient = (error: unknown) => error instanceof WebDriverError && TRANSIENT.has(error.code);

    const core: DriverCore = {
      engine: 'webkit',
      open: (url) => call('POST', `${s}/url`, { url }),
      reload: () => call('POST', `${s}/refresh`, {}),
      currentUrl: () => call<string>('GET', `${s}/url`),
      async run<T>(source: string) {
        const answer = await call<{ ok?: T; error?: string }>('POST', `${s}/execute/async`, {
          script: `const done = arguments[arguments.length - 1]; const __name = (f) => f;
            Promise.resolve().then(() => ${source}).then((ok) => done({ ok }), (e) => done({ error: String(e && e.stack || e) }));`,
          args: [],
        });
        if (answer.error !== undefined) throw new Error(`in the page: ${answer.error}`);
        return answer.ok as T;
      },
      async tryClick(query) {
        try {
          const id = await element(query);
          if (!id) return false;
          await call('POST', `${s}/element/${id}/click`, {});
          return true;
        } catch (error) {
          if (transient(error)) return false;
          throw error;
        }
      },
      async tryFill(query, value) {
        try {
          const id = await element(query);
          if (!id) return false;
          await call('POST', `${s}/element/${id}/clear`, {});
          await call('POST', `${s}/element/${id}/value`, { text: value });
          return true;
        } catch (error) {
          if (transient(error)) return false;
          throw error;
        }
      },
      exists: async (query) => (await element(query)) !== null,
      screenshotPng: async () => Buffer.from(await call<string>('GET', `${s}/screenshot`), 'base64'),
      async close() {
        await call('DELETE', s).catch(() => undefined);
        await cleanUp();
      },
    };
    return new EngineDriver(core, baseUrl);
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
