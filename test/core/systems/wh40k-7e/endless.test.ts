import { describe, expect, it } from 'vitest';
import { runCli } from '../../../../cli/main';
import { MAX_ROUNDS } from '../../../../core/systems/wh40k-7e/strikes';
import { wh40k7e } from '../../../../core/systems/wh40k-7e';
import { chooseStep, outcomeStep, play, results, setupOf, start, trooper } from './helpers';

/**
 * No combat that runs forever (issue 25, item 1): a combat nobody can win ends as a draw, said in
 * words; no combat outlasts a game; `resolve` of the largest scenario the validator accepts ends.
 */

describe('a combat nobody can win ends as a draw', () => {
  it('S1 against T10: no wound is possible either way (a Strength 4 or more below the Toughness cannot wound), so the combat ends after the first round, a draw', () => {
    const c = start(
      setupOf(
        { models: [trooper({ name: 'Grot', strength: 1, toughness: 10 })] },
        { models: [trooper({ name: 'Wraith', strength: 1, toughness: 10 })] },
      ),
    );
    const end = outcomeStep(c);
    expect(end.final).toBe(true);
    expect(end.lines).toContain(
      'Neither Red nor Blue can cause the other a wound: no round can change anything, so the combat is a draw.',
    );
    expect(wh40k7e.winner!(c.state)).toBe('draw');
    expect(c.state.round).toBe(1);
  });

  it('both units with 0 Attacks: a draw at once, with nobody asked to fight round 2', () => {
    const c = start(
      setupOf(
        { models: [trooper({ name: 'Servitor', attacks: 0 })] },
        { models: [trooper({ name: 'Cultist', attacks: 0 })] },
      ),
    );
    expect(outcomeStep(c)).toMatchObject({ final: true });
    expect(c.log.inputs).toEqual([]);
    expect(wh40k7e.winner!(c.state)).toBe('draw');
  });

  it('the charge bonus alone: 0 Attacks + 1 on the charge strikes in round 1 only; after it, nobody can harm anyone: a draw whatever round 1 gave', () => {
    const setup = setupOf(
      { charged: true, models: [trooper({ name: 'Servitor', attacks: 0, strength: 3 })] },
      { models: [trooper({ name: 'Cultist', attacks: 0, count: 2 })] },
    );
    // The one charge attack hits and wounds: Red win round 1 by 1; Blue hold (2D6 ≤ 6).
    const c = play(start(setup), [6, 6], [1, 2]);
    expect(c.state.result).toMatchObject({ winner: 'attacker', difference: 1 });
    expect(outcomeStep(c).final).toBe(true);
    expect(wh40k7e.winner!(c.state)).toBe('draw');
  });

  it('one side able to harm the other fights on (no stalemate)', () => {
    // S3 against T6 wounds on a 6: the Grot could still harm the Wraith.
    const c = play(
      start(
        setupOf(
          { models: [trooper({ name: 'Grot', strength: 3 })] },
          { models: [trooper({ name: 'Wraith', toughness: 6, attacks: 0 })] },
        ),
      ),
      [1],
    );
    expect(chooseStep(c).id.startsWith('round.')).toBe(true);
  });
});

describe('no combat outlasts a game', () => {
  it(`a combat still locked after round ${MAX_ROUNDS} ends there: a game lasts at most seven turns, a combat fought once in each player's turn`, () => {
    // The Guard could hurt the Terminator (S4 against T4, a 2+ save), but every die misses: still locked, round after round.
    let c = start(
      setupOf(
        { models: [trooper({ name: 'Guard', strength: 4 })] },
        { fearless: true, models: [trooper({ name: 'Terminator', toughness: 4, save: 2, attacks: 0 })] },
      ),
    );
    c = play(c, [1], 'next');
    for (let round = 2; round <= MAX_ROUNDS; round++) c = play(c, [1]);
    expect(c.state.round).toBe(MAX_ROUNDS);
    expect(outcomeStep(c).final).toBe(true);
    expect(results(c).at(-1)).toBe(
      `The game is over by now: a game lasts at most seven turns, and a combat is fought once in each player's turn, so round ${MAX_ROUNDS} was the last.`,
    );
    // Later rounds were not asked about: the choice to fight on was kept, and said so in the log.
    expect(results(c).filter((r) => r.startsWith('as last round'))).toHaveLength(MAX_ROUNDS - 2);
  });
});

/** The largest unit the validator accepts: 10 groups of 10 models, every characteristic at its most, Destroyer and plain weapons. */
const group = (name: string, i: number) => ({
  name: `${name} ${i + 1}`,
  count: 10,
  weaponSkill: 10,
  strength: 10,
  toughness: 10,
  wounds: 10,
  initiative: i + 1,
  attacks: 10,
  leadership: 10,
  save: 2,
  invulnerable: 2,
  feelNoPain: 2,
  eternalWarrior: true,
  twoWeapons: true,
  weapon: { name: 'Blade', strength: i % 2 ? 'D' : 'user', ap: 1 },
});
const side = (name: string) => ({
  name,
  charged: true,
  fearless: true,
  atsknf: true,
  models: Array.from({ length: 10 }, (_, i) => group(name, i)),
});

describe('resolve is bounded on every accepted scenario', () => {
  it('plays the largest 7th edition scenario to its end: at most 14 rounds, a bounded number of steps', async () => {
    let out = '';
    let err = '';
    const scenario = { system: 'wh40k-7e', seed: 7, attacker: side('North'), defender: side('South') };
    const code = await runCli(['resolve', '-'], {
      out: (t) => (out += t),
      err: (t) => (err += t),
      stdin: async () => JSON.stringify(scenario),
    });
    expect(err).toBe('');
    expect(code).toBe(0);
    const result = JSON.parse(out) as { inputs: unknown[]; outcome: string[]; view: { log: Array<{ title: string }> } };
    expect(result.outcome.length).toBeGreaterThan(0);
    expect(result.view.log.filter((l) => / · Initiative step \d+$/.test(l.title)).length).toBeLessThanOrEqual(
      10 * MAX_ROUNDS,
    );
    expect(result.inputs.length).toBeLessThan(5_000);
  }, 60_000);
});
