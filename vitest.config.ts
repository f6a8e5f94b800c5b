import { defineConfig } from 'vitest/config';

// Files that replace a module with vi.mock need a module cache of their own; every other file
// shares its worker's (no isolation): loading core and the systems once per worker rather than
// once per file takes more than a third off the suite's CPU time.
const mocking = ['test/electron/preload.test.ts', 'test/electron/store/diskFull.test.ts'];

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify('0.0.0-test'), __WEB_BUILD__: 'false' },
  test: {
    environment: 'node',
    // Speed targets live in `npm run bench`, not in timeouts: the exact-analysis agreement and
    // property tests run thousands of combats and must not fail on a busy two-core machine.
    testTimeout: 60_000,
    // reports/vitest.json feeds the one-line total that `npm test` prints last.
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
    benchmark: { include: ['test/bench/**/*.bench.ts'] },
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['test/**/*.test.{ts,tsx}'],
          exclude: ['test/e2e/**', 'node_modules/**', ...mocking],
          pool: 'threads',
          isolate: false,
        },
      },
      { extends: true, test: { name: 'mocking', include: mocking, pool: 'forks', isolate: true } },
    ],
  },
});
