import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { setupArb } from '../arbitraries';
import { setupOf } from '../helpers';
import { SLOW, gameTo, matches, small, withCharacters } from './modelCases';
import { chain, nextStarts, standingStates, startOf, tagOf } from './modelStates';

/**
 * The Ninth Age's compact round model (core/systems/ninth-age/analysis/model) held to the engine —
 * here one round against the engine's own exact walk of it from round starts and from every kind of
 * state the players stand at part-way (roundModelEdges.test.ts: the rules' edge cases;
 * roundModelChain.test.ts: the whole combat; roundModelClub.test.ts: the club-size melee played
 * out). Each case names the rule its state carries.
 */

describe('one round of the model against the engine’s walk (transitionMatchesWalk)', () => {
  it('the small combat from its start and from every start of its second and third rounds (the HP each pool has lost is carried, seed 004 Health Pools)', () => {
    const start = startOf(small());
    matches(start);
    const second = nextStarts(start);
    expect(second.length).toBeGreaterThan(1);
    for (const s of second) matches(s);
    for (const s of nextStarts(second[0]!)) matches(s);
  });

  it(
    'from every state the players stand at, after each kind of step: allocation questions (the side’s and part by part), the Agility step’s roll, the Break Test, pursue or not, the flee roll, the round’s end',
    () => {
      const kinds = new Set<string>();
      const answers = [
        // As suggested throughout.
        () => null,
        // "Part by part…", then every question answered with its first option (not the suggested one); hold instead of pursuing.
        (step: { id: string; options: Array<{ id: string }> }) =>
          step.id.startsWith('allocate')
            ? (step.options.find((o) => o.id === 'parts') ?? step.options.at(-1)!).id
            : step.id.startsWith('pursue')
              ? 'hold'
              : null,
        // Everything at the rank and file where offered; allocate anew at the round's end.
        (step: { id: string; options: Array<{ id: string }> }) =>
          step.options.find((o) => o.id === 'rank-and-file' || o.id === 'anew')?.id ?? null,
      ];
      // Each distinct state once (games share their first states).
      const seen = new Set<string>();
      for (const [a, choose] of answers.entries())
        for (let seed = 1; seed <= 2; seed++)
          for (const { state, step } of standingStates(startOf(withCharacters()), 10 * a + seed, choose, 2)) {
            kinds.add(tagOf(step));
            if (seen.has(chain.key(state))) continue;
            seen.add(chain.key(state));
            matches(state);
          }
      expect([...kinds].sort()).toEqual(['allocate', 'break', 'flee', 'pursue', 'round', 'strikes']);
    },
    SLOW,
  );

  it('characters without a rank and file: the attacks go at the first character standing, the rest as shared (SCENARIOS §3, "if there are no rank-and-file models left, any model may be chosen")', () => {
    const setup = setupOf(
      { models: 0, characters: [{ profile: { attacks: 3, healthPoints: 2 }, attacksAtCharacters: [0, 2] }] },
      {
        models: 0,
        characters: [
          { profile: { attacks: 1, healthPoints: 1 } },
          { profile: { attacks: 2, healthPoints: 2, agility: 2 }, attacksAtCharacters: [1] },
        ],
      },
    );
    const start = startOf(setup);
    matches(start);
    for (const s of nextStarts(start).slice(0, 4)) matches(s);
  });

  it(
    'an allocation answered in the first round is kept in the next (issue 22), also when the character it aimed at has fallen',
    () => {
      // Part by part: the Baron's attacks all at the Captain, none at the rank and file.
      const partByPart = (step: { id: string; options: Array<{ id: string }> }) =>
        step.id.startsWith('allocate')
          ? step.options.some((o) => o.id === 'parts')
            ? 'parts'
            : step.options.at(-1)!.id
          : null;
      const second = gameTo(startOf(withCharacters()), (s) => s.state.round === 2, partByPart).filter(
        (s) => s.state.round === 2,
      );
      // The Baron's whole allocation at the Captain, as answered in the first round.
      expect(second[0]!.state.kept).toMatchObject({ 'attacker.c0': [2] });
      for (const { state } of second) matches(state);
      // The Captain slain in the first round: the Baron's share at him goes at the rank and file.
      const fallen = gameTo(
        startOf(withCharacters()),
        (s) => s.state.round === 2 && s.state.lost['defender.c0'] === 2,
        partByPart,
      );
      expect(fallen[0]!.state.kept).toMatchObject({ 'attacker.c0': [2] });
      matches(fallen[0]!.state);
    },
    SLOW,
  );

  it('the players allocate anew from the second round: every allocation asked again, the kept one suggested', () => {
    const anew = gameTo(
      startOf(withCharacters()),
      (s) => s.state.anew,
      (step) => (step.id.startsWith('round') && step.options.some((o) => o.id === 'anew') ? 'anew' : null),
    ).filter((s) => s.state.anew && s.state.round === 2);
    expect(tagOf(anew[0]!.step)).toBe('allocate');
    for (const { state } of anew) matches(state);
  });

  it(
    'random small melees, from the start and part-way through the first round (property)',
    () => {
      fc.assert(
        fc.property(setupArb(3), fc.integer({ min: 1, max: 1000 }), (setup, seed) => {
          const states = standingStates(startOf(setup), seed, () => null, 1);
          matches(states[0]!.state);
          matches(states[Math.min(states.length - 1, 1 + (seed % 3))]!.state);
        }),
        { numRuns: 30, seed: 34 },
      );
    },
    SLOW,
  );
});
