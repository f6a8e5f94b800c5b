import type { BrowserWindowConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { denyAllPermissions } from '../../electron/main/security';
import { createMainWindow } from '../../electron/main/window';
import { fakeWebContents } from '../support/fakeElectron';

/** BrowserWindow at the edge: records what the app's code constructs it with. */
class FakeBrowserWindow {
  static created: FakeBrowserWindow[] = [];
  readonly webContents = fakeWebContents();
  loadedUrl: string | undefined;
  constructor(readonly options: BrowserWindowConstructorOptions) {
    FakeBrowserWindow.created.push(this);
  }
  once() {
    return this;
  }
  loadURL(url: string) {
    this.loadedUrl = url;
    return Promise.resolve();
  }
}

function openWindow() {
  FakeBrowserWindow.created = [];
  createMainWindow({
    BrowserWindow: FakeBrowserWindow as never,
    preloadPath: '/app/out/preload/index.cjs',
    startUrl: 'app://companion/index.html',
  });
  const [window] = FakeBrowserWindow.created;
  if (!window) throw new Error('no window was created');
  return window;
}

describe('the main window', () => {
  it('is created isolated, sandboxed, without Node and with web security on', () => {
    const { options } = openWindow();
    expect(options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      preload: '/app/out/preload/index.cjs',
    });
  });

  it('loads the app page it was given', () => {
    expect(openWindow().loadedUrl).toBe('app://companion/index.html');
  });

  it('refuses every navigation away from the page', () => {
    const { webContents } = openWindow();
    for (const event of ['will-navigate', 'will-redirect', 'will-attach-webview']) {
      let prevented = false;
      webContents.emit(event, { preventDefault: () => (prevented = true) }, 'https://example.com');
      expect(prevented, event).toBe(true);
    }
  });

  it('refuses to open new windows', () => {
    const { webContents } = openWindow();
    expect(webContents.windowOpenHandler?.({ url: 'https://example.com' })).toEqual({ action: 'deny' });
  });
});

describe('permissions', () => {
  it('refuses every permission request and check', () => {
    let requestHandler: ((wc: unknown, permission: string, cb: (granted: boolean) => void) => void) | undefined;
    let checkHandler: (() => boolean) | undefined;
    denyAllPermissions({
      setPermissionRequestHandler: (h: never) => (requestHandler = h),
      setPermissionCheckHandler: (h: never) => (checkHandler = h),
    } as never);
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read']) {
      let granted: boolean | undefined;
      requestHandler?.({}, permission, (g) => (granted = g));
      expect(granted, permission).toBe(false);
    }
    expect(checkHandler?.()).toBe(false);
  });
});
