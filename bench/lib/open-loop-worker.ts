// Runs one open-loop schedule in its own thread, so the load generator has its own event loop and heap: a garbage
// collection in the bench runner (which holds every earlier result) can't delay its requests.
import { parentPort, workerData } from 'node:worker_threads';
import { openLoop, type OpenLoopOptions } from './open-loop';

parentPort!.postMessage(await openLoop(workerData as OpenLoopOptions));
