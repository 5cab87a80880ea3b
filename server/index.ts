import { loadConfig } from './config';
import { start } from './start';

// Reads the environment, serves, and stops cleanly on SIGTERM / SIGINT.
const config = loadConfig(process.env);
const server = await start(config);
// The JSON log lines are for machines; a person starting the app reads where to open it (and, on a first start, how
// to set the super admin's password) in plain words.
process.stdout.write(`\nBlockspin Market is running at ${server.url}\n`);
if (server.setupLink) process.stdout.write(`Set the super admin's password (works once): ${server.setupLink}\n`);
process.stdout.write('\n');

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
