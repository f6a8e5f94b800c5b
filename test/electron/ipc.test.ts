import { describe, expect, it } from 'vitest';
import { channels, contract, createDispatch, type Reply } from '../../core/api';
import { registerContractHandlers } from '../../electron/main/ipc';
import { APP_ORIGIN } from '../../electron/main/protocol';
import { isTrustedSender } from '../../electron/main/security';
import { spiedBackend } from '../support/backendSpy';
import { eventFrom, fakeIpcMain } from '../support/fakeElectron';
import { malformedCases } from '../support/malformed';

const appPage = `${APP_ORIGIN}/index.html#/about`;

function desktopHost() {
  const ipcMain = fakeIpcMain();
  const backend = spiedBackend();
  // Wired exactly as electron/main/index.ts wires it.
  registerContractHandlers(ipcMain, createDispatch(backend), (event) =>
    isTrustedSender(event.senderFrame, [APP_ORIGIN]),
  );
  return { ipcMain, backend };
}

describe('desktop host IPC', () => {
  it('registers one handler for every contract channel and nothing else', () => {
    const { ipcMain } = desktopHost();
    expect([...ipcMain.handlers.keys()].sort()).toEqual([...channels].sort());
  });

  it.each(channels)('passes %s from the app page to the backend', async (channel) => {
    const { ipcMain, backend } = desktopHost();
    const reply = (await ipcMain.invoke(channel, eventFrom(appPage), contract[channel].example)) as Reply<unknown>;
    expect(backend.calls[channel]).toHaveBeenCalledTimes(1);
    if (!reply.ok) expect(['not_found', 'conflict', 'unsupported']).toContain(reply.error.code);
  });

  describe.each(channels)('%s with a malformed payload', (channel) => {
    it.each(malformedCases(channel))(
      '$description → invalid_input naming the field; backend not called',
      async ({ payload, field }) => {
        const { ipcMain, backend } = desktopHost();
        const reply = await ipcMain.invoke(channel, eventFrom(appPage), payload);
        expect(reply).toMatchObject({ ok: false, error: { code: 'invalid_input', field } });
        expect(backend.calls[channel]).not.toHaveBeenCalled();
      },
    );
  });

  it.each([
    ['another origin', eventFrom('https://evil.example/index.html')],
    ['a file:// page', eventFrom('file:///tmp/index.html')],
    ['another app:// host', eventFrom('app://someone-else/index.html')],
    ['an iframe inside the app page', eventFrom(appPage, { parent: true })],
    ['a destroyed frame', eventFrom(appPage, { noFrame: true })],
    ['a frame with no usable URL', eventFrom('not a url')],
  ])('refuses a request from %s without calling the backend', async (_what, event) => {
    const { ipcMain, backend } = desktopHost();
    for (const channel of channels) {
      const reply = await ipcMain.invoke(channel, event, contract[channel].example);
      expect(reply).toMatchObject({ ok: false, error: { code: 'forbidden' } });
      expect(backend.calls[channel]).not.toHaveBeenCalled();
    }
  });

  it('trusts the dev server origin only when it is the configured one', () => {
    expect(isTrustedSender({ url: 'http://localhost:5173/#/combat', parent: null }, ['http://localhost:5173'])).toBe(
      true,
    );
    expect(isTrustedSender({ url: 'http://localhost:5174/', parent: null }, ['http://localhost:5173'])).toBe(false);
  });
});
