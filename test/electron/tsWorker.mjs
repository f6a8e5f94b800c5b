// Runs a TypeScript worker-thread entry under tsx, as the built app runs its compiled hostWorker.js.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
