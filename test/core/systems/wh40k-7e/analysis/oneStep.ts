import { expect } from 'vitest';
import { analyzeRound, type RoundOdds } from '../../../../../core/systems/wh40k-7e/analysis';
import { groupsOf, isChained } from '../../../../../core/combat/rollGroups';
import { rollOutcomes } from '../../../../../core/analysis/combat/rollOutcomes';
import type { Input } from '../../../../../core/combat/steps';
import { everyOrderedRoll, passCountInputs } from '../../../../support/drive';
import { roundDriver } from '../../../../support/roundDriver';
import { wh40k7eSystem } from '../../../../../core/systems/wh40k-7e/definition';
import type { W7 as W7Combat } from '../helpers';
import type { Setup, State } from '../../../../../core/systems/wh40k-7e';

const { apply, inputFor } = roundDriver<Setup, State>(wh40k7eSystem);

/**
 * The exact one-step identity: at a roll, the analysis equals the average of the analyses after
 * every possible roll, each weighted by its probability; at a choice or an outcome, the analysis
 * after the suggested input (SCENARIOS §2 defaults). With the point mass once the round is over,
 * this is what "exact from any state" means.
 */

const choose = (n: number, k: number) => {
  let c = 1;
  for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
  return c;
};

/** The weighted faces of one kind of dice: a Destroyer roll, a pass/fail roll, or every ordered roll. */
function facesOf(g: {
  count: number;
  sides: number;
  passOn?: number;
  criticalOn?: number;
}): Array<{ dice: number[]; p: number }> {
  const n = g.count;
  if (g.criticalOn === 6 && g.passOn === 2) {
    // The Destroyer roll: 1 nothing, 2–5 seriously wounded, 6 deathblow (a multinomial).
    const out: Array<{ dice: number[]; p: number }> = [];
    for (let db = 0; db <= n; db++) {
      for (let sw = 0; sw + db <= n; sw++) {
        const p = choose(n, db) * choose(n - db, sw) * (1 / 6) ** db * (4 / 6) ** sw * (1 / 6) ** (n - db - sw);
        out.push({
          dice: [...Array<number>(db).fill(6), ...Array<number>(sw).fill(3), ...Array<number>(n - db - sw).fill(1)],
          p,
        });
      }
    }
    return out;
  }
  const step = {
    kind: 'roll' as const,
    id: 'x',
    title: '',
    actor: 'attacker' as const,
    count: n,
    sides: g.sides as 3 | 6,
    needs: '',
    why: [],
    notes: [],
    ...(g.passOn !== undefined ? { passOn: g.passOn } : {}),
  };
  // D3, D6 + 6, Morale (2D6) and Sweeping Advance rolls: every ordered roll.
  const inputs = g.passOn !== undefined ? passCountInputs(step, (7 - g.passOn) / 6) : everyOrderedRoll(step);
  return inputs.map(({ input, p }) => ({ dice: input.kind === 'roll' ? input.dice : [], p }));
}

/**
 * Every input that can answer the current step, with its probability (order of dice within a roll
 * cannot matter, seed 000 Fast Dice); a step of several groups of dice takes every combination.
 */
export function possibleInputs(combat: W7Combat): Array<{ input: Input; p: number }> {
  const step = combat.step;
  if (step.kind !== 'roll') return [{ input: inputFor(combat), p: 1 }];
  // A roll rolled through (to wound a D6 for each hit, Feel No Pain for each failed save): how many
  // dice a chained group takes depends on the dice before it, so every outcome is walked group by group.
  if (isChained(step))
    return rollOutcomes(step).map(({ dice, p }) => ({
      input: { kind: 'roll' as const, stepId: step.id, dice, by: 'entered' as const },
      p,
    }));
  let combos: Array<{ dice: number[]; p: number }> = [{ dice: [], p: 1 }];
  for (const g of groupsOf(step)) {
    const faces = facesOf(g);
    combos = combos.flatMap((c) => faces.map((f) => ({ dice: [...c.dice, ...f.dice], p: c.p * f.p })));
  }
  return combos.map(({ dice, p }) => ({
    input: { kind: 'roll' as const, stepId: step.id, dice, by: 'entered' as const },
    p,
  }));
}

/** The figures of SCENARIOS §2 as numbers, for comparing two analyses. */
export function figures(odds: RoundOdds): Record<string, number> {
  const f: Record<string, number> = {
    pAttackerWins: odds.win.attacker,
    pDraw: odds.win.draw,
    pDefenderWins: odds.win.defender,
  };
  for (const role of ['attacker', 'defender'] as const) {
    f[`${role}.pWipedOut`] = odds.wiped[role];
    f[`${role}.pBreaks`] = odds.breaks[role];
    f[`${role}.pSwept`] = odds.swept[role];
    odds.caused[role].forEach((p, k) => (f[`${role}.woundsCaused[${k}]`] = p));
  }
  odds.difference.dist.forEach((p, k) => (f[`difference=${odds.difference.offset + k}`] = p));
  return f;
}

/** Checks the identity at the current step. */
export function checkOneStep(combat: W7Combat, label: string): void {
  const here = figures(analyzeRound(combat.state));
  const mix: Record<string, number> = {};
  let total = 0;
  for (const { input, p } of possibleInputs(combat)) {
    total += p;
    const next = apply(combat, input);
    for (const [k, v] of Object.entries(figures(analyzeRound(next.state)))) mix[k] = (mix[k] ?? 0) + p * v;
  }
  expect(Math.abs(total - 1), `${label}: the inputs' probabilities sum to 1`).toBeLessThan(1e-12);
  for (const k of new Set([...Object.keys(here), ...Object.keys(mix)])) {
    expect(Math.abs((here[k] ?? 0) - (mix[k] ?? 0)), `${label}: ${k} ${here[k]} v ${mix[k]}`).toBeLessThan(1e-9);
  }
}
