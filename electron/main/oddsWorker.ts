import { parentPort } from 'node:worker_threads';
import { oddsServiceOf, registry, serveOdds } from '../../core/api';

// The odds' own worker thread, started by the host thread (hostWorker.ts): it works the odds of
// combats out from their logs, so the host thread answers every step at once.
// Between chunks of a long analysis it takes the jobs waiting for it first (setImmediate runs after them).
const pause = () => new Promise<void>((resolve) => setImmediate(resolve));
const port = parentPort!;
serveOdds({ post: (m) => port.postMessage(m), listen: (l) => port.on('message', l) }, oddsServiceOf(registry, pause));
