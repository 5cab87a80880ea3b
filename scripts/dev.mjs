// `npm run dev`: the Express server on API_PORT (3001) reloading on change, and Vite on PORT (3000) proxying /api and /ws to it.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const apiPort = process.env.API_PORT ?? '3001';
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', path.join(root, 'server/index.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: { PUBLIC_ORIGIN: `http://localhost:${process.env.PORT ?? 3000}`, ...process.env, PORT: apiPort, SERVE_STATIC: 'false' },
  }),
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];
const stop = (signal) => children.forEach((child) => child.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
children.forEach((child) =>
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exit(code ?? 0);
  }),
);
