import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CombatEnd } from '../../../../../core/analysis/combat/tally';
import { epicArmageddon, type Setup, type State } from '../../../../../core/systems/epic-armageddon';
import { epicArmageddonCombat } from '../../../../../core/systems/epic-armageddon/analysis';
import { highestOfTwoChance } from '../../../../../core/systems/epic-armageddon/tables';
import { setupArb } from '../arbitraries';
import { setupOf, unit } from '../helpers';
import * as assaults from './model/assaults';
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
 * The round model (core/systems/epic-armageddon/analysis/model) held to the engine, one round at a
 * time: edge cases worked out by hand (wiped out, excess damage lost, ties, a 6 needed), which of
 * alike units is which, and the engine's allocation the model works out in closed form. One round:
 * roundModel.test.ts (from its start), roundModelSteps.test.ts (part-way), roundModelEdges.test.ts
 * (by hand); the whole assault: roundModelChain.test.ts and roundModelClub.test.ts.
 */

const chain = epicArmageddonCombat;
const startOf = (setup: Setup): State => epicArmageddon.start(setup);
const matches = (state: State) => roundMatchesWalk(chain, model, state);

/** P(the attacker's highest of 2D6 less the defender's is d). */
const diceDifference = (d: number) => {
  let p = 0;
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++) if (a - b === d) p += highestOfTwoChance(a) * highestOfTwoChance(b);
  return p;
};

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
