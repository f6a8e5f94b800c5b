import { describe, expect, it } from 'vitest';
import { createClient, methodName } from '../../core/api/client';
import { channels } from '../../core/api/contract';
import type { HostRequest } from '../../renderer/src/host/messages';
import { createWorkerClient } from '../../renderer/src/host/workerClient';

describe("the page's worker client, built from channel names only (renderer/src/host/channelNames.ts)", () => {
  it('has exactly the methods of the contract client, each sending its own channel', () => {
    const sent: HostRequest[] = [];
    const client = createWorkerClient({ postMessage: (message) => sent.push(message), addEventListener: () => undefined }) as unknown as Record<string, (request: unknown) => unknown>;
    const reference = createClient(async () => ({ ok: true, value: null }));
    expect(Object.keys(client).sort()).toEqual(Object.keys(reference).sort());
    for (const channel of channels) {
      void client[methodName(channel)]!({ probe: channel });
      expect(sent.at(-1)).toMatchObject({ channel, payload: { probe: channel } });
    }
    expect(new Set(sent.map((m) => m.id)).size).toBe(channels.length);
  });
});
