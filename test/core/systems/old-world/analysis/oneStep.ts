import { expect } from 'vitest';
import { analyzeRound, type RoundOdds } from '../../../../../core/systems/old-world/analysis';
import { pass } from '../../../../../core/systems/old-world/strikes';
import { groupsOf } from '../../../../../core/combat/rollGroups';
import type { DiceGroup } from '../../../../../core/combat/steps';
import { binomial, sumOfD6 } from '../../../../../core/dice/probability';
import { n, type WeightedInput } from '../../../../support/drive';
import { roundDriver } from '../../../../support/roundDriver';
import { oldWorldSystem } from '../../../../../core/systems/old-world/definition';
import type { OldWorldCombat as OwCombat } from '../helpers';
import type { Setup, State } from '../../../../../core/systems/old-world';

const { apply, inputFor } = roundDriver<Setup, State>(oldWorldSystem);

/**
 * The exact one-step identity (as test/core/analysis/engineAgreement.test.ts for 10th edition):
 * at a roll, the analysis equals the average of the analyses after every possible roll, each
 * weighted by its probability; at a choice or an outcome, the analysis after the suggested input.
 */

/** A group's possible dice, each with its chance: what the rules read of them (passes, or the sum). */
function groupOutcomes(g: DiceGroup): Array<{ dice: number[]; p: number }> {
  // A strike's stage: only how many dice reach the face matters (6s pass, 1s fail every test here).
  if (g.passOn !== undefined)
    return binomial(g.count, pass(g.passOn)).map((q, k) => ({ dice: [...n(k, 6), ...n(g.count - k, 1)], p: q }));
  // Roll-off, break, panic, restraint, flee, pursuit and overrun rolls: only the sum counts (a sum
  // of 2 is the double 1 of insane courage), so one roll stands for each sum.
  const dist = sumOfD6(g.count);
  return dist.flatMap((q, sum) => {
    if (q === 0) return [];
    const dice = n(g.count, 1);
    for (let left = sum - g.count, i = 0; left > 0; i++) {
      const add = Math.min(5, left);
      dice[i]! += add;
      left -= add;
    }
    return [{ dice, p: q }];
  });
}

/** Every input that can answer the current step, with its probability (a grouped step: every combination of its groups). */
export function possibleInputs(combat: OwCombat): WeightedInput[] {
  const step = combat.step;
  if (step.kind !== 'roll') return [{ input: inputFor(combat), p: 1 }];
  let combos: Array<{ dice: number[]; p: number }> = [{ dice: [], p: 1 }];
  for (const g of groupsOf(step)) {
    const outcomes = groupOutcomes(g);
    combos = combos.flatMap((c) => outcomes.map((o) => ({ dice: [...c.dice, ...o.dice], p: c.p * o.p })));
  }
  return combos
    .filter((c) => c.p > 0)
    .map((c) => ({ input: { kind: 'roll', stepId: step.id, dice: c.dice, by: 'entered' }, p: c.p }));
}

/** The probability-weighted average of analyses. */
export function mixture(parts: Array<{ odds: RoundOdds; p: number }>): RoundOdds {
  const offset = Math.min(...parts.map((x) => x.odds.difference.offset));
  const dist: number[] = [];
  const caused = { attacker: [] as number[], defender: [] as number[] };
  const win = { attacker: 0, draw: 0, defender: 0 };
  const fates = { attacker: { breaks: 0, caught: 0 }, defender: { breaks: 0, caught: 0 } };
  const add = (a: number[], k: number, p: number) => {
    while (a.length <= k) a.push(0);
    a[k]! += p;
  };
  for (const { odds, p } of parts) {
    odds.difference.dist.forEach((q, k) => add(dist, k + odds.difference.offset - offset, p * q));
    for (const role of ['attacker', 'defender'] as const) {
      odds.caused[role].forEach((q, k) => add(caused[role], k, p * q));
      fates[role].breaks += p * odds.fates[role].breaks;
      fates[role].caught += p * odds.fates[role].caught;
    }
    for (const w of ['attacker', 'draw', 'defender'] as const) win[w] += p * odds.win[w];
  }
  return { round: parts[0]!.odds.round, difference: { offset, dist }, caused, win, fates };
}

export function expectSameOdds(actual: RoundOdds, expected: RoundOdds, label: string, tolerance = 1e-9) {
  const lo = Math.min(actual.difference.offset, expected.difference.offset);
  const hi = Math.max(
    actual.difference.offset + actual.difference.dist.length,
    expected.difference.offset + expected.difference.dist.length,
  );
  for (let d = lo; d < hi; d++) {
    const a = actual.difference.dist[d - actual.difference.offset] ?? 0;
    const e = expected.difference.dist[d - expected.difference.offset] ?? 0;
    expect(Math.abs(a - e), `${label}: P(difference ${d}) ${a} vs ${e}`).toBeLessThan(tolerance);
  }
  for (const role of ['attacker', 'defender'] as const) {
    const a = actual.caused[role];
    const e = expected.caused[role];
    for (let k = 0; k < Math.max(a.length, e.length); k++)
      expect(Math.abs((a[k] ?? 0) - (e[k] ?? 0)), `${label}: P(${role} causes ${k})`).toBeLessThan(tolerance);
    expect(
      Math.abs(actual.fates[role].breaks - expected.fates[role].breaks),
      `${label}: ${role} breaks ${actual.fates[role].breaks} vs ${expected.fates[role].breaks}`,
    ).toBeLessThan(tolerance);
    expect(
      Math.abs(actual.fates[role].caught - expected.fates[role].caught),
      `${label}: ${role} caught ${actual.fates[role].caught} vs ${expected.fates[role].caught}`,
    ).toBeLessThan(tolerance);
  }
  for (const w of ['attacker', 'draw', 'defender'] as const)
    expect(Math.abs(actual.win[w] - expected.win[w]), `${label}: P(${w})`).toBeLessThan(tolerance);
}

/** Checks the identity at `combat`: its analysis against the average over its next input. */
export function checkOneStep(combat: OwCombat, label: string) {
  // Many inputs lead to the same state for the odds (a flee of 7 caught by 8 or by 9): each counted once.
  const seen = new Map<string, RoundOdds>();
  const oddsOf = (state: OwCombat['state']) => {
    const key = JSON.stringify({ ...state, log: null, counter: null, moves: null, notes: null });
    let odds = seen.get(key);
    if (!odds) seen.set(key, (odds = analyzeRound(state)));
    return odds;
  };
  const parts = possibleInputs(combat).map(({ input, p }) => ({ odds: oddsOf(apply(combat, input).state), p }));
  const total = parts.reduce((s, x) => s + x.p, 0);
  expect(Math.abs(total - 1), `${label}: the inputs' probabilities sum to 1`).toBeLessThan(1e-12);
  expectSameOdds(analyzeRound(combat.state), mixture(parts), label);
}
