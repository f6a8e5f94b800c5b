// Prints one closing line with the totals of every suite `npm test` ran (Vitest and Playwright),
// from their JSON reports, so a reader (or CI) sees at a glance that tests really ran.
import { existsSync, readFileSync } from 'node:fs';

const totals = { passed: 0, failed: 0, skipped: 0 };
const suites = [];

if (existsSync('reports/vitest.json')) {
  const r = JSON.parse(readFileSync('reports/vitest.json', 'utf8'));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + r.numTodoTests;
  suites.push(`vitest ${r.numPassedTests}/${r.numTotalTests}`);
}
if (existsSync('reports/playwright.json')) {
  const s = JSON.parse(readFileSync('reports/playwright.json', 'utf8')).stats;
  totals.passed += s.expected + s.flaky;
  totals.failed += s.unexpected;
  totals.skipped += s.skipped;
  suites.push(`playwright ${s.expected + s.flaky}/${s.expected + s.flaky + s.unexpected + s.skipped}`);
}
if (suites.length === 0) {
  console.error('No test reports found in reports/: did the suites run?');
  process.exit(1);
}
console.log(`(${suites.join(', ')})`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 || totals.passed === 0 ? 1 : 0);
