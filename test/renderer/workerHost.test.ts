import { describe, expect, it } from 'vitest';
import { channels, contract, createDispatch, type Reply } from '../../core/api';
import type { HostRequest, HostResponse } from '../../renderer/src/host/messages';
import { createWorkerClient } from '../../renderer/src/host/workerClient';
import { serveContract } from '../../renderer/src/host/workerHost';
import { spiedBackend } from '../support/backendSpy';
import { malformedCases } from '../support/malformed';

/** A page and a worker joined by an in-memory channel standing in for postMessage. */
function browserHost() {
  const backend = spiedBackend('browser');
  const toWorker: Array<(event: { data: unknown }) => void> = [];
  const toPage: Array<(event: { data: HostResponse }) => void> = [];
  const pageErrors: Array<(event: { message?: string }) => void> = [];
  serveContract(
    { postMessage: (data) => queueMicrotask(() => toPage.forEach((l) => l({ data }))), addEventListener: (_t, l) => toWorker.push(l) },
    createDispatch(backend),
  );
  const worker = {
    postMessage: (data: HostRequest) => queueMicrotask(() => toWorker.forEach((l) => l({ data }))),
    addEventListener: (type: 'message' | 'error', listener: never) => (type === 'message' ? toPage : pageErrors).push(listener),
  };
  const client = createWorkerClient(worker) as unknown as Record<string, (payload: unknown) => Promise<unknown>>;
  const raw = (data: unknown) => toWorker.forEach((l) => l({ data }));
  return { backend, client, raw, crash: (message: string) => pageErrors.forEach((l) => l({ message })) };
}

const call = (client: Record<string, (p: unknown) => Promise<unknown>>, channel: string, payload: unknown) =>
  client[channel.replace(/\.(\w)/g, (_, c: string) => c.toUpperCase())]!(payload);

describe('browser host (Web Worker)', () => {
  it.each(channels)('has a handler for %s that passes its example to the backend', async (channel) => {
    const { client, backend } = browserHost();
    const reply = (await call(client, channel, contract[channel].example)) as Reply<unknown>;
    expect(backend.calls[channel]).toHaveBeenCalledTimes(1);
    if (!reply.ok) expect(['not_found', 'conflict', 'unsupported']).toContain(reply.error.code);
  });

  describe.each(channels)('%s with a malformed payload', (channel) => {
    it.each(malformedCases(channel))('$description → invalid_input naming the field; backend not called', async ({ payload, field }) => {
      const { client, backend } = browserHost();
      expect(await call(client, channel, payload)).toMatchObject({ ok: false, error: { code: 'invalid_input', field } });
      expect(backend.calls[channel]).not.toHaveBeenCalled();
    });
  });

  it('keeps concurrent calls apart by request id', async () => {
    const { client } = browserHost();
    const replies = await Promise.all(['a', 'b', 'c'].map((text) => call(client, 'app.echo', { text })));
    expect(replies).toEqual(['a', 'b', 'c'].map((text) => ({ ok: true, value: { text } })));
  });

  it('reports itself as the browser host', async () => {
    const { client } = browserHost();
    expect(await call(client, 'app.info', {})).toMatchObject({ ok: true, value: { host: 'browser' } });
  });

  it('ignores messages that are not requests instead of crashing', async () => {
    const { client, raw } = browserHost();
    for (const junk of [null, 42, 'x', { id: 'one', channel: 'app.info' }, { channel: 'app.info' }]) raw(junk);
    expect(await call(client, 'app.echo', { text: 'still here' })).toEqual({ ok: true, value: { text: 'still here' } });
  });

  it('answers pending calls with an error if the worker dies', async () => {
    const { crash } = browserHost();
    const silent = createWorkerClient({ postMessage: () => undefined, addEventListener: () => undefined });
    // A client whose worker never answers, then crashes:
    const errors: Array<(e: { message?: string }) => void> = [];
    const dying = createWorkerClient({ postMessage: () => undefined, addEventListener: (type: string, l: never) => type === 'error' && errors.push(l) });
    const pending = dying.appInfo({});
    errors.forEach((l) => l({ message: 'out of memory' }));
    expect(await pending).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(silent).toBeDefined();
    crash('unused');
  });
});
