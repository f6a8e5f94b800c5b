import { describe, expect, it } from 'vitest';
import { runCli } from '../../cli/main';

/**
 * 10th edition `resolve` is bounded like `analyze` (issue 25): the largest scenario the validator
 * accepts is refused at once, in words, with exit code 3 (valid, but too large), whether the app
 * rolls (seed) or the dice are given; it no longer runs for minutes.
 */

async function resolve(scenario: unknown) {
  let out = '';
  let err = '';
  const code = await runCli(['resolve', '-'], {
    out: (t) => (out += t),
    err: (t) => (err += t),
    stdin: async () => JSON.stringify(scenario),
  });
  return { code, out, err };
}

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

/** The largest 10th edition scenario the validator accepts: 20 weapons of 100 models, 20 groups of 100 models with 100 wounds each. */
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

describe('10th edition resolve is bounded on every accepted scenario', () => {
  it('refuses the largest scenario with the app rolling, saying what is too large, exit code 3', async () => {
    const { code, out, err } = await resolve({ ...largestTenth, seed: 1 });
    expect(code).toBe(3);
    expect(out).toBe('');
    expect(err).toBe(
      'combat-companion: no step-by-step resolution for this scenario: up to 3,038,000 attacks and 3,402,560,000 hits to wound against 2,000 models: too many steps to play through here. Resolve fewer weapons or models at a time.\n',
    );
  });

  it('refuses it the same way with the dice given', async () => {
    const { code, err } = await resolve({ ...largestTenth, dice: Array.from({ length: 100_000 }, () => 6) });
    expect(code).toBe(3);
    expect(err).toMatch(/no step-by-step resolution for this scenario: up to 3,038,000 attacks/);
  });

  it('still resolves an ordinary scenario (exit code 0)', async () => {
    const { code, out } = await resolve({
      system: 'wh40k-10e',
      seed: 3,
      attacker: {
        name: 'Intercessors',
        weapons: [{ name: 'Bolt rifle', models: 10, attacks: 2, skill: 3, strength: 4, ap: -1, damage: 1 }],
      },
      defender: { name: 'Boyz', models: [{ count: 10, toughness: 5, save: 5, wounds: 1 }] },
    });
    expect(code).toBe(0);
    expect(JSON.parse(out).outcome.length).toBeGreaterThan(0);
  });
});
