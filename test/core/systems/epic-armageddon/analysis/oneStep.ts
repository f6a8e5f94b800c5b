import { expect } from 'vitest';
import { analyzeRound, type RoundOdds } from '../../../../../core/systems/epic-armageddon/analysis';
import type { Input } from '../../../../../core/combat/steps';
import { groupsOf } from '../../../../../core/combat/rollGroups';
import { highestOfTwoChance, passChance } from '../../../../../core/systems/epic-armageddon/tables';
import { saveBatch } from '../../../../../core/systems/epic-armageddon/steps/batches';
import { binomial } from '../../../../../core/dice/probability';
import { n } from '../../../../support/drive';
import { apply, inputFor, type EpicCombat } from './drive';

/**
 * The exact one-step identity: at a roll, the analysis equals the average of the analyses after
 * every possible roll, each weighted by its probability; at a choice or an outcome, the analysis
 * after the suggested input (the default `analyze` assumes). With the point mass once the round is
 * decided, this is what "exact from any state" means.
 */

/** The weighted answers of each part of a step, combined: every pick of one answer per part, dice concatenated, chances multiplied. */
function product(parts: ReadonlyArray<ReadonlyArray<{ dice: number[]; p: number }>>): Array<{ dice: number[]; p: number }> {
  let out: Array<{ dice: number[]; p: number }> = [{ dice: [], p: 1 }];
  for (const part of parts) out = out.flatMap((a) => part.map((b) => ({ dice: [...a.dice, ...b.dice], p: a.p * b.p })));
  return out.filter((x) => x.p > 0);
}

/** k passes (6s) among `count` dice and the rest fails (1s), with its binomial chance. */
const passCounts = (count: number, p: number) => binomial(count, p).map((q, k) => ({ dice: [...n(k, 6), ...n(count - k, 1)], p: q }));

/**
 * Save dice: which hits are saved matters, but only up to the hits of one unit alike (same unit,
 * same kind of hit, same save), so each group's dice are enumerated by how many pass per such run.
 */
function saveAnswers(combat: EpicCombat): Array<{ dice: number[]; p: number }> {
  const state = combat.state;
  if (state.phase.at !== 'wave') throw new Error('saves outside a wave');
  const wave = state.phase.wave;
  const parts = saveBatch(state, wave).map((g) => {
    const hits = g.hits.map((i) => wave.on[g.role].saves![i]!);
    const keys = hits.map((h) => `${h.unit}|${h.macro}`);
    const runs = [...new Set(keys)].map((key) => keys.flatMap((k, d) => (k === key ? [d] : [])));
    const p = passChance(g.value);
    // Each run's pass counts, placed back on the run's dice in the group's order.
    return product(runs.map((run) => passCounts(run.length, p))).map(({ dice, p: q }) => {
      const out = new Array<number>(hits.length);
      let at = 0;
      for (const run of runs) for (const d of run) out[d] = dice[at++]!;
      return { dice: out, p: q };
    });
  });
  return product(parts);
}

/** Every input that can answer the current step, with its probability (pass/fail patterns where each die's place matters). */
export function possibleInputs(combat: EpicCombat): Array<{ input: Input; p: number }> {
  const step = combat.step;
  if (step.kind !== 'roll') return [{ input: inputFor(combat), p: 1 }];
  const roll = ({ dice, p }: { dice: number[]; p: number }) => ({ input: { kind: 'roll' as const, stepId: step.id, dice, by: 'entered' as const }, p });
  if (step.id.startsWith('save.')) return saveAnswers(combat).map(roll);
  if (step.id.startsWith('a6.')) {
    // The result roll: only each side's highest die matters, P(highest of 2D6 = h) = (2h − 1)/36.
    const highest = [1, 2, 3, 4, 5, 6].map((h) => ({ dice: [h, 1], p: highestOfTwoChance(h) }));
    return product(groupsOf(step).map(() => highest)).map(roll);
  }
  // Attack dice: only how many of each group hit matters.
  return product(groupsOf(step).map((g) => passCounts(g.count, passChance(g.passOn!)))).map(roll);
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
