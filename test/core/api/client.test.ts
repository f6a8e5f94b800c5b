import { describe, expect, it, vi } from 'vitest';
import { channels, createClient, formatPath, methodName, ok } from '../../../core/api';

describe('typed client', () => {
  it('names one method per channel: app.info → appInfo', () => {
    expect(methodName('app.info')).toBe('appInfo');
    expect(methodName('app.echo')).toBe('appEcho');
  });

  it('has exactly one function per contract channel, each invoking its own channel', async () => {
    const invoke = vi.fn(async () => ok({}));
    const client = createClient(invoke) as unknown as Record<string, (r: unknown) => Promise<unknown>>;
    expect(Object.keys(client).sort()).toEqual(channels.map(methodName).sort());
    for (const channel of channels) {
      await client[methodName(channel)]!({ probe: channel });
      expect(invoke).toHaveBeenLastCalledWith(channel, { probe: channel });
    }
  });
});

describe('formatPath', () => {
  it('writes paths the way the user reads them', () => {
    expect(formatPath(['units', 3, 'profile', 'toughness'])).toBe('units[3].profile.toughness');
    expect(formatPath([])).toBe('');
    expect(formatPath([0, 'name'])).toBe('[0].name');
  });
});
