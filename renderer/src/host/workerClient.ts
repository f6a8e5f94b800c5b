import type { Channel } from '../../../core/api/contract';
import type { Client, MethodName } from '../../../core/api/client';
import type { Reply } from '../../../core/api/reply';
import { channelNames } from './channelNames';
import { isHostEvent, type HostEvent, type HostRequest, type HostResponse } from './messages';

/** The part of a Worker the client uses. */
export interface WorkerLike {
  postMessage(message: HostRequest): void;
  addEventListener(type: 'message', listener: (event: { data: HostResponse | HostEvent }) => void): void;
  addEventListener(type: 'error', listener: (event: { message?: string }) => void): void;
}

/** `roster.save` → `rosterSave`, as core/api/client names the methods (a test checks they agree). */
const methodName = (channel: Channel) => channel.replace(/\.(\w)/g, (_, c: string) => c.toUpperCase()) as MethodName<Channel>;

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
  // If the worker dies, every waiting call gets an error reply instead of hanging forever.
  worker.addEventListener('error', (event) => {
    const reply: Reply<unknown> = { ok: false, error: { code: 'internal', message: `The browser host stopped: ${event.message ?? 'unknown error'}` } };
    for (const resolve of pending.values()) resolve(reply);
    pending.clear();
  });

  const invoke = (channel: Channel, payload: unknown) =>
    new Promise<Reply<unknown>>((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      worker.postMessage({ id, channel, payload });
    });
  const client: Record<string, (request: unknown) => Promise<Reply<unknown>>> = {};
  for (const channel of channelNames) client[methodName(channel)] = (request) => invoke(channel, request);
  return client as unknown as Client;
}
