import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Step } from '../../../../../core/combat/steps';
import { ninthAge, type State } from '../../../../../core/systems/ninth-age';
import { CATCH_CHANCE } from '../../../../../core/systems/ninth-age/tables';
import { smallNinthAge } from '../../../analysis/smallCombats';
import { runToEnd } from '../../../../../core/analysis/chunked';
import type { RoundModel } from '../../../../../core/analysis/combat/model';
import { modelChainInChunks } from '../../../../../core/analysis/combat/modelChain';
import { wholeCombatOf } from '../../../../../core/analysis/combat/forHost';
import { MAX_ROUNDS } from '../../../../../core/analysis/combat/wholeCombat';
import { ninthAgeAnalysis } from '../../../../../core/systems/ninth-age/analysis/forSystem';
import type { NaPosition } from '../../../../../core/systems/ninth-age/analysis/model';
import { storeLimits } from '../../../../../core/systems/ninth-age/analysis/model/store';
import {
  chainAgreesWithPlayouts,
  chainMatchesWalk,
  figuresOf,
  transitionMatchesWalk,
} from '../../../../support/roundModel';
import { setupArb } from '../arbitraries';
import { setupOf } from '../helpers';
import { clubSize } from './clubSize';
import { chain, model, nextStarts, positionOf, standingStates, startOf, tagOf } from './modelStates';
import { knightsVsSpearmen } from './setups';

/**
 * The Ninth Age's compact round model (core/systems/ninth-age/analysis/model) held to the engine:
 * one round against the engine's own exact walk of it from many states (round starts and every
 * kind of state the players stand at part-way), the whole combat against the walked chain on small
 * combats (with break tests, flight and pursuit), and against seeded play-outs on the example and a
 * club-size melee. Each case names the rule its state carries.
 */

const SLOW = 120_000;
const small = () => ninthAge.setupSchema.parse(smallNinthAge);
const matches = (state: State) => transitionMatchesWalk(chain, model, state);

/** The model without its `layer`: the shared chain then asks a transition of every position, one at a time. */
const byTransitions: RoundModel<State, NaPosition> = { ...model, layer: undefined };

/** Every figure of the shared chain with the model's `layer` (a round's whole layer at once) equals the chain over its transitions, to 1e-12. */
function layerMatchesTransitions(state: State, maxRounds = MAX_ROUNDS) {
  const byLayers = figuresOf(runToEnd(modelChainInChunks(chain, model, state, maxRounds)));
  const oneByOne = figuresOf(runToEnd(modelChainInChunks(chain, byTransitions, state, maxRounds)));
  expect(Object.keys(byLayers).sort()).toEqual(Object.keys(oneByOne).sort());
  for (const [k, p] of Object.entries(oneByOne)) expect(byLayers[k], k).toBeCloseTo(p, 12);
}

/** The states of the first seeded game (seeds 1, 2, …) that stands where `wanted` says, from there on. */
function gameTo(
  start: State,
  wanted: (s: { state: State; step: Step }) => boolean,
  choose?: Parameters<typeof standingStates>[2],
): Array<{ state: State; step: Step }> {
  for (let seed = 1; seed <= 50; seed++) {
    const states = standingStates(start, seed, choose);
    const at = states.findIndex(wanted);
    if (at >= 0) return states.slice(at);
  }
  throw new Error('no game of 50 gets there');
}

/** The first state of a seeded game that stands at a step tagged `tag`. */
const firstAt = (start: State, tag: string): State => gameTo(start, (s) => tagOf(s.step) === tag)[0]!.state;

/** The small combat with a character on each side: allocations to characters are asked for (issue 22). */
const withCharacters = () =>
  setupOf(
    {
      models: 2,
      width: 2,
      charged: true,
      profile: { offensiveSkill: 4, strength: 4, armour: 2, healthPoints: 1 },
      characters: [{ name: 'Baron', profile: { agility: 5, attacks: 2, healthPoints: 2 }, attacksAtCharacters: [1] }],
    },
    {
      models: 3,
      width: 3,
      profile: { armour: 1 },
      characters: [{ name: 'Captain', profile: { agility: 4, attacks: 2, healthPoints: 2 }, attacksAtCharacters: [2] }],
    },
  );

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
      const second = gameTo(
        startOf(withCharacters()),
        (s) => s.state.round === 2,
        (step) =>
          step.id.startsWith('allocate')
            ? step.options.some((o) => o.id === 'parts')
              ? 'parts'
              : step.options.at(-1)!.id
            : null,
      ).filter((s) => s.state.round === 2);
      // The Baron's whole allocation at the Captain, as answered in the first round.
      expect(second[0]!.state.kept).toMatchObject({ 'attacker.c0': [2] });
      for (const { state } of second) matches(state);
      // The Captain slain in the first round: the Baron's share at him goes at the rank and file.
      const fallen = gameTo(
        startOf(withCharacters()),
        (s) => s.state.round === 2 && s.state.lost['defender.c0'] === 2,
        (step) =>
          step.id.startsWith('allocate')
            ? step.options.some((o) => o.id === 'parts')
              ? 'parts'
              : step.options.at(-1)!.id
            : null,
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

  it('the game’s last round (a melee is fought twelve rounds at most): "Stop here" is suggested, the round’s winner wins', () => {
    const late = { ...nextStarts(startOf(small()))[0]!, round: 12 };
    matches(late);
    const t = model.transition(positionOf(late));
    expect(t.next).toEqual([]);
  });

  it('neither unit has an attack left: the round ends at once, stopping is suggested, and equal scores are a draw', () => {
    const setup = setupOf(
      { models: 2, profile: { attacks: 0 }, supportingAttacks: 0 },
      { models: 2, profile: { attacks: 0 }, supportingAttacks: 0 },
    );
    const start = startOf(setup);
    matches(start);
    const t = model.transition(positionOf(start));
    expect(t.ended.map((e) => [e.end.winner, e.p])).toEqual([['draw', 1]]);
  });

  it('equal Combat Scores: both win, nobody takes a Break Test (RULES §5)', () => {
    // One Spearman each, no charge: a round where neither wounds is a tie of 0 to 0.
    const setup = setupOf({ models: 1, width: 1 }, { models: 1, width: 1 });
    const start = startOf(setup);
    matches(start);
    const t = model.transition(positionOf(start));
    // Neither hurt (a tie, no test): the melee goes on from where it stood.
    const same = t.next.find((n) => n.position.code === positionOf(start).code);
    const miss = 1 - (3 / 6) * (3 / 6);
    expect(same?.p).toBeCloseTo(miss * miss, 12);
  });

  it('a unit wiped out: +1 to the enemy, no Break Test, destroyed (RULES §5); its characters slain with it', () => {
    const setup = setupOf(
      { models: 4, width: 4, charged: true, profile: { offensiveSkill: 7, strength: 7, agility: 5, attacks: 2 } },
      { models: 1, width: 1, characters: [{ profile: { healthPoints: 1 } }] },
    );
    // Half the attacks at the rank and file, half at the character beside him.
    setup.attacker.unit.attacksAtCharacters = [4];
    const start = startOf(setup);
    matches(start);
    const t = model.transition(positionOf(start));
    const wiped = t.ended.filter((e) => e.end.fates.defender === 'destroyed');
    expect(wiped.length).toBeGreaterThan(0);
    for (const e of wiped)
      expect(e.end.units!.filter((u) => u.role === 'defender').every((u) => u.end === 'destroyed')).toBe(true);
  });

  it('wounds beyond a pool are lost, never moved to another pool (seed 004, Health Pools)', () => {
    // Every attack at the 1-HP Captain: the rank and file beside him never lose a model.
    const setup = setupOf(
      { models: 5, width: 5, charged: true, profile: { strength: 6, offensiveSkill: 6 }, attacksAtCharacters: [5] },
      { models: 3, width: 3, characters: [{ name: 'Captain', profile: { healthPoints: 1, attacks: 0 } }] },
    );
    const start = startOf(setup);
    matches(start);
    const ctx = positionOf(start).ctx;
    const rf = ctx.rankAndFile[1];
    const full = ctx.pools[rf]!.full;
    for (const n of model.transition(positionOf(start)).next)
      expect(Math.floor(n.position.code / ctx.pools[rf]!.stride) % (full + 1)).toBe(full);
  });

  it('a natural 1 always fails and a natural 6 always hits (seed 004): 2+ at best, 6+ at worst, whatever the modifiers', () => {
    for (const [offensiveSkill, defensiveSkill, hitModifier, hits] of [
      [10, 1, 3, 5 / 6],
      [1, 10, -3, 1 / 6],
    ] as const) {
      const setup = setupOf(
        { models: 1, width: 1, charged: true, profile: { offensiveSkill, hitModifier, strength: 10, agility: 9 } },
        { models: 1, width: 1, profile: { defensiveSkill, resilience: 0, attacks: 0 } },
      );
      const start = startOf(setup);
      matches(start);
      // Strength 10 against Resilience 0 wounds on 2+: the defender falls with P(hit) × 5/6.
      const t = model.transition(positionOf(start));
      const destroyed = t.ended.filter((e) => e.end.fates.defender === 'destroyed').reduce((a, e) => a + e.p, 0);
      expect(destroyed).toBeCloseTo(hits * (5 / 6), 12);
    }
  });

  it('a Break Test that cannot pass: failed without rolling, or passed on a natural double 1 with Insane Courage', () => {
    for (const insaneCourage of [false, true]) {
      const setup = setupOf(
        {
          models: 3,
          width: 3,
          charged: true,
          facing: 'rear',
          standard: true,
          profile: { offensiveSkill: 9, strength: 9 },
        },
        { models: 4, width: 4, profile: { discipline: 1, attacks: 0 } },
        { insaneCourage },
      );
      const start = startOf(setup);
      matches(start);
      const t = model.transition(positionOf(start));
      // The defender loses the round by at least 4 (charge, rear, standard, 1 HP) against Discipline 1.
      const broke = t.ended.filter((e) => e.end.fates.defender === 'flees' || e.end.fates.defender === 'caught');
      const held = t.next.reduce((a, n) => a + n.p, 0);
      if (!insaneCourage) expect(held).toBe(0);
      else expect(held / (held + broke.reduce((a, e) => a + e.p, 0))).toBeCloseTo(1 / 36, 12);
    }
  });

  it('Steady (more Proper Ranks than the enemy: the difference counts at most 2) and Steady and Solid (3+ Proper Ranks: ignored)', () => {
    for (const models of [6, 15]) {
      const setup = setupOf(
        {
          models: 2,
          width: 2,
          charged: true,
          facing: 'flank',
          profile: { offensiveSkill: 6, strength: 6, attacks: 2 },
        },
        { models, width: 5, profile: { discipline: 6 } },
      );
      matches(startOf(setup));
    }
  });

  it('pursuit: a tie of the two 2D6 catches; a winner wiped out cannot pursue', () => {
    const pursued = firstAt(startOf(small()), 'flee');
    matches(pursued);
    const caught = model
      .transition(positionOf(pursued))
      .ended.filter((e) => Object.values(e.end.fates).includes('caught'));
    expect(caught.reduce((a, e) => a + e.p, 0)).toBeCloseTo(CATCH_CHANCE, 12);
    // Both sides strike at once and can wipe each other out: the survivor of a wiped-out winner flees unpursued.
    const setup = setupOf(
      { models: 1, width: 1, charged: true, profile: { offensiveSkill: 9, strength: 9, attacks: 3 } },
      { models: 2, width: 2, profile: { offensiveSkill: 9, strength: 9, attacks: 2, agility: 4, discipline: 2 } },
    );
    matches(startOf(setup));
  });

  it('health pools too large for arrays by code (six pools of 20 HP): the same rounds from the model’s hash tables', () => {
    const hero = (name: string) => ({
      name,
      profile: { healthPoints: 20, attacks: 1, offensiveSkill: 6, strength: 6 },
    });
    const setup = setupOf(
      {
        models: 1,
        width: 1,
        profile: { healthPoints: 20, attacks: 2 },
        characters: [hero('Baron'), hero('Knight')],
        attacksAtCharacters: [1, 0],
      },
      {
        models: 1,
        width: 1,
        profile: { healthPoints: 20, attacks: 2 },
        characters: [hero('Captain'), hero('Sergeant')],
      },
    );
    const start = startOf(setup);
    expect(positionOf(start).ctx.dense).toBe(false);
    matches(start);
    for (const s of nextStarts(start).slice(0, 3)) matches(s);
    layerMatchesTransitions(start, 3);
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

describe('the whole combat over the model against the engine’s walked chain (chainMatchesWalk, 1e-9)', () => {
  it(
    'the small combat: 1 Knight v 3 Spearmen, break tests, flight and pursuit',
    () => {
      const odds = chainMatchesWalk(chain, startOf(small()));
      expect(odds.attacker.pCaught + odds.defender.pCaught).toBeGreaterThan(0);
    },
    SLOW,
  );

  it(
    'the small combat with a Captain among the Spearmen (his own health pool, allocations kept round to round)',
    () => {
      const raw = structuredClone(smallNinthAge) as typeof smallNinthAge & {
        defender: { unit: Record<string, unknown> };
      };
      raw.defender.unit['characters'] = [
        { name: 'Captain', profile: { ...smallNinthAge.defender.unit.profile, healthPoints: 1, attacks: 2 } },
      ];
      chainMatchesWalk(chain, startOf(ninthAge.setupSchema.parse(raw)));
    },
    SLOW,
  );

  it(
    'Steady Spearmen in the Knights’ flank, no Insane Courage: break tests with the difference capped',
    () => {
      const setup = setupOf(
        {
          models: 2,
          width: 2,
          height: 2,
          charged: true,
          facing: 'flank',
          profile: { offensiveSkill: 4, strength: 5, healthPoints: 2, armour: 3 },
        },
        { models: 5, width: 5, standard: true, profile: { armour: 1, discipline: 6 } },
        { insaneCourage: false },
      );
      chainMatchesWalk(chain, startOf(setup));
    },
    SLOW,
  );

  it(
    'from part-way through a round: at its Break Test and at its flee roll',
    () => {
      for (const at of ['break', 'flee']) chainMatchesWalk(chain, firstAt(startOf(small()), at));
    },
    SLOW,
  );
});

describe('the shared chain with the model’s layer (a round’s whole layer at once) against the same chain over its transitions', () => {
  it('from round starts and part-way through rounds of small combats, with characters and allocations kept', () => {
    layerMatchesTransitions(startOf(small()));
    for (const { state } of standingStates(startOf(withCharacters()), 2, () => null, 2)) layerMatchesTransitions(state);
  });

  it('the club-size melee', () => layerMatchesTransitions(startOf(clubSize())), SLOW);

  it(
    'templates spread over many small chunks of the store and forgotten between rounds: the engine’s walk on the small combat, the same odds on the club-size melee',
    () => {
      const odds = (state: State) => figuresOf(runToEnd(modelChainInChunks(chain, model, state, MAX_ROUNDS)));
      const usual = odds(startOf(clubSize()));
      const saved = { ...storeLimits };
      Object.assign(storeLimits, { firstChunk: 8, lastChunk: 64, entries: 500 });
      try {
        chainMatchesWalk(chain, startOf(small()));
        const chunked = odds(startOf(clubSize()));
        for (const [k, p] of Object.entries(usual)) expect(chunked[k], k).toBeCloseTo(p, 12);
      } finally {
        Object.assign(storeLimits, saved);
      }
    },
    SLOW,
  );
});

describe('exact within the host’s budget (forHost.ts wholeCombatOf: half the work limit)', () => {
  const exactForHost = (state: State) => {
    const answer = wholeCombatOf(ninthAgeAnalysis, state);
    expect(answer?.ok && answer.odds.exact, 'exact').toBe(true);
  };

  it(
    'the example from its start and part-way through its first round (at its last Agility step, at its Break Test), and the club-size melee',
    () => {
      exactForHost(startOf(knightsVsSpearmen()));
      const states = standingStates(startOf(knightsVsSpearmen()), 1, () => null, 1);
      for (const tag of ['strikes', 'break'])
        exactForHost({ ...states.filter((s) => tagOf(s.step) === tag).at(-1)!.state, setup: knightsVsSpearmen() });
      exactForHost(startOf(clubSize()));
    },
    SLOW,
  );
});

describe('the whole combat over the model against seeded engine play-outs (chainAgreesWithPlayouts)', () => {
  it(
    'the example: 6 Knights and a Baron charge 30 Spearmen with a Captain and a Battle Standard Bearer',
    () => {
      chainAgreesWithPlayouts(chain, startOf(knightsVsSpearmen()), 3000);
    },
    SLOW,
  );

  it(
    'a club-size melee: 25 v 25 infantry with a character each (20,000 play-outs)',
    () => {
      chainAgreesWithPlayouts(chain, startOf(clubSize()), 20_000);
    },
    4 * SLOW,
  );
});
