import { defineConfig } from '@playwright/test';

// End-to-end: the browser build (host in a Web Worker) in Debian's Chromium — Playwright never
// downloads a browser here. CHROMIUM_PATH points elsewhere when needed.
const chromium = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
// E2E_PORT lets two checkouts on one machine run their suites side by side without serving each other's build.
const port = Number(process.env['E2E_PORT'] ?? 4173);

export default defineConfig({
  testDir: 'test/e2e',
  fullyParallel: true,
  workers: 2,
  // Whole combats of many steps: generous, so a busy machine does not fail them (speed targets live in `npm run bench`).
  timeout: 90_000,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  forbidOnly: !!process.env['CI'],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    // The screens' specs run without the service worker: it would store the whole app in every
    // fresh context, on a small machine, for nothing they check. The specs of the installed,
    // offline app (offline.web.spec.ts, timing.web.spec.ts) allow it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromium,
      // A closed network: without these Chromium keeps trying to reach its update and sync services.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'web', testMatch: /.*\.web\.spec\.ts/ },
    { name: 'desktop', testMatch: /.*\.desktop\.spec\.ts/ },
  ],
  webServer: {
    // `npm run test:e2e` builds first; this serves the built browser app as a user would get it.
    command: `npx vite preview --config vite.web.config.ts --host 127.0.0.1 --port ${port} --strictPort`,
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: !process.env['CI'],
    timeout: 60_000,
  },
});
