import type { DiceGroup, RollStep } from '../../combat/steps';
import { countAt, groupsOf } from '../../combat/rollGroups';
import { AnalysisTooLargeError } from '../budget';

/**
 * Every way a roll step can come out that the rules can tell apart, with its chance: what the
 * whole-combat walk (roundWalk.ts) feeds the engine instead of dice from a generator.
 *
 * A die of a pass/fail roll counts only as a fail, a pass or a critical (the step's `passOn` and
 * `criticalOn` already fold in the natural 1s and 6s), so its faces fall into those classes and
 * the step into a multinomial over how many dice land in each: 20 dice to hit are 21 outcomes, not
 * 6^20. A roll that is not pass/fail (a 2D6 test, a D3) counts every face, as the multinomial over
 * faces (2D6: 21 unordered outcomes); a group whose total alone the rules read (`readsSum`: a flee
 * or pursuit move) counts each total once (2D6: 11). Each class gives the engine one face — the
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
    if (out.length > MAX_OUTCOMES_PER_STEP)
      throw new AnalysisTooLargeError('a roll with too many different outcomes to follow exactly');
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
 * A group whose total alone is read (`readsSum`): each total its dice can make, with its chance, as
 * faces as even as can be (highest first) — 2D6 is 11 outcomes, 3D6 16.
 */
function sumOutcomes(count: number, sides: number): WeightedDice[] {
  let dist = [1];
  for (let d = 0; d < count; d++) {
    const next = new Array<number>(dist.length + sides - 1).fill(0);
    dist.forEach((q, s) => {
      for (let f = 0; f < sides; f++) next[s + f]! += q / sides;
    });
    dist = next;
  }
  // dist[k] is P(the total is count + k).
  return dist.map((p, k) => {
    const total = count + k;
    const dice = Array.from({ length: count }, (_, i) => Math.floor(total / count) + (i < total % count ? 1 : 0));
    return { dice, p };
  });
}

/** A group's outcomes as the rules tell them apart: by total, by each die in order, or by how many dice fall in each class. */
function outcomesOfGroup(g: DiceGroup, count: number): WeightedDice[] {
  if (g.readsSum) return sumOutcomes(count, g.sides);
  return g.ordered ? orderedOutcomes(count, classesOf(g)) : groupOutcomes(count, classesOf(g));
}

/**
 * An ordered group's outcomes: every sequence of classes, die by die (a die's place matters), each
 * with its chance. 2^n for pass/fail dice: past the cap the walk gives way to the estimate.
 */
function orderedOutcomes(count: number, classes: readonly FaceClass[]): WeightedDice[] {
  if (classes.length ** count > MAX_OUTCOMES_PER_STEP)
    throw new AnalysisTooLargeError('a roll with too many different outcomes to follow exactly');
  let all: WeightedDice[] = [{ dice: [], p: 1 }];
  for (let d = 0; d < count; d++)
    all = all.flatMap((a) => classes.map((c) => ({ dice: [...a.dice, c.face], p: a.p * c.p })));
  return all;
}

/**
 * Every distinguishable outcome of the step, group by group (their dice one after the other, as the
 * input takes them). A chained group's dice are as many as its earlier group's outcome calls for.
 * The same dice come up at step after step of a walk (every position of a round rolls the same
 * attacks), so the outcomes are remembered by what they depend on (`signatureOf`); they are frozen,
 * shared by every caller.
 */
export function rollOutcomes(step: RollStep): readonly WeightedDice[] {
  const signature = signatureOf(step);
  const seen = rememberedOutcomes.get(signature);
  if (seen) return seen;
  const outcomes = Object.freeze(
    outcomesOf(step).map((o) => Object.freeze({ dice: Object.freeze(o.dice) as number[], p: o.p })),
  );
  if (rememberedOutcomes.size >= MAX_REMEMBERED_ROLLS) rememberedOutcomes.clear();
  rememberedOutcomes.set(signature, outcomes);
  return outcomes;
}

const rememberedOutcomes = new Map<string, readonly WeightedDice[]>();
const MAX_REMEMBERED_ROLLS = 2000;

/** All the outcomes read of a step: each group's dice, faces, thresholds, order and link (by index), and whether only chain ends count. */
function signatureOf(step: RollStep): string {
  const groups = groupsOf(step);
  const link = (g: DiceGroup) => (g.per ? `${groups.findIndex((s) => s.id === g.per!.group)}${g.per.on}` : '');
  return `${step.readsChainEnds ? 'ends' : 'all'}|${groups.map((g) => `${g.count},${g.sides},${g.passOn ?? ''},${g.criticalOn ?? ''},${g.ordered ? 'o' : ''}${g.readsSum ? 's' : ''},${link(g)}`).join(';')}`;
}

function outcomesOf(step: RollStep): WeightedDice[] {
  const chains = step.readsChainEnds ? linearChains(step) : null;
  if (chains) return chainEndOutcomes(step, chains);
  const groups = groupsOf(step);
  let all: Array<{ parts: number[][]; p: number }> = [{ parts: [], p: 1 }];
  const memo = new Map<string, WeightedDice[]>();
  const outcomesOf = (i: number, count: number) => {
    const key = `${i}:${count}`;
    if (!memo.has(key)) memo.set(key, outcomesOfGroup(groups[i]!, count));
    return memo.get(key)!;
  };
  groups.forEach((_, i) => {
    const next: typeof all = [];
    for (const a of all) {
      const count = countAt(step, a.parts, i);
      for (const b of outcomesOf(i, count)) {
        next.push({ parts: [...a.parts, b.dice], p: a.p * b.p });
        if (next.length > MAX_OUTCOMES_PER_STEP)
          throw new AnalysisTooLargeError('a roll with too many different outcomes to follow exactly');
      }
    }
    all = next;
  });
  return all.map((a) => ({ dice: a.parts.flat(), p: a.p }));
}

/**
 * The step's groups as chains — a group with no `per`, then the group chained on it, then the one
 * chained on that… (each followed by at most one) — by index; null when some group is followed by
 * two (not a line: every fall of every group is walked instead).
 */
function linearChains(step: RollStep): number[][] | null {
  const groups = groupsOf(step);
  // A group whose dice each stand for their own thing is walked die by die, chain or not.
  if (groups.some((g) => g.ordered)) return null;
  const follower = new Map<number, number>();
  for (const [i, g] of groups.entries()) {
    if (!g.per) continue;
    const source = groups.findIndex((s) => s.id === g.per!.group);
    if (follower.has(source)) return null;
    follower.set(source, i);
  }
  return groups.flatMap((g, i) => {
    if (g.per) return [];
    const chain = [i];
    for (let at = follower.get(i); at !== undefined; at = follower.get(at)) chain.push(at);
    return [chain];
  });
}

/** A face of `source` that sends a die on to `group` (or, `onward` false, one that does not), and the chance of it. */
function linkFace(source: DiceGroup, group: DiceGroup, onward: boolean): { face: number; p: number } {
  const passing = (group.per!.on === 'pass') === onward;
  const passes = source.sides - source.passOn! + 1;
  // The plainest face: just over the number when passing, just under it when failing.
  return passing
    ? { face: source.passOn!, p: passes / source.sides }
    : { face: source.passOn! - 1, p: 1 - passes / source.sides };
}

/**
 * Every way the step can fall as the rules read it (`readsChainEnds`): for each chain, how many
 * dice reach its last group (Binomial(first group's dice, the chance one die gets through every
 * link)) and how those last dice fall (their own classes); the chains together by product. Each
 * outcome's dice send exactly that many dice on at every link, so the engine reads the same end.
 */
function chainEndOutcomes(step: RollStep, chains: number[][]): WeightedDice[] {
  const groups = groupsOf(step);
  let all: Array<{ parts: number[][]; p: number }> = [{ parts: groups.map(() => []), p: 1 }];
  for (const chain of chains) {
    const first = groups[chain[0]!]!;
    if (chain.length === 1) {
      all = combine(
        all,
        outcomesOfGroup(first, first.count).map((o) => ({ parts: new Map([[chain[0]!, o.dice]]), p: o.p })),
      );
      continue;
    }
    const links = chain.slice(1).map((g, k) => ({
      on: linkFace(groups[chain[k]!]!, groups[g]!, true),
      off: linkFace(groups[chain[k]!]!, groups[g]!, false),
    }));
    const through = links.reduce((q, l) => q * l.on.p, 1);
    const last = groups[chain.at(-1)!]!;
    const ways: Array<{ parts: Map<number, number[]>; p: number }> = [];
    for (let m = 0; m <= first.count; m++) {
      const reach = binomial(first.count, m, through);
      if (reach === 0) continue;
      const parts = new Map<number, number[]>();
      // The first group: m dice sent on, the rest not; each link after it sends all m on.
      parts.set(chain[0]!, [
        ...Array<number>(m).fill(links[0]!.on.face),
        ...Array<number>(first.count - m).fill(links[0]!.off.face),
      ]);
      chain.slice(1, -1).forEach((g, k) => parts.set(g, Array<number>(m).fill(links[k + 1]!.on.face)));
      for (const o of groupOutcomes(m, classesOf(last)))
        ways.push({ parts: new Map([...parts, [chain.at(-1)!, o.dice]]), p: reach * o.p });
    }
    all = combine(all, ways);
  }
  return all.map((a) => ({ dice: a.parts.flat(), p: a.p }));
}

function combine(
  all: Array<{ parts: number[][]; p: number }>,
  ways: Array<{ parts: Map<number, number[]>; p: number }>,
): Array<{ parts: number[][]; p: number }> {
  if (all.length * ways.length > MAX_OUTCOMES_PER_STEP)
    throw new AnalysisTooLargeError('a roll with too many different outcomes to follow exactly');
  return all.flatMap((a) =>
    ways.map((w) => ({ parts: a.parts.map((part, i) => w.parts.get(i) ?? part), p: a.p * w.p })),
  );
}

/** P(k of n), each with chance q. */
function binomial(n: number, k: number, q: number): number {
  if (q <= 0) return k === 0 ? 1 : 0;
  if (q >= 1) return k === n ? 1 : 0;
  return Math.exp(
    logFactorial(n) - logFactorial(k) - logFactorial(n - k) + k * Math.log(q) + (n - k) * Math.log(1 - q),
  );
}
