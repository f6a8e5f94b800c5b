import type { Client } from '../../../core/api/client';
import { createWorkerClient, type WorkerLike } from './workerClient';

/**
 * The one place that knows which host answers. In the desktop app the preload has put the client
 * on `window.companion`; in a browser the host runs in a Web Worker. Everything above this
 * folder gets a `Client` and cannot tell the two apart.
 */
export function connectHost(): Client {
  if (window.companion) return window.companion;
  const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'combat-companion-host' });
  return createWorkerClient(worker as unknown as WorkerLike);
}
