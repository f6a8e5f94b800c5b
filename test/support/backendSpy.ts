import { vi, type Mock } from 'vitest';
import { channels, createBackend, noStore, type Backend, type Channel } from '../../core/api';

export type SpiedBackend = Backend & { calls: Record<Channel, Mock> };

/** The real backend with a spy on every channel, to prove what was (and was not) called. */
export function spiedBackend(host: 'desktop' | 'browser' = 'desktop'): SpiedBackend {
  const real = createBackend({ appName: 'Combat Companion', version: '9.9.9', host, storeStatus: () => noStore });
  const spied = {} as Record<Channel, Mock>;
  for (const channel of channels) spied[channel] = vi.fn(real[channel] as (request: unknown) => Promise<unknown>);
  return Object.assign(spied as unknown as Backend, { calls: spied });
}
