import type { IpcMainInvokeEvent } from 'electron';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Electron's own listener signature
type Listener = (event: IpcMainInvokeEvent, ...args: any[]) => unknown;

/** ipcMain at the edge: records `handle` registrations so tests can call them like Electron would. */
export function fakeIpcMain() {
  const handlers = new Map<string, Listener>();
  return {
    handlers,
    handle(channel: string, listener: Listener) {
      if (handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
      handlers.set(channel, listener);
    },
    invoke(channel: string, event: IpcMainInvokeEvent, payload: unknown) {
      const handler = handlers.get(channel);
      if (!handler) throw new Error(`No handler registered for '${channel}'`);
      return handler(event, payload);
    },
  };
}

/** An invoke event whose sender frame has this URL (and, optionally, a parent frame). */
export function eventFrom(url: string, opts: { parent?: boolean; noFrame?: boolean } = {}): IpcMainInvokeEvent {
  const senderFrame = opts.noFrame ? null : { url, parent: opts.parent ? { url } : null };
  return { senderFrame } as unknown as IpcMainInvokeEvent;
}

/** A web contents that records its listeners, so the hardening can be exercised. */
export function fakeWebContents() {
  const listeners = new Map<string, Listener[]>();
  let windowOpenHandler: ((details: unknown) => unknown) | undefined;
  return {
    listeners,
    get windowOpenHandler() {
      return windowOpenHandler;
    },
    on(event: string, listener: Listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      return this;
    },
    setWindowOpenHandler(handler: (details: unknown) => unknown) {
      windowOpenHandler = handler;
    },
    emit(event: string, ...args: unknown[]) {
      for (const listener of listeners.get(event) ?? []) listener(...(args as [IpcMainInvokeEvent]));
    },
  };
}
