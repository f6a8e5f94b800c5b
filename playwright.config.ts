import { defineConfig } from '@playwright/test';

// End-to-end: the browser build (host in a Web Worker) in Debian's Chromium — Playwright never
// downloads a browser here. CHROMIUM_PATH points elsewhere when needed.
const chromium = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
// E2E_PORT lets two checkouts on one machine run their suites side by side without serving each other's build.
const port = Number(process.env['E2E_PORT'] ?? 4173);
// The conformance kit's build (out/web-kit: the app's systems and the test's toy system), served beside it.
const kitPort = port + 1;
const serve = (kit: boolean, at: number) => ({
  // CC_KIT=1: the config's own output folder is the kit build's (vite.web.config.ts).
  command: `${kit ? 'CC_KIT=1 ' : ''}npx vite preview --config vite.web.config.ts --host 127.0.0.1 --port ${at} --strictPort`,
  url: `http://127.0.0.1:${at}`,
  reuseExistingServer: !process.env['CI'],
  timeout: 60_000,
});

export default defineConfig({
  testDir: 'test/e2e',
  fullyParallel: true,
  workers: 2,
  // Whole combats of many steps: generous, so a busy machine does not fail them (speed targets live in `npm run bench`).
  timeout: 90_000,
  // A step, a start or a page may take a few seconds on a busy two-core machine: expectations wait
  // for the state they need up to 15 s (still failing fast where the state never comes).
  expect: { timeout: 15_000 },
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  forbidOnly: !!process.env['CI'],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace records every action's page: it nearly doubles a long combat's time (42 s → 23 s for the
    // Ninth Age's in-sight play). A failure keeps its screenshot and page snapshot; PW_TRACE=1 keeps
    // the trace of a failing test as well, to look into one.
    trace: process.env['PW_TRACE'] === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    // The screens' specs run without the service worker: it would store the whole app in every
    // fresh context, on a small machine, for nothing they check. The specs of the installed,
    // offline app (offline.web.spec.ts, webOpen.timing.spec.ts) allow it.
    serviceWorkers: 'block',
    // As a player who asked for less motion: a fold opens at once (the theme respects it), so a tap
    // right after opening one never lands on a box still sliding into place.
    reducedMotion: 'reduce',
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
    // The conformance kit: every system of the kit's registry through the real app (test/conformance).
    {
      name: 'kit',
      testDir: 'test/conformance',
      testMatch: /.*\.kit\.spec\.ts/,
      use: { baseURL: `http://127.0.0.1:${kitPort}` },
    },
    // Timing reports, not tests (speed targets live in the benchmarks): how fast the app opens, and
    // tap → the fight's exact figure per system. `npm run bench:web` runs them; `npm test` does not.
    ...(process.env['CC_TIMING'] === '1'
      ? [
          { name: 'timing', testMatch: /webOpen\.timing\.spec\.ts/ },
          {
            name: 'kit-timing',
            testDir: 'test/conformance',
            testMatch: /fightTiming\.timing\.spec\.ts/,
            use: { baseURL: `http://127.0.0.1:${kitPort}` },
          },
        ]
      : []),
  ],
  // `npm run test:e2e` builds first; these serve the built browser apps as a user would get them.
  webServer: [serve(false, port), serve(true, kitPort)],
});
