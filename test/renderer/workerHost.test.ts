import { describe, expect, it } from 'vitest';
import { channels, contract, createDispatch, type Reply } from '../../core/api';
import type { HostEvent, HostRequest, HostResponse } from '../../renderer/src/host/messages';
import { createWorkerClient } from '../../renderer/src/host/workerClient';
import { serveContract, shareChanges } from '../../renderer/src/host/workerHost';
import { spiedBackend } from '../support/backendSpy';
import { malformedCases } from '../support/malformed';

/** A page and a worker joined by an in-memory channel standing in for postMessage. */
function browserHost(onChanged?: (areas: readonly string[]) => void) {
  const backend = spiedBackend('browser');
  const toWorker: Array<(event: { data: unknown }) => void> = [];
  const toPage: Array<(event: { data: HostResponse | HostEvent }) => void> = [];
  const pageErrors: Array<(event: { message?: string }) => void> = [];
  serveContract(
    {
      postMessage: (data) => queueMicrotask(() => toPage.forEach((l) => l({ data }))),
      addEventListener: (_t, l) => toWorker.push(l),
    },
    createDispatch(backend),
    onChanged,
  );
  const worker = {
    postMessage: (data: HostRequest) => queueMicrotask(() => toWorker.forEach((l) => l({ data }))),
    addEventListener: (type: 'message' | 'error', listener: never) =>
      (type === 'message' ? toPage : pageErrors).push(listener),
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
    it.each(malformedCases(channel))(
      '$description → invalid_input naming the field; backend not called',
      async ({ payload, field }) => {
        const { client, backend } = browserHost();
        expect(await call(client, channel, payload)).toMatchObject({
          ok: false,
          error: { code: 'invalid_input', field },
        });
        expect(backend.calls[channel]).not.toHaveBeenCalled();
      },
    );
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
    const dying = createWorkerClient({
      postMessage: () => undefined,
      addEventListener: (type: string, l: never) => type === 'error' && errors.push(l),
    });
    const pending = dying.appInfo({});
    errors.forEach((l) => l({ message: 'out of memory' }));
    expect(await pending).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(silent).toBeDefined();
    crash('unused');
  });
});

describe('store changes between tabs', () => {
  it('announces a successful write with what it changed, and nothing for reads or refused writes', async () => {
    const announced: string[][] = [];
    const { client } = browserHost((areas) => announced.push([...areas]));
    await call(client, 'roster.list', {});
    await call(client, 'roster.save', { name: '' });
    expect(announced).toEqual([]);
    await call(client, 'roster.save', { name: 'Waaagh!', system: 'wh40k-10e' });
    expect(announced).toEqual([['rosters']]);
  });

  it('passes another tab’s announcement to this page as an event, and this tab’s writes to the others', () => {
    const toPage: unknown[] = [];
    const sent: unknown[] = [];
    let deliver: (e: { data: unknown }) => void = () => undefined;
    const announce = shareChanges(
      { postMessage: (m) => toPage.push(m), addEventListener: () => undefined },
      { postMessage: (m) => sent.push(m), addEventListener: (_t, l) => (deliver = l) },
    );
    announce(['combats']);
    expect(sent).toEqual([{ areas: ['combats'] }]);
    deliver({ data: { areas: ['rosters'] } });
    deliver({ data: 'noise' });
    expect(toPage).toEqual([{ event: 'store-changed', areas: ['rosters'] }]);
  });

  it('hands events to the page without disturbing pending calls', async () => {
    const events: unknown[] = [];
    let fromWorker: (e: { data: unknown }) => void = () => undefined;
    const client = createWorkerClient(
      {
        postMessage: () => undefined,
        addEventListener: (type: string, l: never) => type === 'message' && (fromWorker = l),
      },
      (event) => events.push(event),
    );
    const pending = client.appEcho({ text: 'x' });
    fromWorker({ data: { event: 'store-changed', areas: ['rosters'] } });
    fromWorker({ data: { id: 1, reply: { ok: true, value: { text: 'x' } } } });
    expect(await pending).toEqual({ ok: true, value: { text: 'x' } });
    expect(events).toEqual([{ event: 'store-changed', areas: ['rosters'] }]);
  });
});
