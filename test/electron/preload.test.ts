import { describe, expect, it, vi } from 'vitest';
import { channels, methodName } from '../../core/api';

const exposed = new Map<string, unknown>();
const invoke = vi.fn(async () => ({ ok: true, value: {} }));

// Electron at the edge: contextBridge records what the preload exposes.
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api) },
  ipcRenderer: { invoke },
}));

describe('preload', () => {
  it('exposes window.companion only, with one function per contract channel', async () => {
    await import('../../electron/preload/index');
    expect([...exposed.keys()]).toEqual(['companion']);
    const api = exposed.get('companion') as Record<string, (payload: unknown) => Promise<unknown>>;
    expect(Object.keys(api).sort()).toEqual(channels.map(methodName).sort());
    for (const channel of channels) {
      expect(typeof api[methodName(channel)]).toBe('function');
      await api[methodName(channel)]!({ probe: 1 });
      expect(invoke).toHaveBeenLastCalledWith(channel, { probe: 1 });
    }
  });
});

describe('preload, a large request or reply (issue 36)', () => {
  it('sends a request of more than 10,000 values as its JSON bytes and reads a reply that came as bytes', async () => {
    await import('../../electron/preload/index');
    const api = exposed.get('companion') as Record<string, (payload: unknown) => Promise<unknown>>;
    const file = { units: new Array(20_000).fill({}) };
    invoke.mockResolvedValueOnce(
      new TextEncoder().encode(JSON.stringify({ ok: true, value: { read: 20_000 } })) as never,
    );
    await expect(api[methodName('roster.import')]!({ file })).resolves.toEqual({ ok: true, value: { read: 20_000 } });
    const sent = invoke.mock.lastCall as unknown as [string, Uint8Array];
    expect(sent[0]).toBe('roster.import');
    expect(sent[1]).toBeInstanceOf(Uint8Array);
    expect(JSON.parse(new TextDecoder().decode(sent[1]))).toEqual({ file });
  });
});
