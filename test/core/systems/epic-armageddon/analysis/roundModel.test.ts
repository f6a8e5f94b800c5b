import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { metered, workSpent } from '../../../../../core/analysis/budget';
import { wholeCombatOf } from '../../../../../core/analysis/combat/forHost';
import type { CombatEnd } from '../../../../../core/analysis/combat/tally';
import { epicArmageddon, type Setup, type State } from '../../../../../core/systems/epic-armageddon';
import { epicArmageddonAnalysis, epicArmageddonCombat } from '../../../../../core/systems/epic-armageddon/analysis';
import { highestOfTwoChance } from '../../../../../core/systems/epic-armageddon/tables';
import { chainAgreesWithPlayouts, chainMatchesWalk, modelOdds } from '../../../../support/roundModel';
import { setupArb } from '../arbitraries';
import { setupOf, unit } from '../helpers';
import * as assaults from './model/assaults';
import { choose, firstTo, roundStates } from './model/games';
import { roundMatchesWalk } from './model/labelledWalk';
import {
  epicArmageddonModel as model,
  type Position,
} from '../../../../../core/systems/epic-armageddon/analysis/model/roundModel';
import {
  contextOf,
  defenderOf,
  pairOf,
  unitsOf,
} from '../../../../../core/systems/epic-armageddon/analysis/model/context';
import { allocation } from '../../../../../core/systems/epic-armageddon/analysis/model/side';
import { emptyGiven } from '../../../../../core/systems/epic-armageddon/allocation';
import { NEAREST, planGiven, type Plan } from '../../../../../core/systems/epic-armageddon/plans';
import { classLabels } from '../../../../../core/systems/epic-armageddon/analysis/model/labels';

/**
 * The round model (core/systems/epic-armageddon/analysis/model) held to the engine: one round from
 * many states against the engine's own walk of it, unit by unit (model/labelledWalk.ts), the whole
 * assault against the walked chain on small assaults and against seeded play-outs on the example
 * and the club-size assault.
 */

const chain = epicArmageddonCombat;
const SLOW = 60_000;
const startOf = (setup: Setup): State => epicArmageddon.start(setup);
const matches = (state: State) => roundMatchesWalk(chain, model, state);

/** P(the attacker's highest of 2D6 less the defender's is d). */
const diceDifference = (d: number) => {
  let p = 0;
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++) if (a - b === d) p += highestOfTwoChance(a) * highestOfTwoChance(b);
  return p;
};

describe('one round from its start, as the engine walks it', () => {
  it('everybody Fearless (the small combat): no extra hits, a draw fought again; two alike Boyz told apart as chances', () => {
    matches(startOf(assaults.small()));
  });

  it('nobody Fearless: extra hits for the loser, Broken and withdrawing; a unit not engaged takes extra hits but no attacks', () => {
    matches(startOf(assaults.breaking()));
  });

  it('a formation Broken before the assault counts its units as Blast markers and is destroyed if it loses; They Shall Know No Fear halves the extra hits', () => {
    matches(startOf(assaults.brokenDefender()));
  });

  it('a war engine loses 1 DC per unsaved hit; Macro-weapon First Strike swords against Reinforced Armour and an invulnerable save', () => {
    matches(startOf(assaults.knight()));
  });

  it('supporting fire of other formations (A5), an Inspiring supporting unit, a firefight, cover', () => {
    matches(startOf(assaults.supported()));
  });

  it('a side that keeps an allocation for the assault (its hits placed by it in every wave): Paladin last', () => {
    const start = startOf(assaults.knight());
    matches({ ...start, allocation: { defender: { by: 'spare', entry: 0 } } });
  });

  it(
    'random small assaults: every rule of the setup can come up',
    () => {
      const small = setupArb.filter((s) =>
        (['attacker', 'defender'] as const).every((r) => s[r].units.reduce((n, u) => n + u.count, 0) <= 2),
      );
      fc.assert(
        fc.property(small, (setup) => matches(startOf(setup))),
        { numRuns: 12, seed: 34 },
      );
    },
    SLOW,
  );
});

describe('one round from part-way through it, as the engine walks it', () => {
  it(
    'every step of a round: attacks rolled (First Strike first), hits allocated, saves rolled, the result rolled',
    () => {
      const states = [
        ...roundStates(assaults.small(), 1),
        ...roundStates(assaults.breaking(), 2),
        ...roundStates(assaults.brokenDefender(), 0),
        ...roundStates(assaults.knight(), 0),
      ];
      expect(new Set(states.map((s) => s.phase.at))).toEqual(new Set(['wave', 'a6']));
      for (const state of states) matches(state);
    },
    SLOW,
  );

  it('every step of a second round, after a draw: casualties kept (which Boy fell, known), the kills of round 1 counted in its result', () => {
    for (let s = 0; s < 40; s++) {
      const states = roundStates(assaults.small(), s, 2);
      if (states.length === 0) continue;
      for (const state of states) matches(state);
      return;
    }
    throw new Error('no seeded game reached round 2');
  });

  it('saves of one group of dice on two alike units: each unit saves its own hit (seed 003), so either Boy may fall', () => {
    const save = firstTo(
      assaults.breaking(),
      (c) =>
        c.step.id.startsWith('save.') &&
        c.state.phase.at === 'wave' &&
        new Set(c.state.phase.wave.on.defender.saves?.map((h) => h.unit)).size === 2 &&
        (c.state.phase.wave.on.attacker.saves ?? []).length === 0,
    );
    matches(save.state);
  });

  it('a side that chose where its hits go: a whole allocation kept (Paladin last), and hit by hit', () => {
    const allocating = (c: { step: { kind: string; id: string } }) =>
      c.step.kind === 'choose' && c.step.id.startsWith('allocate');
    const spare = firstTo(assaults.knight(), allocating);
    const applied = epicArmageddon.apply(spare.state, choose(spare, 'spare:0'));
    expect(applied.allocation?.defender).toEqual({ by: 'spare', entry: 0 });
    matches(applied);
    const byHand = epicArmageddon.apply(spare.state, choose(spare, 'byHand'));
    matches(byHand);
    // The first Macro-weapon hit named by hand, to the Squire (the other then has one place left: the Paladin).
    const named = epicArmageddon.apply(byHand, {
      kind: 'choose',
      stepId: epicArmageddon.next(byHand).id,
      option: 'unit:1',
    });
    expect(named.phase.at === 'wave' && named.phase.wave.on.defender.given![1]).toEqual([1, 0]);
    matches(named);
  });

  it('the loser part-way through its extra hits (RULES §4 A6: the rest nearest first), and part-way through its withdrawal (A7)', () => {
    const extra = firstTo(assaults.breaking(), (c) => c.step.kind === 'choose' && c.step.id.startsWith('extra'));
    matches(extra.state);
    matches(epicArmageddon.apply(extra.state, choose(extra, 'unit:2')));
    // Two units left to withdraw (Boyz and Grots): one of them ended within 15cm of the enemy, destroyed.
    const withdraw = firstTo(
      assaults.breaking(),
      (c) => c.step.kind === 'choose' && c.step.id.startsWith('withdraw') && c.step.options.length === 3,
    );
    matches(withdraw.state);
    matches(epicArmageddon.apply(withdraw.state, choose(withdraw, 'unit:2')));
  });

  it('the result roll with one side’s dice known (a combat stored when each side rolled on its own step)', () => {
    const a6 = firstTo(assaults.breaking(), (c) => c.state.phase.at === 'a6');
    matches({ ...a6.state, phase: { at: 'a6', rolls: { attacker: [2, 5] } } });
  });
});

describe('edge cases', () => {
  it('every defending unit wiped out in the combat attacks: the attacker wins at once (A4), before supporting fire and the result', () => {
    const state = startOf(
      setupOf(
        { units: [unit({ count: 2 })], support: [{ name: 'Guns', ff: 2 }] },
        { units: [unit({ cc: null, ff: null })] },
      ),
    );
    matches(state);
    // A4: wiped with P(a hit of 2 dice at 4+) = 3/4; else A6 at +1 (more units; no Blast markers each): a win is a − b ≥ 0,
    // and supporting fire counts only then — its 2+ die at the one defender: destroyed before A6 with 5/6.
    const t = model.transition(model.enter(state)!);
    const won = t.ended.filter((e) => e.end.winner === 'attacker').reduce((s, e) => s + e.p, 0);
    const a6Win = [0, 1, 2, 3, 4, 5].reduce((s, d) => s + diceDifference(d), 0);
    expect(won).toBeCloseTo(3 / 4 + (1 / 4) * (5 / 6 + (1 / 6) * a6Win), 12);
  });

  it('a war engine loses no more than its damage capacity left: the excess is lost, and so are its kills', () => {
    const state = startOf(
      setupOf(
        { units: [unit({ count: 4, cc: 2 })] },
        {
          units: [
            unit({ name: 'Engine', type: 'war-engine', damageCapacity: 2, cc: null, ff: null, fearless: true }),
            unit({ name: 'Crew', cc: null, ff: null, engaged: 'none', fearless: true }),
          ],
        },
      ),
    );
    matches(state);
    // The engine (no save) is destroyed by 2 hits or more of 4 dice at 2+; its kills are its 2 DC (the A6 results above read them).
    const t = model.transition(model.enter(state)!);
    const engineDestroyed = (e: CombatEnd) => e.units!.find((u) => u.unit === 'Engine')!.end === 'destroyed';
    const engineLeft = (p: Position) =>
      p.kind === 'start' ? unitsOf(p.ctx.sides.defender, defenderOf(p.ctx, p.pair))[0]!.left : NaN;
    const lost =
      t.ended.filter((e) => engineDestroyed(e.end)).reduce((s, e) => s + e.p, 0) +
      t.next.filter((n) => engineLeft(n.position) === 0).reduce((s, n) => s + n.p, 0);
    expect(t.next.every((n) => engineLeft(n.position) >= 0)).toBe(true);
    const p = 5 / 6;
    expect(lost).toBeCloseTo(1 - (1 - p) ** 4 - 4 * p * (1 - p) ** 3, 12);
  });

  it('equal totals are a draw (RULES §4 A6): the assault goes on from the same position; otherwise the difference is the extra hits', () => {
    // Nobody can attack: the result roll alone decides, the modifiers equal (+1 each: no Blast markers).
    const state = startOf(
      setupOf({ units: [unit({ cc: null, ff: null })] }, { units: [unit({ cc: null, ff: null, count: 1 })] }),
    );
    matches(state);
    const t = model.transition(model.enter(state)!);
    expect(t.next).toHaveLength(1);
    expect(t.next[0]!.p).toBeCloseTo(diceDifference(0), 14);
    const to = t.next[0]!.position;
    expect(to.kind === 'start' && to.round === 2 && to.pair === pairOf(to.ctx, 1, 1)).toBe(true);
    const attackerWins = t.ended.filter((e) => e.end.winner === 'attacker').reduce((s, e) => s + e.p, 0);
    expect(attackerWins).toBeCloseTo(
      [1, 2, 3, 4, 5].reduce((s, d) => s + diceDifference(d), 0),
      14,
    );
  });

  it('a score of 6 needed: only a 6 hits; an invulnerable save is a further 6 after a failed armour save (no natural 1 or 6 rule besides)', () => {
    const state = startOf(
      setupOf(
        { units: [unit({ cc: 6, ff: null })] },
        { units: [unit({ armour: 6, invulnerable: true, cc: null, ff: null, fearless: true })] },
      ),
    );
    matches(state);
    const t = model.transition(model.enter(state)!);
    const destroyed = t.ended.filter((e) => e.end.fates.defender === 'destroyed').reduce((s, e) => s + e.p, 0);
    // Hit on a 6, armour 6+ failed (5/6), invulnerable 6+ failed (5/6): wiped at A4.
    expect(destroyed).toBeCloseTo((1 / 6) * (5 / 6) * (5 / 6), 14);
  });
});

describe('which of alike units is which (labels carried as chances)', () => {
  it('one hit on two alike Boyz goes to the nearest (seed 003): Boyz #1 is the one that may fall, Boyz #2 never in that wave', () => {
    // One attacker die at 2+ (no save on the Boyz), nobody can hit back; Fearless: no extra hits.
    const state = startOf(
      setupOf(
        { units: [unit({ cc: 2, ff: null, fearless: true })] },
        { units: [unit({ name: 'Boyz', count: 2, cc: null, ff: null, fearless: true })] },
      ),
    );
    matches(state);
    const t = model.transition(model.enter(state)!);
    const boyz = (p: Position) => classLabels(p.ctx, p.pair, p.labels, 'defender', 0);
    // After the hit (5/6) one Boy stands: always Boyz #2 (the first is nearest), at rank 0.
    const one = t.next.filter((n) => boyz(n.position).length === 2);
    expect(one.reduce((s, n) => s + n.p, 0)).toBeGreaterThan(0);
    for (const n of one) expect([...boyz(n.position)]).toEqual([0, 1]);
    // Neither fell (1/6): each at its own rank.
    for (const n of t.next.filter((n) => boyz(n.position).length === 4))
      expect([...boyz(n.position)]).toEqual([1, 0, 0, 1]);
  });

  it('positions of one key are one: their labels averaged by their chances (model.ts merge)', () => {
    const x = model.transition(model.enter(startOf(assaults.small()))!).next[0]!.position;
    const y: Position = { ...x, labels: x.labels.map((q) => 1 - q) };
    const merged = model.merge!(x, 0.25, y, 0.75);
    expect(merged.key).toBe(x.key);
    merged.labels.forEach((q, i) => expect(q).toBeCloseTo(0.25 * x.labels[i]! + 0.75 * (1 - x.labels[i]!), 14));
  });
});

describe('what the model takes from the engine in closed form', () => {
  it('hits placed from none: the engine’s allocation (forced hits settled, then the kept plan or nearest first) is the plan’s round robin (seed 003)', () => {
    const plans: Array<Plan | null> = [
      null,
      { by: 'toughest' },
      { by: 'first', entry: 0 },
      { by: 'spare', entry: 0 },
      { by: 'first', entry: 1 },
      { by: 'spare', entry: 1 },
    ];
    fc.assert(
      fc.property(setupArb, fc.constantFrom(...plans), fc.nat(4), fc.nat(12), (setup, plan, macro, normal) => {
        const start = startOf(setup);
        if (plan && 'entry' in plan && plan.entry >= setup.defender.units.length) return;
        const ctx = contextOf(plan ? { ...start, allocation: { defender: plan } } : start)!;
        const side = ctx.sides.defender;
        for (let x = 0; x < side.size; x++) {
          const units = unitsOf(side, x);
          const none = emptyGiven(units.length);
          expect(planGiven(ctx.setup, 'defender', units, side.plan ?? NEAREST, none, { macro, normal })).toEqual(
            allocation(ctx, side, units, none, { macro, normal }),
          );
        }
      }),
      { numRuns: 200, seed: 22 },
    );
  });
});

describe('the whole assault', () => {
  it(
    'the small combat (smallCombats.ts): everybody Fearless, draws fought again round after round — the walked chain to 1e-9, every unit too',
    () => {
      const odds = chainMatchesWalk(chain, startOf(assaults.small()));
      expect(odds.rounds.length).toBe(10);
    },
    SLOW,
  );

  it(
    'breaking and withdrawing, and a formation Broken already (two rounds): the walked chain to 1e-9',
    () => {
      chainMatchesWalk(chain, startOf(assaults.breaking()), 2);
      chainMatchesWalk(chain, startOf(assaults.brokenDefender()), 2);
    },
    SLOW,
  );

  it(
    'supporting fire of other formations, a firefight and cover (two rounds): the walked chain to 1e-9',
    () => {
      chainMatchesWalk(chain, startOf(assaults.supported()), 2);
    },
    SLOW,
  );

  it(
    'the example (too large to walk): within 4 standard errors of 2,000 seeded play-outs of the engine — 65.6% for the Space Marines',
    () => {
      const odds = chainAgreesWithPlayouts(chain, startOf(assaults.example()), 2_000);
      expect(odds.pAttackerWins).toBeCloseTo(0.656168089464, 12);
      // Every chance accounted for: the ends and what is still fighting after round 10 sum to 1.
      expect(odds.pAttackerWins + odds.pDefenderWins + odds.pDraw + odds.pUnfinished).toBeCloseTo(1, 14);
    },
    SLOW,
  );

  it(
    'the club-size assault (three formations a side): within 4 standard errors of 20,000 seeded play-outs of the engine',
    () => {
      chainAgreesWithPlayouts(chain, startOf(assaults.clubSize()), 20_000);
    },
    SLOW,
  );

  it('small assaults, the example and the club-size assault are exact within the host’s budget', () => {
    for (const make of [
      assaults.small,
      assaults.breaking,
      assaults.brokenDefender,
      assaults.example,
      assaults.clubSize,
    ]) {
      const answer = wholeCombatOf(epicArmageddonAnalysis, startOf(make()));
      expect(answer?.ok && answer.odds.exact).toBe(true);
    }
  });

  it('every state of the example’s first round is exact within the host’s budget', () => {
    for (const state of roundStates(assaults.example(), 0)) {
      const answer = wholeCombatOf(epicArmageddonAnalysis, state);
      expect(answer?.ok && answer.odds.exact, state.phase.at).toBe(true);
    }
  });

  it('the whole assault is charged the same work whether the rounds it asks for were worked out before (the same setup) or not', () => {
    const setup = assaults.breaking();
    const work = (s: Setup) =>
      metered(
        () => {
          modelOdds(chain, startOf(s));
          return workSpent();
        },
        () => 'too large',
        1e12,
      );
    const cold = work(setup);
    expect(work(setup)).toBe(cold);
    expect(work(assaults.breaking())).toBe(cold);
  });

  it('a round is charged the same work whether what it shares with other rounds was worked out before or not', () => {
    // Round 2 of a seeded game, its setup fresh each time: asked first, and asked after round 1 (which works out what they share).
    const work = (warm: boolean) => {
      const round2 = firstTo(assaults.breaking(), (c) => c.state.round === 2).state;
      return metered(
        () => {
          if (warm) model.transition(model.enter(startOf(round2.setup))!);
          const before = workSpent();
          model.transition(model.enter(round2)!);
          return workSpent() - before;
        },
        () => 'too large',
        1e12,
      );
    };
    const cold = work(false);
    expect(cold).toBeGreaterThan(0);
    expect(work(true)).toBe(cold);
  });
});
