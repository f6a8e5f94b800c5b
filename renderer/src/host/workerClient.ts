import type { Channel } from '../../../core/api/contract';
import type { Client, MethodName } from '../../../core/api/client';
import type { Reply } from '../../../core/api/reply';
import { payloadProblem, REQUEST_CAPS } from '../../../core/api/payloadBounds';
import { channelNames } from './channelNames';
import { isHostEvent, type HostEvent, type HostRequest, type HostResponse } from './messages';

/** The part of a Worker the client uses. */
export interface WorkerLike {
  postMessage(message: HostRequest): void;
  addEventListener(type: 'message', listener: (event: { data: HostResponse | HostEvent }) => void): void;
  addEventListener(type: 'error', listener: (event: { message?: string }) => void): void;
}

/** An error reply, built here without the contract's schemas (see channelNames.ts). */
const failure = (code: 'internal' | 'invalid_input', message: string): Reply<unknown> => ({
  ok: false,
  error: { code, message },
});

/** `roster.save` → `rosterSave`, as core/api/client names the methods (a test checks they agree). */
const methodName = (channel: Channel) =>
  channel.replace(/\.(\w)/g, (_, c: string) => c.toUpperCase()) as MethodName<Channel>;

/**
 * A Client whose calls are answered by the worker host, one request id per call. It is built from
 * the channels' names only, not from the contract's schemas (see channelNames.ts): the worker host
 * validates every request, and the page starts without building a schema.
 */
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
  // If the worker dies, every waiting call gets an error reply instead of hanging forever, and so
  // does every call made after it (nothing would ever answer it).
  let stopped: string | null = null;
  worker.addEventListener('error', (event) => {
    stopped = `The app's engine in this browser tab stopped (${event.message ?? 'unknown error'}). Reload the page to start it again; what was stored before is kept.`;
    const reply = failure('internal', stopped);
    for (const resolve of pending.values()) resolve(reply);
    pending.clear();
  });

  const invoke = (channel: Channel, payload: unknown) =>
    new Promise<Reply<unknown>>((resolve) => {
      if (stopped) return resolve(failure('internal', stopped));
      // Measured without recursion: a request nested thousands deep cannot be posted at all.
      const oversized = payloadProblem(payload, REQUEST_CAPS);
      if (oversized) return resolve(failure('invalid_input', `This was not sent to the app's engine: ${oversized}.`));
      const id = nextId++;
      pending.set(id, resolve);
      try {
        worker.postMessage({ id, channel, payload });
      } catch (error) {
        // Something the browser cannot copy to the worker: said in words, never a spinner.
        pending.delete(id);
        resolve(
          failure(
            'internal',
            `The request could not be sent to the app's engine: ${error instanceof Error ? error.message : String(error)}`,
          ),
        );
      }
    });
  const client: Record<string, (request: unknown) => Promise<Reply<unknown>>> = {};
  for (const channel of channelNames) client[methodName(channel)] = (request) => invoke(channel, request);
  return client as unknown as Client;
}
