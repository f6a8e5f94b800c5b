import { defineConfig } from 'vitest/config';

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify('0.0.0-test'), __WEB_BUILD__: 'false' },
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    environment: 'node',
    // Speed targets live in `npm run bench`, not in timeouts: the exact-analysis agreement and
    // property tests run thousands of combats and must not fail on a busy two-core machine.
    testTimeout: 60_000,
    // reports/vitest.json feeds the one-line total that `npm test` prints last.
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
    benchmark: { include: ['test/bench/**/*.bench.ts'] },
  },
});
