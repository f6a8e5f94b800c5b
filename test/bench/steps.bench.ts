import { readdirSync, readFileSync } from 'node:fs';
import { bench, describe } from 'vitest';
import { registry } from '../../core/systems';
import { playThroughHost } from '../support/playThroughHost';
import { median, STEP_TARGETS } from '../support/stepTargets';

/**
 * Steps per round (`npm run bench`), issue 22's measure of "faster than dice alone": each system of
 * the registry plays its example setup and every `examples/*.json` scenario of that system through
 * the host backend, seeded dice, the suggested option at every choice, over a few seeds. Printed:
 * the median steps per round (an attack sequence in 10th edition, an assault round in Epic) beside
 * the issue's target. Steps are those the players answer: rolls, choices, outcomes gone on from.
 */

const SEEDS = [1, 2, 3, 4, 5];

function setupsOf(
  id: string,
  example: Readonly<Record<string, unknown>> | undefined,
): Array<{ name: string; setup: Record<string, unknown> }> {
  const setups = example ? [{ name: 'example setup', setup: { ...example } }] : [];
  for (const file of readdirSync('examples').filter((f) => f.endsWith('.json'))) {
    const {
      seed: _seed,
      dice: _dice,
      ...setup
    } = JSON.parse(readFileSync(`examples/${file}`, 'utf8')) as Record<string, unknown>;
    if (setup.system === id) setups.push({ name: file, setup });
  }
  return setups;
}

interface Row {
  system: string;
  setups: number;
  combats: number;
  'median steps per round': number;
  'worst setup (median)': string;
  target: number | string;
  meets: string;
}

const rows: Row[] = [];
for (const { id, rules } of registry.definitions) {
  const setups = setupsOf(id, (rules as { exampleSetup?: Readonly<Record<string, unknown>> }).exampleSetup);
  const perSetup: Array<{ name: string; median: number }> = [];
  const all: number[] = [];
  for (const { name, setup } of setups) {
    const values: number[] = [];
    for (const seed of SEEDS) {
      const played = await playThroughHost(id, setup, seed);
      values.push(played.steps / played.rounds);
    }
    all.push(...values);
    perSetup.push({ name, median: median(values) });
  }
  const target = STEP_TARGETS[id];
  const m = median(all);
  const worst = perSetup.reduce((a, b) => (b.median > a.median ? b : a), perSetup[0] ?? { name: '—', median: 0 });
  rows.push({
    system: id,
    setups: setups.length,
    combats: all.length,
    'median steps per round': Math.round(m * 10) / 10,
    'worst setup (median)': `${worst.name}: ${Math.round(worst.median * 10) / 10}`,
    target: target ?? 'none',
    meets: target === undefined ? '—' : m <= target ? 'yes' : 'NO',
  });
}
console.log('\nSteps per round, seeded dice, the suggested option at every choice (issue 22 targets):');
console.table(rows);

describe('steps per round', () => {
  for (const { id, rules } of registry.definitions) {
    const example = (rules as { exampleSetup?: Readonly<Record<string, unknown>> }).exampleSetup;
    if (!example) continue;
    bench(
      `${id}: a whole combat of the example through the host`,
      async () => {
        await playThroughHost(id, { ...example }, 1);
      },
      { iterations: 3, time: 0 },
    );
  }
});
