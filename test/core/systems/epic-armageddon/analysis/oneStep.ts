import { expect } from 'vitest';
import { analyzeRound, type RoundOdds } from '../../../../../core/systems/epic-armageddon/analysis';
import type { Input } from '../../../../../core/combat/steps';
import { passChance } from '../../../../../core/systems/epic-armageddon/tables';
import { everyOrderedRoll, passCountInputs } from '../../../../support/drive';
import { apply, inputFor, type EpicCombat } from './drive';

/**
 * The exact one-step identity: at a roll, the analysis equals the average of the analyses after
 * every possible roll, each weighted by its probability; at a choice or an outcome, the analysis
 * after the suggested input (the default `analyze` assumes). With the point mass once the round is
 * decided, this is what "exact from any state" means.
 */

/** Every input that can answer the current step, with its probability (pass/fail patterns where each die's place matters). */
export function possibleInputs(combat: EpicCombat): Array<{ input: Input; p: number }> {
  const step = combat.step;
  if (step.kind !== 'roll') return [{ input: inputFor(combat), p: 1 }];
  const roll = (dice: number[], p: number) => ({ input: { kind: 'roll' as const, stepId: step.id, dice, by: 'entered' as const }, p });
  if (step.passOn !== undefined) {
    const p = passChance(step.passOn);
    // Attack dice: only how many hit matters. Save dice: each die is one hit's save, so its place matters.
    if (!step.id.startsWith('save.')) return passCountInputs(step, p);
    if (step.count > 10) throw new Error(`too many save dice to enumerate (${step.count})`);
    const out: Array<{ input: Input; p: number }> = [];
    for (let mask = 0; mask < 1 << step.count; mask++) {
      const dice = Array.from({ length: step.count }, (_, i) => ((mask >> i) & 1 ? 6 : 1));
      const k = dice.filter((d) => d === 6).length;
      const q = p ** k * (1 - p) ** (step.count - k);
      if (q > 0) out.push(roll(dice, q));
    }
    return out;
  }
  // The A6 roll: every ordered pair of faces.
  return everyOrderedRoll(step);
}

export function mixture(parts: Array<{ odds: RoundOdds; p: number }>): RoundOdds {
  const add = (a: number[], k: number, p: number) => {
    while (a.length <= k) a.push(0);
    a[k]! += p;
  };
  const out: RoundOdds = {
    round: parts[0]!.odds.round,
    kills: { attacker: [], defender: [] },
    meanExtraHits: { attacker: 0, defender: 0 },
    meanExtraLosses: { attacker: 0, defender: 0 },
    win: { attacker: 0, draw: 0, defender: 0 },
    atA4: { attacker: 0, defender: 0 },
  };
  for (const { odds, p } of parts) {
    for (const role of ['attacker', 'defender'] as const) {
      odds.kills[role].forEach((q, k) => add(out.kills[role], k, p * q));
      out.meanExtraHits[role] += p * odds.meanExtraHits[role];
      out.meanExtraLosses[role] += p * odds.meanExtraLosses[role];
      out.atA4[role] += p * odds.atA4[role];
    }
    for (const w of ['attacker', 'draw', 'defender'] as const) out.win[w] += p * odds.win[w];
  }
  return out;
}

export function expectSameOdds(actual: RoundOdds, expected: RoundOdds, label: string, tolerance = 1e-9) {
  const near = (a: number, e: number, what: string) => expect(Math.abs(a - e), `${label}: ${what} ${a} vs ${e}`).toBeLessThan(tolerance);
  for (const role of ['attacker', 'defender'] as const) {
    const a = actual.kills[role];
    const e = expected.kills[role];
    for (let k = 0; k < Math.max(a.length, e.length); k++) near(a[k] ?? 0, e[k] ?? 0, `P(${role} kills ${k})`);
    near(actual.meanExtraHits[role], expected.meanExtraHits[role], `${role} extra hits`);
    near(actual.meanExtraLosses[role], expected.meanExtraLosses[role], `${role} extra losses`);
    near(actual.atA4[role], expected.atA4[role], `${role} wins at A4`);
  }
  for (const w of ['attacker', 'draw', 'defender'] as const) near(actual.win[w], expected.win[w], `P(${w})`);
}

/** Checks the identity at `combat`. */
export function checkOneStep(combat: EpicCombat, label: string) {
  const parts = possibleInputs(combat).map(({ input, p }) => ({ odds: analyzeRound(apply(combat, input).state), p }));
  const total = parts.reduce((s, x) => s + x.p, 0);
  expect(Math.abs(total - 1), `${label}: the inputs' probabilities sum to 1`).toBeLessThan(1e-12);
  expectSameOdds(analyzeRound(combat.state), mixture(parts), label);
}
