import { oddsOnWorker, oddsServiceOf, type OddsPort } from '../../../core/api';
import { registry } from './registry';

/**
 * The browser host's odds on a worker of their own (oddsWorker.ts), so the host answers a step at
 * once while the odds are worked out on the other core. Where that worker cannot start or stops,
 * the host works them out itself, between its chunks (`pause`).
 */
export function startOddsWorker(pause: () => Promise<void>) {
  const here = oddsServiceOf(registry, pause);
  let worker: Worker;
  try {
    worker = new Worker(new URL('./oddsWorker.ts', import.meta.url), { type: 'module', name: 'combat-companion-odds' });
  } catch {
    return here;
  }
  const port: OddsPort = {
    post: (m) => worker.postMessage(m),
    listen: (l) => worker.addEventListener('message', (e) => l(e.data)),
  };
  const odds = oddsOnWorker(port, here);
  worker.addEventListener('error', () => odds.stopped());
  return odds;
}
