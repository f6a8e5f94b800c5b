import { expect } from 'vitest';
import { analyzeRound, type RoundOdds } from '../../../../../core/systems/epic-armageddon/analysis';
import type { Input } from '../../../../../core/combat/steps';
import { groupsOf } from '../../../../../core/combat/rollGroups';
import { highestOfTwoChance, passChance } from '../../../../../core/systems/epic-armageddon/tables';
import { saveBatch } from '../../../../../core/systems/epic-armageddon/steps/batches';
import { binomial } from '../../../../../core/dice/probability';
import { n } from '../../../../support/drive';
import { roundDriver } from '../../../../support/roundDriver';
import { epicArmageddonSystem } from '../../../../../core/systems/epic-armageddon/definition';
import type { EpicCombat } from '../helpers';
import type { Setup, State } from '../../../../../core/systems/epic-armageddon';

const { apply, inputFor } = roundDriver<Setup, State>(epicArmageddonSystem);

/**
 * The exact one-step identity: at a roll, the analysis equals the average of the analyses after
 * every possible roll, each weighted by its probability; at a choice or an outcome, the analysis
 * after the suggested input (the default `analyze` assumes). With the point mass once the round is
 * decided, this is what "exact from any state" means.
 */

/** The weighted answers of each part of a step, combined: every pick of one answer per part, dice concatenated, chances multiplied. */
function product(
  parts: ReadonlyArray<ReadonlyArray<{ dice: number[]; p: number }>>,
): Array<{ dice: number[]; p: number }> {
  let out: Array<{ dice: number[]; p: number }> = [{ dice: [], p: 1 }];
  for (const part of parts) out = out.flatMap((a) => part.map((b) => ({ dice: [...a.dice, ...b.dice], p: a.p * b.p })));
  return out.filter((x) => x.p > 0);
}

/** k passes (6s) among `count` dice and the rest fails (1s), with its binomial chance. */
const passCounts = (count: number, p: number) =>
  binomial(count, p).map((q, k) => ({ dice: [...n(k, 6), ...n(count - k, 1)], p: q }));

/** Every way `n` alike hits end along a chain of saves (chances `ps`): how many are saved at each save, the rest unsaved. */
function savedAtEach(n: number, ps: readonly number[]): Array<{ counts: number[]; p: number }> {
  if (ps.length === 0) return [{ counts: [], p: 1 }];
  return binomial(n, ps[0]!).flatMap((q, k) =>
    savedAtEach(n - k, ps.slice(1)).map((rest) => ({ counts: [k, ...rest.counts], p: q * rest.p })),
  );
}

/**
 * Save dice: which hits are saved matters, but only up to the hits of one unit alike (same unit,
 * same kind of hit, same save), so each chain's dice are enumerated by how many such hits are
 * saved at each of its saves (the first save, then a re-roll and an invulnerable save for each
 * failure before: chained groups take one die per failure), placed back in the step's order.
 */
function saveAnswers(combat: EpicCombat): Array<{ dice: number[]; p: number }> {
  const state = combat.state;
  const step = combat.step;
  if (state.phase.at !== 'wave' || step.kind !== 'roll') throw new Error('saves outside a wave');
  const wave = state.phase.wave;
  const chains = saveBatch(state, wave).map((c) => {
    const hits = c.hits.map((i) => wave.on[c.role].saves![i]!);
    const keys = hits.map((h) => `${h.unit}|${h.macro}`);
    const runs = [...new Set(keys)].map((key) => keys.flatMap((k, d) => (k === key ? [d] : [])));
    const ps = c.stages.map((st) => passChance(st.value));
    // Per combination of runs: the save each hit is saved at (stages.length: none), then each save's dice.
    return product(
      runs.map((run) =>
        savedAtEach(run.length, ps).map(({ counts, p }) => {
          const at: number[] = [];
          counts.forEach((k, j) => at.push(...n(k, j)));
          while (at.length < run.length) at.push(c.stages.length);
          return { dice: at, p };
        }),
      ),
    ).map(({ dice: savedAt, p }) => {
      const atHit = new Array<number>(hits.length);
      let k = 0;
      for (const run of runs) for (const d of run) atHit[d] = savedAt[k++]!;
      const perStage = c.stages.map((_, j) => atHit.filter((a) => a >= j).map((a) => (a === j ? 6 : 1)));
      return { perStage, p };
    });
  });
  // The step's groups name the chain and the save they roll: g<chain>s<save>.
  const order = (step.groups ?? [{ id: 'g0s0' }]).map(
    (g) => /^g(\d+)s(\d+)$/.exec(g.id)!.slice(1).map(Number) as [number, number],
  );
  let out: Array<{ perChain: number[][][]; p: number }> = [{ perChain: [], p: 1 }];
  for (const outcomes of chains)
    out = out.flatMap((a) => outcomes.map((b) => ({ perChain: [...a.perChain, b.perStage], p: a.p * b.p })));
  return out
    .filter((x) => x.p > 0)
    .map(({ perChain, p }) => ({ dice: order.flatMap(([c, j]) => perChain[c]![j]!), p }));
}

/** Every input that can answer the current step, with its probability (pass/fail patterns where each die's place matters). */
export function possibleInputs(combat: EpicCombat): Array<{ input: Input; p: number }> {
  const step = combat.step;
  if (step.kind !== 'roll') return [{ input: inputFor(combat), p: 1 }];
  const roll = ({ dice, p }: { dice: number[]; p: number }) => ({
    input: { kind: 'roll' as const, stepId: step.id, dice, by: 'entered' as const },
    p,
  });
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
  const near = (a: number, e: number, what: string) =>
    expect(Math.abs(a - e), `${label}: ${what} ${a} vs ${e}`).toBeLessThan(tolerance);
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
