import type { BrowserWindow, BrowserWindowConstructorOptions } from 'electron';
import { hardenWebContents } from './security';

/**
 * The options of the app's one window. The renderer gets no Node, runs sandboxed and isolated
 * from the preload, and keeps web security on; the preload is its only bridge to the host.
 */
export function mainWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 860,
    minWidth: 800,
    minHeight: 600,
    title: 'Combat Companion',
    show: false,
    backgroundColor: '#f8f9fa',
    autoHideMenuBar: true,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
    },
  };
}

export interface CreateWindowDeps {
  BrowserWindow: new (options: BrowserWindowConstructorOptions) => BrowserWindow;
  preloadPath: string;
  startUrl: string;
}

export function createMainWindow({ BrowserWindow: Window, preloadPath, startUrl }: CreateWindowDeps): BrowserWindow {
  const window = new Window(mainWindowOptions(preloadPath));
  hardenWebContents(window.webContents);
  window.once('ready-to-show', () => window.show());
  void window.loadURL(startUrl);
  return window;
}
