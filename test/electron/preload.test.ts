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
