import { describe, expect, it } from 'vitest';
import { createClient, methodName } from '../../core/api/client';
import { channels } from '../../core/api/contract';
import type { HostRequest } from '../../renderer/src/host/messages';
import { createWorkerClient } from '../../renderer/src/host/workerClient';

describe("the page's worker client, built from channel names only (renderer/src/host/channelNames.ts)", () => {
  it('has exactly the methods of the contract client, each sending its own channel', () => {
    const sent: HostRequest[] = [];
    const client = createWorkerClient({
      postMessage: (message) => sent.push(message),
      addEventListener: () => undefined,
    }) as unknown as Record<string, (request: unknown) => unknown>;
    const reference = createClient(async () => ({ ok: true, value: null }));
    expect(Object.keys(client).sort()).toEqual(Object.keys(reference).sort());
    for (const channel of channels) {
      void client[methodName(channel)]!({ probe: channel });
      expect(sent.at(-1)).toMatchObject({ channel, payload: { probe: channel } });
    }
    expect(new Set(sent.map((m) => m.id)).size).toBe(channels.length);
  });
});

/** A worker that answers nothing by itself: the test posts its replies and its errors. */
function silentWorker(opts: { postMessage?: (message: HostRequest) => void } = {}) {
  const listeners: {
    message: ((event: { data: unknown }) => void)[];
    error: ((event: { message?: string }) => void)[];
  } = { message: [], error: [] };
  const sent: HostRequest[] = [];
  const worker = {
    postMessage: (message: HostRequest) => (opts.postMessage ? opts.postMessage(message) : sent.push(message)),
    addEventListener: (type: 'message' | 'error', listener: never) => listeners[type].push(listener),
  };
  return {
    worker,
    sent,
    die: (message: string) => listeners.error.forEach((l) => l({ message })),
    answer: (data: unknown) => listeners.message.forEach((l) => l({ data })),
  };
}

// Issue 26: a call is always answered, in words: never a spinner that turns forever.
describe('the worker client when sending fails or the host is gone', () => {
  it('a request nested 5,000 levels deep is refused in words and never posted', async () => {
    const { worker, sent } = silentWorker();
    const client = createWorkerClient(worker);
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 5000; i++) deep = { a: deep };
    const reply = await client.rosterCheckImport({ file: deep });
    expect(reply).toEqual({
      ok: false,
      error: {
        code: 'invalid_input',
        message: expect.stringMatching(
          /^This was not sent to the app's engine: the request is nested more than 64 levels deep/,
        ),
      },
    });
    expect(sent).toEqual([]);
  });

  it('a postMessage that throws (data the browser cannot copy) becomes an error reply', async () => {
    const { worker } = silentWorker({
      postMessage: () => {
        throw new RangeError('Maximum call stack size exceeded');
      },
    });
    const reply = await createWorkerClient(worker).appInfo({});
    expect(reply).toEqual({
      ok: false,
      error: {
        code: 'internal',
        message: "The request could not be sent to the app's engine: Maximum call stack size exceeded",
      },
    });
  });

  it('when the worker dies, the waiting calls and every later call fail in words', async () => {
    const { worker, die } = silentWorker();
    const client = createWorkerClient(worker);
    const waiting = client.appInfo({});
    die('out of memory');
    const stopped = {
      ok: false,
      error: {
        code: 'internal',
        message: expect.stringMatching(
          /^The app's engine in this browser tab stopped \(out of memory\)\. Reload the page/,
        ),
      },
    };
    await expect(waiting).resolves.toEqual(stopped);
    await expect(client.rosterList({})).resolves.toEqual(stopped);
  });

  it('answers still reach their calls by id', async () => {
    const { worker, sent, answer } = silentWorker();
    const client = createWorkerClient(worker);
    const call = client.appEcho({ text: 'hi' });
    answer({ id: sent[0]!.id, reply: { ok: true, value: { text: 'hi' } } });
    await expect(call).resolves.toEqual({ ok: true, value: { text: 'hi' } });
  });
});

describe('the contract client (the desktop preload) when sending fails', () => {
  it('a rejected invoke becomes an error reply, and a request past the caps is never sent', async () => {
    let sent = 0;
    const client = createClient(async () => {
      sent++;
      throw new Error('An object could not be cloned.');
    });
    await expect(client.appInfo({})).resolves.toEqual({
      ok: false,
      error: {
        code: 'internal',
        message: "The request could not be sent to the app's engine: An object could not be cloned.",
      },
    });
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 5000; i++) deep = { a: deep };
    const refused = await client.rosterImport({ file: deep });
    expect(refused.ok).toBe(false);
    expect(sent).toBe(1);
  });
});
