import type { StoreArea } from '../../../core/api/channel';
import type { Client } from '../../../core/api/client';
import { createWorkerClient, type WorkerLike } from './workerClient';

function startWorkerHost(): Worker {
  return new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'combat-companion-host' });
}

/**
 * In a browser the worker host starts as soon as this module runs (main.tsx imports it before
 * React and the screens), not when the app first renders: the host's own start (its script, then
 * the store) is the longest part of opening the app, and this way it overlaps the page's.
 * Messages posted before it listens wait in the worker's queue.
 */
const workerHost = window.companion ? undefined : startWorkerHost();

export interface HostConnection {
  client: Client;
  /** Called when another window changed the store, so screens can refresh. */
  onStoreChanged(listener: (areas: StoreArea[]) => void): () => void;
}

/**
 * The one place that knows which host answers. In the desktop app the preload has put the client
 * on `window.companion` (one window: nothing else writes the store); in a browser the host runs in
 * a Web Worker and other tabs announce their writes. Everything above this folder gets a
 * `HostConnection` and cannot tell the two apart.
 */
export function connectHost(): HostConnection {
  const listeners = new Set<(areas: StoreArea[]) => void>();
  const onStoreChanged = (listener: (areas: StoreArea[]) => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  if (window.companion) return { client: window.companion, onStoreChanged };
  const worker = workerHost ?? startWorkerHost();
  const client = createWorkerClient(worker as unknown as WorkerLike, (event) =>
    listeners.forEach((l) => l(event.areas)),
  );
  return { client, onStoreChanged };
}
