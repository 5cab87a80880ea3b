// `npm test`: the type check, the lint, the build and the tests of every project (vitest.config.ts), in two groups: the
// projects without a browser and the browser projects (README.md, Tests).
//
// When the machine's cores are free at the start, the groups run side by side: the projects without a browser (unit, dom, api, api-pg, pg) start at
// once, at a lower CPU priority (nice), beside the type check, the lint, the build and then the browser projects (e2e,
// engines), which keep the normal priority. A browser file leaves part of a core idle on average (it waits on pages,
// sockets and the server), and the server-side files take that idle time. When the browser side ends, the server side
// gets the normal priority back. On a quiet machine that was 17% quicker (1,091 s against about 1,320 s); with two busy
// loops beside it, the niced files were starved into 19 failures (14 timeouts) where one after the other had none, so
// on a busy machine the groups run one after the other, in one `vitest run` (vitest orders the groups).
// `TEST_OVERLAP=1` or `0` decides it outright. README.md (Tests) and docs/SUITE-TIME.md have the runs.
//
// With the overlap, the browser side's output is printed as it comes and the server side's as one block when it ends
// (also kept in test-results/server-side.log, and its end printed again if it failed), so the two never interleave.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
const SERVER_SIDE = ['unit', 'dom', 'api', 'api-isolated', 'api-pg', 'api-pg-isolated', 'pg'];
const BROWSER = ['e2e', 'engines'];
/** How much lower the server side runs: nice 10 weighs about a tenth of a normal process when both want the CPU. */
const SERVER_SIDE_NICE = Number(process.env.TEST_SERVER_SIDE_NICE ?? 10);
/**
 * The share of the machine's CPU nobody is using, measured over `ms` from /proc/stat (Linux; elsewhere `null`): the
 * idle and iowait ticks against all ticks.
 */
async function idleShare(ms = 1000) {
  const read = () => {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return { idle: fields[3] + (fields[4] ?? 0), total: fields.reduce((sum, value) => sum + value, 0) };
  };
  try {
    const before = read();
    await new Promise((resolve) => setTimeout(resolve, ms));
    const after = read();
    return after.total > before.total ? (after.idle - before.idle) / (after.total - before.total) : null;
  } catch {
    return null;
  }
}

/**
 * Side by side only when the cores are ours (TEST_OVERLAP unset or `auto`): at least three quarters of the CPU idle
 * before the run starts. On a machine busy with other work the niced server side would be starved (README.md, Tests),
 * so the groups then run one after the other. `TEST_OVERLAP=1` or `0` decides it outright.
 */
const OVERLAP_IDLE_SHARE = 0.75;
const overlapSetting = process.env.TEST_OVERLAP ?? 'auto';
let overlap = overlapSetting === '1';
if (overlapSetting === 'auto') {
  const idle = await idleShare();
  overlap = idle !== null && idle >= OVERLAP_IDLE_SHARE;
  process.stdout.write(
    `npm test: ${idle === null ? 'CPU use unknown' : `${Math.round(idle * 100)}% of the CPU idle`}, so the projects without a browser run ${overlap ? 'beside the browser projects, niced' : 'first, then the browser projects'} (TEST_OVERLAP=0 or 1 decides it)\n`,
  );
}
// Extra arguments (a file, `-t name`) go to both runs, which then pass when none of their files match.
const extra = process.argv.slice(2);
const filtered = extra.length > 0 ? ['--passWithNoTests', ...extra] : [];

const children = new Set();
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(130);
  });

/** Runs a command; resolves with its exit code. `collect` keeps its output instead of printing it. */
function run(command, args, { collect = false, nice = 0, started = () => {} } = {}) {
  const [file, argv] = nice > 0 ? ['nice', ['-n', String(nice), command, ...args]] : [command, args];
  // A niced command runs in a session of its own, whose autogroup is niced too (below).
  const child = spawn(file, argv, { cwd: root, stdio: collect ? ['ignore', 'pipe', 'pipe'] : 'inherit', detached: nice > 0 });
  if (nice > 0) setAutogroupNice(child.pid, nice);
  children.add(child);
  started(child);
  const chunks = [];
  if (collect) {
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
  }
  return new Promise((resolve) => {
    child.on('error', (error) => {
      chunks.push(Buffer.from(`${file}: ${error.message}\n`));
      resolve({ code: 1, output: Buffer.concat(chunks) });
    });
    child.on('close', (code, signal) => {
      children.delete(child);
      resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks) });
    });
  });
}

/**
 * Linux's autogroups (`kernel.sched_autogroup_enabled`, on by default in Debian, used for processes in the root CPU
 * cgroup): the scheduler first shares the CPU between sessions, and a thread's nice value only counts against the other
 * threads of its session. Playwright starts each browser in a session of its own, so the server side's nice value did
 * not weigh against Chromium at all, only against the browser tests' own Node process. The server side therefore runs
 * in a session of its own (`detached`), and that session's autogroup gets the same nice value (`/proc/PID/autogroup`;
 * raising it needs no right, lowering it again needs root). Where autogroups are off or do not apply, nothing changes.
 */
function setAutogroupNice(pid, nice) {
  if (!pid || !existsSync(`/proc/${pid}/autogroup`)) return 'none';
  try {
    writeFileSync(`/proc/${pid}/autogroup`, String(nice));
    return 'set';
  } catch {
    return 'refused';
  }
}

/**
 * Every thread of `pid` and of its descendants (Linux, from /proc): a thread's nice value is its own there, and worker
 * threads and forks took theirs from the thread that started them.
 */
function threadsOf(pid) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The parent is the 4th field, after the command in parentheses (which may itself hold spaces).
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended meanwhile.
    }
  }
  const threads = [];
  for (const queue = [pid]; queue.length > 0;) {
    const next = queue.pop();
    queue.push(...(children.get(next) ?? []));
    try {
      threads.push(...readdirSync(`/proc/${next}/task`).map(Number));
    } catch {
      // The process ended meanwhile.
    }
  }
  return threads;
}

/**
 * Gives the server side the normal priority back once the browser side has ended: the lower priority is only for
 * sharing the cores with the browser files. On a machine busy with other work the server side gets little CPU while
 * the browser files run, and then runs as it would have on its own. Raising a priority needs the right to (root, as
 * in CI); without it the server side finishes at the lower priority.
 */
function normalPriority(child) {
  if (!child?.pid || process.platform !== 'linux') return;
  let refused = setAutogroupNice(child.pid, 0) === 'refused' ? 1 : 0;
  for (const thread of threadsOf(child.pid)) {
    try {
      os.setPriority(thread, 0);
    } catch {
      refused += 1;
    }
  }
  if (refused > 0)
    process.stdout.write(
      `(the projects without a browser keep their lower priority: ${refused} threads or sessions could not be raised)\n`,
    );
}

const projects = (names) => names.flatMap((name) => ['--project', name]);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

let serverSideChild = null;
function serverSide({ collect, nice }) {
  return run(process.execPath, [vitest, 'run', ...projects(SERVER_SIDE), ...filtered], {
    collect,
    nice,
    started: (child) => (serverSideChild = child),
  });
}

/** Prints the server side's collected output as one block, and keeps it in a file. */
let lastServerSideOutput = null;
function report({ code, output }) {
  lastServerSideOutput = output;
  mkdirSync(path.join(root, 'test-results'), { recursive: true });
  writeFileSync(path.join(root, 'test-results', 'server-side.log'), output);
  process.stdout.write(`\n━━━ Projects without a browser (${SERVER_SIDE.join(', ')}): exit ${code} ━━━\n`);
  process.stdout.write(output);
  process.stdout.write(`━━━ end of the projects without a browser ━━━\n\n`);
  return code;
}

const started = Date.now();
let serverSideDone = Promise.resolve(0);
if (overlap) serverSideDone = serverSide({ collect: true, nice: SERVER_SIDE_NICE }).then(report);

let code = 0;
for (const [command, args] of [
  [npm, ['run', 'typecheck']],
  [npm, ['run', 'lint']],
  [process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build']],
]) {
  code = (await run(command, args)).code;
  if (code !== 0) {
    // Nothing is worth waiting for once the code does not check or build.
    for (const child of children) child.kill('SIGTERM');
    break;
  }
}
if (code === 0) {
  // Without the overlap, one run of every project (vitest orders the groups).
  const browser = (await run(process.execPath, [vitest, 'run', ...(overlap ? projects(BROWSER) : []), ...filtered])).code;
  code = code || browser;
}
if (overlap && serverSideChild?.exitCode === null) normalPriority(serverSideChild);
const serverSideCode = await serverSideDone;
if (overlap && serverSideCode !== 0 && lastServerSideOutput) {
  // Its failures were printed mid-way; the end of the log is what a CI summary shows, so they come again here.
  const lines = lastServerSideOutput.toString().trimEnd().split('\n');
  process.stdout.write(`\n━━━ The projects without a browser failed; the end of their output again ━━━\n${lines.slice(-150).join('\n')}\n`);
}
code = code || serverSideCode;
process.stdout.write(`\nnpm test: ${code === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
process.exit(code);
