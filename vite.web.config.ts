import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { contentSecurityPolicyHeader } from './electron/main/csp';
import { pkg, rendererConfig } from './vite.shared';

/** The colour of the app's title bar once installed: the icon's shield (Mantine indigo 7). */
const themeColor = '#3b5bdb';

/**
 * Writes out/web/_headers: the headers a static host should send with every file (Netlify and
 * Cloudflare Pages read this file as it is; for other servers the README gives the same values).
 * The policy is the desktop's own (electron/main/csp.ts) plus what only a header can say.
 */
function hostingHeaders(): Plugin {
  return {
    name: 'combat-companion:hosting-headers',
    apply: 'build',
    generateBundle() {
      const source = [
        '/*',
        `  Content-Security-Policy: ${contentSecurityPolicyHeader}`,
        '  X-Content-Type-Options: nosniff',
        '',
      ].join('\n');
      this.emitFile({ type: 'asset', fileName: '_headers', source });
    },
  };
}

/** Tells the browser the installed app's colour and the icon iPads put on the home screen. */
function installHints(): Plugin {
  return {
    name: 'combat-companion:install-hints',
    apply: 'build',
    transformIndexHtml: () => [
      { tag: 'meta', attrs: { name: 'theme-color', content: themeColor }, injectTo: 'head' },
      { tag: 'link', attrs: { rel: 'apple-touch-icon', href: './apple-touch-icon-180x180.png' }, injectTo: 'head' },
    ],
  };
}

const shared = rendererConfig('web');

/**
 * The conformance kit's build (CC_KIT=1, `npm run build:web-kit`): the same app, its host given the
 * kit's registry (test/conformance/registry.ts: the app's systems and the toy dice duel) in place of
 * the app's, into out/web-kit — so the browser tests run a system registered only in the tests.
 */
const kit = process.env['CC_KIT'] === '1';
function kitRegistry(): Plugin {
  const host = resolve('renderer/src/host');
  return {
    name: 'combat-companion:kit-registry',
    enforce: 'pre',
    resolveId: (source, importer) =>
      source === './registry' && importer && resolve(importer, '..') === host
        ? resolve('test/conformance/registry.ts')
        : null,
  };
}

// The browser build: the same renderer, with the host in a Web Worker, as an installable app that
// works offline. Every address in it is relative (`base: './'`) and the router uses hash
// addresses, so out/web can be served from any folder of any static host.
export default defineConfig({
  root: 'renderer',
  base: './',
  ...shared,
  // The host runs in workers: their bundles take the kit's registry too.
  worker: { ...shared.worker, plugins: () => (kit ? [kitRegistry()] : []) },
  plugins: [
    ...(shared.plugins ?? []),
    installHints(),
    hostingHeaders(),
    VitePWA({
      // A new version waits until the player asks for it (renderer/src/offline/serviceWorker.ts
      // registers it and never offers the reload during a combat).
      registerType: 'prompt',
      injectRegister: false,
      filename: 'sw.js',
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['icon.svg', 'apple-touch-icon-180x180.png'],
      manifest: {
        name: pkg.productName,
        short_name: 'Combat',
        description: pkg.description,
        lang: 'en',
        start_url: './',
        scope: './',
        display: 'standalone',
        theme_color: themeColor,
        background_color: '#ffffff',
        categories: ['games', 'utilities'],
        // Made from renderer/public/icon.svg by `npm run icons:web` (pwa-assets.config.ts).
        icons: [
          { src: 'pwa-192x192.png', sizes: '192x192', type: 'image/png' },
          { src: 'pwa-512x512.png', sizes: '512x512', type: 'image/png' },
          { src: 'maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The whole app, the worker host and the lazily loaded screens included: after one visit
        // every screen opens with the network off.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The first visit's page is taken over as soon as the app is stored, so it works offline
        // without a reload. An update still waits: it activates only when the player asks.
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        navigateFallback: 'index.html',
      },
    }),
  ],
  build: { outDir: resolve(kit ? 'out/web-kit' : 'out/web'), emptyOutDir: true },
  server: { port: 5173, strictPort: false },
  // One fixed address: the browser keeps a site's rosters per address (scheme, host and port).
  preview: { port: 4173, strictPort: true },
});
