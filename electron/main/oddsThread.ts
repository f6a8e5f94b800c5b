import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { oddsOnWorker, oddsServiceOf, registry } from '../../core/api';

/**
 * The desktop host's odds on a worker thread of their own (oddsWorker.ts), so the host thread
 * answers a step at once while the odds are worked out on the other core. Where that thread cannot
 * start or stops, the host thread works them out itself, between its chunks (`pause`).
 */
export function startOddsThread(pause: () => Promise<void>, path = new URL('./oddsWorker.js', import.meta.url)) {
  const here = oddsServiceOf(registry, pause);
  let worker: Worker;
  try {
    worker = new Worker(fileURLToPath(path));
  } catch {
    return here;
  }
  const odds = oddsOnWorker({ post: (m) => worker.postMessage(m), listen: (l) => worker.on('message', l) }, here);
  worker.on('error', () => odds.stopped());
  worker.on('exit', () => odds.stopped());
  // The odds never keep the app from quitting.
  worker.unref();
  return odds;
}
