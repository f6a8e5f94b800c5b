import { createClient, type Client } from '../../../core/api/client';
import { fail, type Reply } from '../../../core/api/reply';
import { isHostEvent, type HostEvent, type HostRequest, type HostResponse } from './messages';

/** The part of a Worker the client uses. */
export interface WorkerLike {
  postMessage(message: HostRequest): void;
  addEventListener(type: 'message', listener: (event: { data: HostResponse | HostEvent }) => void): void;
  addEventListener(type: 'error', listener: (event: { message?: string }) => void): void;
}

/** A Client whose calls are answered by the worker host, one request id per call. */
export function createWorkerClient(worker: WorkerLike, onEvent?: (event: HostEvent) => void): Client {
  let nextId = 1;
  const pending = new Map<number, (reply: Reply<unknown>) => void>();

  worker.addEventListener('message', ({ data }) => {
    if (isHostEvent(data)) return onEvent?.(data);
    const resolve = pending.get(data.id);
    if (!resolve) return;
    pending.delete(data.id);
    resolve(data.reply);
  });
  // If the worker dies, every waiting call gets an error reply instead of hanging forever.
  worker.addEventListener('error', (event) => {
    const reply = fail('internal', `The browser host stopped: ${event.message ?? 'unknown error'}`);
    for (const resolve of pending.values()) resolve(reply);
    pending.clear();
  });

  return createClient(
    (channel, payload) =>
      new Promise((resolve) => {
        const id = nextId++;
        pending.set(id, resolve);
        worker.postMessage({ id, channel, payload });
      }),
  );
}
