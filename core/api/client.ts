import { channels, type Channel, type RequestOf, type ResponseOf } from './contract';
import type { Reply } from './reply';
import { guardedSend } from './sendGuard';

/** `app.info` → `appInfo`, `roster.save` → `rosterSave`. */
export type MethodName<C extends string> = C extends `${infer Head}.${infer Tail}`
  ? `${Head}${Capitalize<MethodName<Tail>>}`
  : C;

export function methodName<C extends Channel>(channel: C): MethodName<C> {
  return channel.replace(/\.(\w)/g, (_, c: string) => c.toUpperCase()) as MethodName<C>;
}

/**
 * What the renderer talks to: one named function per contract channel. The preload builds it over
 * Electron IPC, the browser host over a Web Worker; the UI cannot tell which.
 */
export type Client = {
  [C in Channel as MethodName<C>]: (request: RequestOf<C>) => Promise<Reply<ResponseOf<C>>>;
};

export type Invoke = (channel: Channel, payload: unknown) => Promise<Reply<unknown>>;

export function createClient(invoke: Invoke): Client {
  const client: Record<string, (request: unknown) => Promise<Reply<unknown>>> = {};
  const send = guardedSend((channel, payload) => invoke(channel as Channel, payload));
  for (const channel of channels) {
    client[methodName(channel)] = (request) => send(channel, request);
  }
  return client as unknown as Client;
}
