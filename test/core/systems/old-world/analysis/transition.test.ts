import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RoundTransition } from '../../../../../core/analysis/combat/roundWalk';
import { oldWorld, type State } from '../../../../../core/systems/old-world';
import { oldWorldCombat } from '../../../../../core/systems/old-world/analysis/combat';
import { roundTransition } from '../../../../../core/systems/old-world/analysis/transition';
import { exampleSetup } from '../../../../../core/systems/old-world/example';
import { unitArb } from '../arbitraries';
import { firstWhere, startOf, walked } from './modelSupport';
import { human, setupOf } from '../helpers';

/**
 * The old world's round transition (analysis/transition.ts) is the walk's (core/analysis/combat/
 * roundWalk.ts) found with fewer engine steps: from the same state, the same next-round positions
 * (by the chain's own key) with the same chances, and the same ends of the combat, to 1e-12 — for
 * every rule the round can meet after the strikes: break tests held and failed (insane courage),
 * unbreakable units, a side wiped out (and the overrun after it), flight caught and escaped, two
 * pursuers, characters in a challenge, panic tests of a unit nearby, a stalemate, the last round.
 */

const TOLERANCE = 1e-12;

function expectSame(got: RoundTransition<State>, walked: RoundTransition<State>) {
  const next = new Map(walked.next.map((n) => [n.key, n.p]));
  expect(got.next.map((n) => n.key).sort(), 'the same next-round positions').toEqual([...next.keys()].sort());
  for (const n of got.next) {
    expect(n.key).toBe(oldWorldCombat.key(n.state));
    expect(Math.abs(n.p - next.get(n.key)!), 'the same chance of each position').toBeLessThanOrEqual(TOLERANCE);
  }
  const ends = new Map(walked.ended.map((e) => [JSON.stringify(e.end), e.p]));
  expect(got.ended.map((e) => JSON.stringify(e.end)).sort(), 'the same ends').toEqual([...ends.keys()].sort());
  for (const e of got.ended)
    expect(Math.abs(e.p - ends.get(JSON.stringify(e.end))!), 'the same chance of each end').toBeLessThanOrEqual(
      TOLERANCE,
    );
}

/** The transition from `state`, checked against the walk from it; both returned. */
function compare(state: State) {
  const got = roundTransition(oldWorldCombat, state);
  expect(got, 'the transition covers the state').not.toBeNull();
  const walk = walked(state);
  expectSame(got!, walk);
  return { got: got!, walked: walk };
}

const ends = (t: RoundTransition<State>) => t.ended.map((e) => e.end);

describe('the old world round transition equals the walk', () => {
  it("the example's first round (20 Halberdiers v 20 Orc Boyz), with far fewer engine steps", () => {
    const { got, walked } = compare(startOf(oldWorld.setupSchema.parse(exampleSetup)));
    expect(got.next.length).toBeGreaterThan(10);
    // Caught and escaped flight on both sides.
    expect(ends(got).map((e) => e.fates.defender)).toEqual(expect.arrayContaining(['caught', 'flees']));
    expect(got.work * 10).toBeLessThan(walked.work);
  });

  it("from the start states of the example's second round (a previous winner strikes on, losses carried)", () => {
    const first = roundTransition(oldWorldCombat, startOf(oldWorld.setupSchema.parse(exampleSetup)))!;
    const picked = [...first.next].sort((a, b) => b.p - a.p).slice(0, 3);
    for (const n of picked) compare(n.state);
  });

  it('break tests held and failed; the loser flees, caught or not (5 v 5)', () => {
    const { got } = compare(startOf(setupOf({ models: 5, charged: true }, { models: 5 })));
    expect(ends(got).map((e) => e.fates.defender)).toEqual(expect.arrayContaining(['caught', 'flees']));
    expect(got.next.length).toBeGreaterThan(0);
  });

  it('units nearby test for panic when a unit breaks or is wiped out (only a note: the same positions)', () => {
    const nearby = {
      attacker: [{ name: 'Archers', leadership: 6 }],
      defender: [
        { name: 'Goblins', leadership: 5, immuneToPsychology: false },
        { name: 'Trolls', leadership: 4, immuneToPsychology: true },
      ],
    };
    compare(startOf(setupOf({ models: 5, charged: true }, { models: 5 }, {}, nearby)));
    compare(
      startOf(setupOf({ models: 4, charged: true, profile: { strength: 6, attacks: 2 } }, { models: 2 }, {}, nearby)),
    );
  });

  it('a lone character against a unit (a unit of no rank and file)', () => {
    const hero = {
      models: 0,
      charged: true,
      characters: [
        {
          name: 'Hero',
          profile: {
            ...human,
            weaponSkill: 6,
            strength: 4,
            toughness: 4,
            wounds: 3,
            initiative: 6,
            attacks: 3,
            leadership: 9,
          },
        },
      ],
    };
    compare(startOf(setupOf(hero, { models: 4, rankWidth: 4 })));
  });

  it('insane courage: a double 1 holds where the difference would break any other roll', () => {
    // Ld 3, losing by 2 or more: only the double 1 holds.
    compare(
      startOf(
        setupOf(
          { models: 6, charged: true, profile: { strength: 5, attacks: 2 } },
          { models: 3, profile: { leadership: 3 } },
          { insaneCourage: true },
        ),
      ),
    );
    compare(
      startOf(
        setupOf(
          { models: 6, charged: true, profile: { strength: 5, attacks: 2 } },
          { models: 3, profile: { leadership: 3 } },
          { insaneCourage: false },
        ),
      ),
    );
  });

  it('unbreakable units fight on; a side wiped out loses, and the winners may overrun in the first round', () => {
    const { got } = compare(
      startOf(
        setupOf(
          { models: 3, charged: true, unbreakable: true, profile: { strength: 6, attacks: 3 } },
          { models: 2, unbreakable: true },
        ),
      ),
    );
    expect(ends(got).map((e) => e.fates.defender)).toContain('destroyed');
    expect(got.next.length).toBeGreaterThan(0);
  });

  it('two units pursue one broken unit (one of them 3D6); a unit nearby tests for panic', () => {
    const setup = setupOf(
      [
        { models: 4, rankWidth: 4, charged: true, profile: { strength: 4 } },
        { models: 3, rankWidth: 3, charged: true, facing: 'flank', profile: { movement: 7 } },
      ],
      { models: 6, rankWidth: 3 },
      {},
      { defender: [{ name: 'Archers', leadership: 7 }] },
    );
    const { got } = compare(startOf(setup));
    expect(ends(got).map((e) => e.fates.defender)).toEqual(expect.arrayContaining(['caught', 'flees']));
  }, 60_000);

  it('characters in a challenge with overkill, a defended obstacle, cavalry fleeing and pursuing 3D6', () => {
    const knights = {
      models: 3,
      rankWidth: 3,
      charged: true,
      profile: { movement: 7, strength: 4, armour: 3, troopType: 'cavalry' as const, leadership: 8 },
      characters: [{ name: 'Champion', profile: { ...human, movement: 7, weaponSkill: 5, strength: 5, attacks: 2 } }],
    };
    const spearmen = {
      models: 5,
      rankWidth: 5,
      defendedObstacle: true,
      inContact: 3,
      characters: [{ name: 'Sergeant', profile: { ...human, attacks: 2, ward: 6 } }],
    };
    compare(
      startOf(
        setupOf(knights, spearmen, {
          challenge: { attacker: { unit: 0, character: 0 }, defender: { unit: 0, character: 0 } },
        }),
      ),
    );
  }, 60_000);

  it('a roll-off for the first strike (which the walk follows only from its two ends), fear, wounds of three, a ward save', () => {
    const ogres = {
      models: 2,
      rankWidth: 2,
      causesFear: true,
      profile: { movement: 6, strength: 4, toughness: 4, wounds: 3, attacks: 3, troopType: 'large' as const },
    };
    const halberdiers = {
      models: 6,
      rankWidth: 3,
      profile: { strength: 4 },
      characters: [{ name: 'Priest', profile: { ...human, wounds: 2, attacks: 2, ward: 5 } }],
    };
    const atStart = startOf(setupOf(ogres, halberdiers));
    compare(atStart);
    // After the attacker's die: a 1 (the defender first unless he too rolls 1), a 4, a 6.
    for (const face of [1, 4, 6])
      compare(
        oldWorld.apply(atStart, { kind: 'roll', stepId: oldWorld.next(atStart).id, dice: [face], by: 'entered' }),
      );
  }, 60_000);

  it('a stalemate (nobody can wound) ends the combat; the last round of a game stops it', () => {
    const { got } = compare(
      startOf(
        setupOf(
          { models: 3, charged: true, profile: { strength: 1, toughness: 10 } },
          { models: 3, profile: { strength: 1, toughness: 10 } },
        ),
      ),
    );
    expect(got.next).toEqual([]);
    const last = compare(
      startOf(
        setupOf(
          { models: 3, unbreakable: true },
          { models: 3, unbreakable: true },
          { round: 12, previousWinner: 'attacker' },
        ),
      ),
    );
    expect(last.got.next).toEqual([]);
  });

  it('from within a round: at the break test, at the flee roll, in the middle of the strikes', () => {
    const setup = setupOf({ models: 5, charged: true }, { models: 5 });
    const atBreak = firstWhere(setup, (c) => c.step.kind === 'roll' && /break test/.test(c.step.title));
    const atFlee = firstWhere(setup, (c) => c.step.kind === 'roll' && /flee/.test(c.step.title));
    const midStrikes = firstWhere(setup, (c) => c.state.phase === 'strikes' && c.state.counter > 1);
    for (const s of [atBreak, atFlee, midStrikes]) {
      expect(s).not.toBeNull();
      compare(s!);
    }
  });

  it('any small combat: the same transition as the walk (fast-check)', () => {
    const limits = { maxModels: 4, maxRankWidth: 3, maxWounds: 2, maxInitiative: 4, maxAttacks: 2 };
    fc.assert(
      fc.property(
        unitArb(limits),
        unitArb(limits),
        fc.boolean(),
        fc.integer({ min: 1, max: 3 }),
        (a, d, insaneCourage, round) => {
          compare(startOf(setupOf(a, d, { insaneCourage, round })));
        },
      ),
      { numRuns: 40, seed: 24 },
    );
  }, 120_000);
});
