import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import type { Plugin, UserConfig } from 'vite';
import { contentSecurityPolicy } from './electron/main/csp';

export const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
  productName: string;
  description: string;
};

/**
 * Puts the CSP into the built index.html. Not in the dev server: React Fast Refresh injects an
 * inline script there, which the policy would (rightly) block.
 */
function cspMetaTag(): Plugin {
  return {
    name: 'combat-companion:csp',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: contentSecurityPolicy },
        injectTo: 'head-prepend',
      },
    ],
  };
}

/**
 * The renderer's Vite settings, shared by the desktop (electron-vite) and browser builds.
 * `__WEB_BUILD__` tells the renderer which one it is at build time, so what only a browser needs
 * (the service worker's registration) is cut out of the desktop bundle, not just skipped there.
 */
export function rendererConfig(build: 'desktop' | 'web'): Pick<UserConfig, 'plugins' | 'define' | 'worker'> {
  return {
    plugins: [react(), cspMetaTag()],
    define: { __APP_VERSION__: JSON.stringify(pkg.version), __WEB_BUILD__: JSON.stringify(build === 'web') },
    worker: { format: 'es' },
  };
}
