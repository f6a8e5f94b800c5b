import type { WeightedDice } from '../../../../../core/analysis/combat/rollOutcomes';
import { groupsOf } from '../../../../../core/combat/rollGroups';
import { binomial } from '../../../../../core/dice/probability';
import { highestOfTwoChance, passChance } from '../../../../../core/systems/epic-armageddon/tables';
import { saveBatch } from '../../../../../core/systems/epic-armageddon/steps/batches';
import { n } from '../../../../support/drive';
import type { EpicCombat } from '../helpers';

/**
 * The rolls of an Epic step as its rules read them, where that is less than the step's own data
 * says (the one-step identity, test/support/oneStep.ts, takes them in place of every roll the step
 * can tell apart): a save's dice by how many of one unit's alike hits are saved at each save, and
 * the result roll by each side's highest die. Attack dice: null, the step's own (how many hit).
 */
export function epicRolls(combat: EpicCombat): WeightedDice[] | null {
  const step = combat.step;
  if (step.kind !== 'roll') return null;
  if (step.id.startsWith('save.')) return saveAnswers(combat);
  if (step.id.startsWith('a6.')) {
    // The result roll: only each side's highest die matters, P(highest of 2D6 = h) = (2h − 1)/36.
    const highest = [1, 2, 3, 4, 5, 6].map((h) => ({ dice: [h, 1], p: highestOfTwoChance(h) }));
    return product(groupsOf(step).map(() => highest));
  }
  return null;
}

/** The weighted answers of each part of a step, combined: every pick of one answer per part, dice concatenated, chances multiplied. */
function product(parts: ReadonlyArray<readonly WeightedDice[]>): WeightedDice[] {
  let out: WeightedDice[] = [{ dice: [], p: 1 }];
  for (const part of parts) out = out.flatMap((a) => part.map((b) => ({ dice: [...a.dice, ...b.dice], p: a.p * b.p })));
  return out.filter((x) => x.p > 0);
}

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
function saveAnswers(combat: EpicCombat): WeightedDice[] {
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
