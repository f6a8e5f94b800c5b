import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { rendererConfig } from './vite.shared';

// The browser build: the same renderer, served on localhost, with the host in a Web Worker.
export default defineConfig({
  root: 'renderer',
  ...rendererConfig(),
  build: { outDir: resolve('out/web'), emptyOutDir: true },
  server: { port: 5173, strictPort: false },
  preview: { port: 4173, strictPort: true },
});
