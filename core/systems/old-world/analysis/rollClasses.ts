import { groupsOf } from '../../../combat/rollGroups';
import type { RollStep } from '../../../combat/steps';
import { atLeast, sumOfD6 } from '../../../dice/probability';
import { breakTestOf, breaksOn, passesLeadership } from '../morale';
import type { State, Task } from '../state';

/**
 * The rolls after the strikes as the rules read them (seed 002, "Losers take Break Test", "Panic",
 * "Flee!", "Pursuit", "The Overrun Rule"): a break test is read only as broken or held, a panic test
 * as passed or failed, a flee roll with its pursuers' only as caught or escaped — the distances
 * are shown to the players (`moves`, notes) and never read again — and an overrun move not at all
 * (it only says how far). So each roll falls into a few classes, each given to the engine as one
 * representative set of dice with the class's exact chance: 2 outcomes where the walk enumerates
 * 21 pairs of a break test, and 2 per fleeing unit where it enumerates 121 pairs of totals.
 */

export interface RollClass {
  /** Dice for the engine, in the step's group order: any dice of the class (the rules read them alike). */
  dice: number[];
  p: number;
}

/** Every ordered pair of two D6, each 1/36. */
const PAIRS: number[][] = Array.from({ length: 36 }, (_, i) => [Math.floor(i / 6) + 1, (i % 6) + 1]);

/** 2D6 split by what a test reads of them (`reads`): each class's chance and its first pair. */
export function twoD6Classes(reads: (dice: readonly number[]) => boolean): RollClass[] {
  const classes = new Map<boolean, RollClass>();
  for (const pair of PAIRS) {
    const c = classes.get(reads(pair));
    if (c) c.p += 1 / 36;
    else classes.set(reads(pair), { dice: pair, p: 1 / 36 });
  }
  return [...classes.values()];
}

/** Several groups' classes together (independent dice): every combination, dice one group after the other. */
export function product(parts: ReadonlyArray<readonly RollClass[]>): RollClass[] {
  let all: RollClass[] = [{ dice: [], p: 1 }];
  for (const part of parts)
    all = all.flatMap((a) => part.filter((c) => c.p > 0).map((c) => ({ dice: [...a.dice, ...c.dice], p: a.p * c.p })));
  return all;
}

const ones = (n: number) => Array<number>(n).fill(1);
const sixes = (n: number) => Array<number>(n).fill(6);

/**
 * Seed 002 "Pursuit": one fleeing unit's flee dice and its pursuers' (counts): caught when any
 * pursuer's total is equal to or greater than the flee total. P(caught) sums over the flee total f
 * the chance that not every pursuer rolls under f. Caught: the flee at its least, the pursuers at
 * their most; escaped: the other way round (never caught: a pursuer's dice are at most 3, the flee's
 * at least 2, so 3 < 12).
 */
export function fleeClasses(flee: number, pursuers: readonly number[]): RollClass[] | null {
  if (pursuers.length === 0) return [{ dice: ones(flee), p: 1 }];
  if (pursuers.some((c) => c >= 6 * flee) || pursuers.every((c) => 6 * c < flee)) return null;
  const dist = sumOfD6(flee);
  let caught = 0;
  for (let f = flee; f < dist.length; f++)
    caught += dist[f]! * (1 - pursuers.reduce((miss, c) => miss * (1 - atLeast(c, f)), 1));
  return [
    { dice: [...ones(flee), ...pursuers.flatMap(sixes)], p: caught },
    { dice: [...sixes(flee), ...pursuers.flatMap(ones)], p: 1 - caught },
  ];
}

/** The flee step's groups (steps/pursuit.ts): each fleeing unit's group, then its pursuers' groups. */
function fleeStepClasses(step: RollStep): RollClass[] | null {
  const groups = groupsOf(step);
  const units: Array<{ flee: number; pursuers: number[] }> = [];
  for (const g of groups) {
    if (g.sides !== 6 || g.per) return null;
    if (step.groups === undefined || g.id.startsWith('flee')) units.push({ flee: g.count, pursuers: [] });
    else if (g.id.startsWith('pursue') && units.length > 0) units.at(-1)!.pursuers.push(g.count);
    else return null;
  }
  const parts = units.map((u) => fleeClasses(u.flee, u.pursuers));
  return parts.every((p) => p !== null) ? product(parts as RollClass[][]) : null;
}

type Of<K extends Task['kind']> = Extract<Task, { kind: K }>;

/** The break step's tests (steps/morale.ts): one per group (`unit<n>`), or the test at the head alone. */
function breakStepClasses(state: State, step: RollStep, head: Of<'break'>): RollClass[] | null {
  const units =
    step.groups === undefined
      ? [head.unit]
      : step.groups.map((g) => (g.id.startsWith('unit') ? Number(g.id.slice(4)) : NaN));
  const parts: RollClass[][] = [];
  for (const unit of units) {
    if (!Number.isInteger(unit)) return null;
    const test = breakTestOf(state, head.role, unit, state.result?.difference ?? 0);
    if (test.kind !== 'roll') return null;
    parts.push(twoD6Classes((dice) => breaksOn(test, dice)));
  }
  return product(parts);
}

/**
 * The classes of a roll after the strikes, by the task it answers; null for a roll read some other
 * way (the walk's own outcomes are used for it).
 */
export function rollClasses(state: State, step: RollStep): RollClass[] | null {
  const head = state.queue[0];
  switch (head?.kind) {
    case 'break':
      return breakStepClasses(state, step, head);
    case 'flee':
      return fleeStepClasses(step);
    case 'panicTest': {
      const leadership = state.setup[head.role].nearby[head.nearby]!.leadership;
      return step.count === 2 ? twoD6Classes((dice) => passesLeadership(leadership, dice)) : null;
    }
    case 'overrun':
      // The overrun move only says how far the unit goes: one class.
      return [{ dice: ones(step.count), p: 1 }];
    default:
      return null;
  }
}
