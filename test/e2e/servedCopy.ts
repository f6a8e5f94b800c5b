import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base } from '@playwright/test';
import { preview } from 'vite';
import { contentSecurityPolicyHeader } from '../../electron/main/csp';

/** A copy of the browser build (out/web) served by a plain static server, as a club's web host would. */
export interface ServedCopy {
  /** The app's address, ending in the folder it is served from ("http://127.0.0.1:PORT/club/companion/"). */
  url: string;
  /** Where the served files are: a test may change them (a new version deployed). */
  dir: string;
  /** Stops the server: the network is gone for this app. */
  stop(): Promise<void>;
}

/**
 * Serves a fresh copy of out/web under a sub-path, with the headers the README asks a host to
 * send (the Content-Security-Policy header with `frame-ancestors`), on a port of its own, so every
 * test gets its own origin: its own service worker and its own storage.
 */
export async function serveCopyOfWebBuild(
  under = 'club/companion',
): Promise<ServedCopy & { dispose(): Promise<void> }> {
  const root = mkdtempSync(join(tmpdir(), 'combat-companion-web-'));
  const dir = join(root, ...under.split('/'));
  cpSync('out/web', dir, { recursive: true });
  const server = await preview({
    configFile: false,
    logLevel: 'silent',
    appType: 'mpa',
    root,
    build: { outDir: root },
    preview: {
      host: '127.0.0.1',
      port: 0,
      strictPort: false,
      headers: { 'Content-Security-Policy': contentSecurityPolicyHeader },
    },
  });
  const address = server.httpServer.address();
  if (!address || typeof address === 'string') throw new Error('the static server has no port');
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await server.close();
  };
  return {
    url: `http://127.0.0.1:${address.port}/${under}/`,
    dir,
    stop,
    dispose: async () => {
      await stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** `served`: a copy of the built app for this test alone, stopped and deleted afterwards. */
export const test = base.extend<{ served: ServedCopy }>({
  // Playwright reads a fixture's needs from this pattern: an empty one says "none".
  // eslint-disable-next-line no-empty-pattern
  served: async ({}, use) => {
    const served = await serveCopyOfWebBuild();
    await use(served);
    await served.dispose();
  },
});
