import { describe, expect, it } from 'vitest';
import { runCli } from '../../cli/main';
import { withinBudget } from '../../core/analysis';
import { analyses } from '../../core/systems';
import { systems } from '../../core/systems';

/**
 * Hardening: `analyze` finishes or refuses on every scenario the validator accepts (the work
 * budget, core/analysis/budget.ts), and says plainly what is too large. Exit code 3: the scenario
 * is valid, but too large to count exactly.
 */

async function analyze(scenario: unknown) {
  let out = '';
  let err = '';
  const code = await runCli(['analyze', '-'], {
    out: (t) => (out += t),
    err: (t) => (err += t),
    stdin: async () => JSON.stringify(scenario),
  });
  return { code, out, err };
}

const tenthWeapon = (over: Record<string, unknown> = {}) => ({
  name: 'Gun',
  models: 100,
  attacks: '20D6+999',
  skill: 2,
  strength: 30,
  ap: -6,
  damage: '20D6+999',
  abilities: { sustainedHits: '20D6+999', devastatingWounds: true, blast: true },
  ...over,
});

/** The largest 10th edition scenario the validator accepts: 20 weapons of 100 models, 20 groups of 100 models with 100 wounds each. */
const largestTenth = {
  system: 'wh40k-10e',
  attacker: {
    name: 'Horde',
    weapons: Array.from({ length: 20 }, (_, i) => tenthWeapon({ name: `Gun ${i + 1}` })),
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
/** The largest old-world scenario: four units of 200 ten-wound models and four characters a side. */
const largestOldWorld = {
  system: 'old-world',
  attacker: { name: 'North', units: Array.from({ length: 4 }, (_, i) => bigUnit(`North ${i + 1}`)) },
  defender: { name: 'South', units: Array.from({ length: 4 }, (_, i) => bigUnit(`South ${i + 1}`)) },
};

describe('analyze is bounded on every accepted scenario', () => {
  it('refuses the largest 10th edition scenario at once, saying what is too large, exit code 3', async () => {
    const { code, out, err } = await analyze(largestTenth);
    expect(code).toBe(3);
    expect(out).toBe('');
    expect(err).toMatch(
      /no exact odds for this scenario. Up to \d+ attacks against 2000 models with 200000 wounds in all: too many outcomes to count exactly/,
    );
  });

  it('the largest old-world scenario finishes or is refused in words', async () => {
    const { code, err } = await analyze(largestOldWorld);
    expect([0, 3]).toContain(code);
    if (code === 3) expect(err).toMatch(/no exact odds for this scenario. Too many outcomes to count exactly/);
  });

  it('every registered analysis answers or refuses the same way for the host (no exception escapes)', () => {
    for (const scenario of [largestTenth, largestOldWorld]) {
      const system = systems[scenario.system]!;
      const state = system.start(system.setupSchema.parse(scenario));
      const r = withinBudget(analyses[scenario.system]!, state, (a, s) => a.distributions(s));
      expect(r.ok || r.tooLarge.length > 0).toBe(true);
    }
  });
});
