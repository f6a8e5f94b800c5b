import { randomInt, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, protocol, session, type WebContents } from 'electron';
import { APP_NAME, createBackend, createDispatch, registry } from '../../core/api';
import { contentSecurityPolicy } from './csp';
import { createDesktopFiles } from './files';
import { registerContractHandlers } from './ipc';
import { createDesktopPrint } from './print';
import { APP_ORIGIN, APP_SCHEME, appScheme, createAppProtocolHandler } from './protocol';
import { denyAllPermissions, isTrustedSender } from './security';
import { connectHostThread, routedDispatch } from './hostThread';
import { CompanionDb } from '../../core/store/db';
import { createRepository } from '../../core/store/repo';
import { createMainWindow } from './window';

// The desktop host. Everything testable lives in the modules imported above, which take
// Electron's API as arguments; this file only wires them to the real one.

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const rendererDir = here('../renderer');
const preloadPath = here('../preload/index.cjs');
// Built beside this file (electron.vite.config.ts, the main build's second entry).
const hostWorkerPath = here('./hostWorker.js');
// electron-vite sets this while developing (`npm run dev`); never in a packaged app.
const devServerUrl = !app.isPackaged ? process.env['ELECTRON_RENDERER_URL'] : undefined;
const trustedOrigins = devServerUrl ? [new URL(devServerUrl).origin] : [APP_ORIGIN];

if (!app.requestSingleInstanceLock()) {
  // Another Combat Companion is running and owns the store: hand over to it.
  app.quit();
} else {
  protocol.registerSchemesAsPrivileged([appScheme]);
  let mainWindow: BrowserWindow | null = null;

  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });

  app.on('window-all-closed', () => app.quit());

  void app.whenReady().then(async () => {
    denyAllPermissions(session.defaultSession);
    protocol.handle(
      APP_SCHEME,
      createAppProtocolHandler(rendererDir, (file) => readFile(file), contentSecurityPolicy),
    );

    const clock = () => new Date().toISOString();
    // The store and every channel but the dialogs and printing run on a worker thread, so no
    // request blocks this event loop and the window never freezes (hostThread.ts).
    const thread = connectHostThread(
      new Worker(hostWorkerPath, {
        workerData: { dir: join(app.getPath('userData'), 'store'), version: app.getVersion() },
      }),
    );
    app.on('will-quit', (event) => {
      // Let pending writes reach the disk before the process ends.
      event.preventDefault();
      void thread.close().finally(() => app.exit(0));
    });
    // Answers only file.* and print.* (routedDispatch); its store is a placeholder nobody reads.
    const mainBackend = createBackend({
      registry,
      appName: APP_NAME,
      version: app.getVersion(),
      host: 'desktop',
      store: {
        repo: createRepository(new CompanionDb({ indexedDB: new IDBFactory(), IDBKeyRange }, { registry }), {
          clock,
          newId: randomUUID,
        }),
        status: () => ({ state: 'unavailable', message: '' }),
      },
      clock,
      newId: randomUUID,
      newSeed: () => randomInt(2 ** 31 - 1),
      files: createDesktopFiles({ dialog, window: () => mainWindow, documentsDir: app.getPath('documents') }),
      print: createDesktopPrint({
        dialog,
        documentsDir: app.getPath('documents'),
        windowOf: (page) => BrowserWindow.fromWebContents(page as WebContents),
      }),
    });
    registerContractHandlers(ipcMain, routedDispatch(createDispatch(mainBackend), thread.dispatch), (event) =>
      isTrustedSender(event.senderFrame, trustedOrigins),
    );

    mainWindow = createMainWindow({ BrowserWindow, preloadPath, startUrl: devServerUrl ?? `${APP_ORIGIN}/index.html` });
    mainWindow.on('closed', () => (mainWindow = null));
  });
}
