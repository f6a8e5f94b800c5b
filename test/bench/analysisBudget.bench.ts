import { bench, describe } from 'vitest';
import { withinBudget } from '../../core/analysis';
import { analyses } from '../../core/systems';
import { systems } from '../../core/systems';
import { scenarioA } from '../core/systems/wh40k-10e/analysis/setups';

/**
 * Hardening benchmarks (`npm run bench`): the analysis answers or refuses every accepted scenario
 * within its work budget (about a second), and a small attack pays no fixed cost on top of its DP.
 * Targets (median, 2-core machine): the largest accepted 10th edition scenario refused < 10 ms;
 * the largest accepted old-world scenario answered or refused < 2 s; (a) through the host < 0.05 ms.
 */

const tenthWeapon = (name: string) => ({
  name,
  models: 100,
  attacks: '20D6+999',
  skill: 2,
  strength: 30,
  ap: -6,
  damage: '20D6+999',
  abilities: { sustainedHits: '20D6+999', devastatingWounds: true, blast: true },
});
const largestTenth = {
  system: 'wh40k-10e',
  attacker: {
    name: 'Horde',
    weapons: Array.from({ length: 20 }, (_, i) => tenthWeapon(`Gun ${i + 1}`)),
    mortalWounds: 100,
  },
  defender: {
    name: 'Titans',
    models: Array.from({ length: 20 }, () => ({ count: 100, toughness: 30, save: 2, wounds: 100, feelNoPain: 2 })),
  },
};
const profile = {
  movement: 10,
  weaponSkill: 10,
  strength: 10,
  toughness: 10,
  wounds: 10,
  initiative: 10,
  attacks: 10,
  leadership: 10,
  armour: 7,
};
const bigUnit = (name: string) => ({
  name,
  profile,
  models: 200,
  rankWidth: 20,
  characters: Array.from({ length: 4 }, (_, i) => ({ name: `${name} hero ${i + 1}`, profile })),
});
const largestOldWorld = {
  system: 'old-world',
  attacker: { name: 'North', units: Array.from({ length: 4 }, (_, i) => bigUnit(`North ${i + 1}`)) },
  defender: { name: 'South', units: Array.from({ length: 4 }, (_, i) => bigUnit(`South ${i + 1}`)) },
};

const stateOf = (scenario: { system: string }) => {
  const system = systems[scenario.system]!;
  return system.start(system.setupSchema.parse(scenario));
};
const tenth = stateOf(largestTenth);
const oldWorld = stateOf(largestOldWorld);
const small = systems['wh40k-10e']!.start(scenarioA());

describe('analysis within its budget', () => {
  bench('largest accepted 10th edition scenario: refused at once', () => {
    withinBudget(analyses['wh40k-10e']!, tenth, (a, s) => a.distributions(s));
  });
  bench(
    'largest accepted old-world scenario (4 units of 200 W10 models and 4 characters a side): answered or refused',
    () => {
      withinBudget(analyses['old-world']!, oldWorld, (a, s) => a.distributions(s));
    },
    { iterations: 3, time: 0, warmupIterations: 0 },
  );
  bench('(a) through the host: 10 attacks v 10 models, from the engine state', () => {
    withinBudget(analyses['wh40k-10e']!, small, (a, s) => a.distributions(s));
  });
});
