import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Builds only the service worker, with the app's own vite.config.ts, through vite-plugin-pwa's own build of it (the
 * same call the full build makes after the client bundle), in a child process so everything it prints is captured.
 */
const BUILD_SERVICE_WORKER = `
import { resolveConfig } from 'vite';
const config = await resolveConfig(
  { configFile: 'vite.config.ts', build: { outDir: process.argv[1], emptyOutDir: true }, logLevel: 'warn' },
  'build', 'production', 'production',
);
await config.plugins.find((plugin) => plugin.name === 'vite-plugin-pwa').api.generateSW();
`;

describe('the service worker build', () => {
  const outDir = mkdtempSync(path.join(tmpdir(), 'blockspin-sw-build-'));
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('when the service worker is built, then no option is reported deprecated and it is one classic script', () => {
    const build = spawnSync(process.execPath, ['--input-type=module', '-e', BUILD_SERVICE_WORKER, outDir], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    expect(build.status).toBe(0);
    const printed = `${build.stdout}${build.stderr}`;
    expect(printed).toContain('sw.js');
    expect(printed).not.toMatch(/deprecated|inlineDynamicImports/i);

    // One file, registered as a classic worker (Workbox registers /sw.js without `type: 'module'`): no import or
    // export statement may be left in it, and no chunk beside it.
    expect(readdirSync(outDir).filter((file) => file.endsWith('.js') || file.endsWith('.mjs'))).toEqual(['sw.js']);
    const worker = readFileSync(path.join(outDir, 'sw.js'), 'utf8');
    expect(worker).not.toMatch(/(^|[;}\n])\s*(import\s*[{*\w]|export\s)/);
    expect(worker).toContain('precache');
  }, 120_000);
});
