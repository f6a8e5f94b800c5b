import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import { rendererConfig } from './vite.shared';

// The desktop build: main process, the sandboxed preload, and the renderer pages.
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // hostWorker: the worker thread the store and the contract run on (electron/main/hostThread.ts);
      // oddsWorker: the thread the odds are worked out on (electron/main/oddsThread.ts).
      rolldownOptions: {
        input: {
          index: resolve('electron/main/index.ts'),
          hostWorker: resolve('electron/main/hostWorker.ts'),
          oddsWorker: resolve('electron/main/oddsWorker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload cannot load ES modules or other files: one CommonJS bundle.
      rolldownOptions: {
        input: { index: resolve('electron/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'renderer',
    ...rendererConfig('desktop'),
    build: {
      outDir: resolve('out/renderer'),
      rolldownOptions: { input: resolve('renderer/index.html') },
    },
  },
});
