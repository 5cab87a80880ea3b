import { loadConfig } from './config';
import { start } from './start';

// Reads the environment, serves, and stops cleanly on SIGTERM / SIGINT.
const config = loadConfig(process.env);
const server = await start(config);

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
