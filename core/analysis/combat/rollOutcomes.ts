import type { DiceGroup, RollStep } from '../../combat/steps';
import { countsFor, groupsOf } from '../../combat/rollGroups';
import { AnalysisTooLargeError } from '../budget';

/**
 * Every way a roll step can come out that the rules can tell apart, with its chance: what the
 * whole-combat walk (roundWalk.ts) feeds the engine instead of dice from a generator.
 *
 * A die of a pass/fail roll counts only as a fail, a pass or a critical (the step's `passOn` and
 * `criticalOn` already fold in the natural 1s and 6s), so its faces fall into those classes and
 * the step into a multinomial over how many dice land in each: 20 dice to hit are 21 outcomes, not
 * 6^20. A roll that is not pass/fail (a 2D6 test, a flee move, a D3) counts every face, as the
 * multinomial over faces (2D6: 21 unordered outcomes). Each class gives the engine one face — the
 * one nearest the threshold, so no natural 1 or 6 stands in for a plain fail or pass.
 */

export interface WeightedDice {
  dice: number[];
  p: number;
}

/** One class of faces a die of the group can show: the face given for it and its chance. */
interface FaceClass {
  face: number;
  p: number;
}

/** Outcomes of one step beyond this and the walk gives way to the estimate (guarded by the caller). */
export const MAX_OUTCOMES_PER_STEP = 6000;

function classesOf(g: Pick<DiceGroup, 'sides' | 'passOn' | 'criticalOn'>): FaceClass[] {
  const faces = Array.from({ length: g.sides }, (_, i) => i + 1);
  if (g.passOn === undefined && g.criticalOn === undefined) return faces.map((face) => ({ face, p: 1 / g.sides }));
  const passOn = g.passOn ?? 1;
  const signature = (f: number) => `${f >= passOn}|${g.criticalOn !== undefined && f >= g.criticalOn}`;
  const groups = new Map<string, number[]>();
  for (const f of faces) groups.set(signature(f), [...(groups.get(signature(f)) ?? []), f]);
  return [...groups.values()].map((fs) => {
    // The plainest face of the class: a fail just under the threshold, a pass or critical just over it.
    const fails = fs[0]! < passOn;
    return { face: fails ? fs[fs.length - 1]! : fs[0]!, p: fs.length / g.sides };
  });
}

const logFactorials: number[] = [0];
function logFactorial(n: number): number {
  for (let k = logFactorials.length; k <= n; k++) logFactorials.push(logFactorials[k - 1]! + Math.log(k));
  return logFactorials[n]!;
}

/** The multinomial over how many of `count` dice fall in each class: the dice (highest face first) and the chance. */
function groupOutcomes(count: number, classes: readonly FaceClass[]): WeightedDice[] {
  const ordered = [...classes].sort((a, b) => b.face - a.face);
  const out: WeightedDice[] = [];
  const counts = new Array<number>(ordered.length).fill(0);
  const walk = (i: number, left: number) => {
    if (out.length > MAX_OUTCOMES_PER_STEP) throw new AnalysisTooLargeError('a roll with too many different outcomes to follow exactly');
    if (i === ordered.length - 1) {
      counts[i] = left;
      let logP = logFactorial(count);
      const dice: number[] = [];
      counts.forEach((k, j) => {
        logP += k * Math.log(ordered[j]!.p) - logFactorial(k);
        for (let d = 0; d < k; d++) dice.push(ordered[j]!.face);
      });
      out.push({ dice, p: Math.exp(logP) });
      return;
    }
    for (let k = left; k >= 0; k--) {
      counts[i] = k;
      walk(i + 1, left - k);
    }
  };
  walk(0, count);
  return out;
}

/**
 * Every distinguishable outcome of the step, group by group (their dice one after the other, as the
 * input takes them). A chained group's dice are as many as its earlier group's outcome calls for.
 */
export function rollOutcomes(step: RollStep): WeightedDice[] {
  const groups = groupsOf(step);
  let all: Array<{ parts: number[][]; p: number }> = [{ parts: [], p: 1 }];
  const memo = new Map<string, WeightedDice[]>();
  const outcomesOf = (i: number, count: number) => {
    const key = `${i}:${count}`;
    if (!memo.has(key)) memo.set(key, groupOutcomes(count, classesOf(groups[i]!)));
    return memo.get(key)!;
  };
  groups.forEach((_, i) => {
    const next: typeof all = [];
    for (const a of all) {
      const count = countsFor(step, a.parts)[i] ?? 0;
      for (const b of outcomesOf(i, count)) {
        next.push({ parts: [...a.parts, b.dice], p: a.p * b.p });
        if (next.length > MAX_OUTCOMES_PER_STEP) throw new AnalysisTooLargeError('a roll with too many different outcomes to follow exactly');
      }
    }
    all = next;
  });
  return all.map((a) => ({ dice: a.parts.flat(), p: a.p }));
}
