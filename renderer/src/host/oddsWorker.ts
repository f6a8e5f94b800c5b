import { oddsServiceOf, serveOdds } from '../../../core/api';
import { messagePause } from './pause';
import { registry } from './registry';

// The odds' own worker, started by the browser host (worker.ts): it works the odds of combats out
// from their logs, so the host answers every step at once, whatever odds are being worked out.
const scope = self as unknown as {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
};
serveOdds(
  { post: (m) => scope.postMessage(m), listen: (l) => scope.addEventListener('message', (e) => l(e.data)) },
  oddsServiceOf(registry, messagePause()),
);
