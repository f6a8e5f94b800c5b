import { drawDice, type RngState } from '../dice/prng';
import type { DiceGroup, RollStep } from './steps';

/**
 * The dice of a roll step as groups: a step that takes several kinds of dice at once lists them
 * (`groups`); any other step is one group of its own dice. Every host, the command line and the
 * shared dice entry read a step's dice through these, so old steps and grouped ones work alike.
 *
 * A chained group (`per`) takes one die for each die of an earlier group that passes (or fails):
 * how many it takes is known only from that group's faces, so every reader walks the groups in
 * order with `collectDice`.
 */

export function groupsOf(step: RollStep): DiceGroup[] {
  if (step.groups && step.groups.length > 0) return step.groups;
  const { count, sides, passOn, criticalOn, needs } = step;
  return [
    {
      id: 'dice',
      label: `${count} D${sides}`,
      count,
      sides,
      needs,
      ...(passOn !== undefined ? { passOn } : {}),
      ...(criticalOn !== undefined ? { criticalOn } : {}),
    },
  ];
}

/** The step has a chained group: how many dice it takes depends on the dice. */
export const isChained = (step: RollStep) => groupsOf(step).some((g) => g.per !== undefined);

/** A die of `source` that a chained group follows: it passes (or fails) the source's number. */
export const followsOn = (group: DiceGroup, source: DiceGroup, face: number): boolean =>
  group.per!.on === 'pass' ? face >= source.passOn! : face < source.passOn!;

/**
 * How many dice each group takes, given the faces entered for each group so far: a plain group its
 * `count`; a chained group one per die of its earlier group that passes (or fails) — null while
 * that group's dice are not all in.
 */
export function countsFor(step: RollStep, parts: ReadonlyArray<readonly number[]>): Array<number | null> {
  const groups = groupsOf(step);
  const counts: Array<number | null> = [];
  groups.forEach((group, i) => {
    if (!group.per) return counts.push(group.count);
    const at = groups.findIndex((g) => g.id === group.per!.group);
    const source = parts[at] ?? [];
    const complete = counts[at] !== null && source.length === counts[at];
    counts.push(complete && at < i ? source.filter((face) => followsOn(group, groups[at]!, face)).length : null);
  });
  return counts;
}

/**
 * How many dice group `i` takes when every group before it is in (`parts`, one per earlier
 * group): what a walk through the groups asks at each — one group's count, not the whole list's.
 */
export function countAt(step: RollStep, parts: ReadonlyArray<readonly number[]>, i: number): number {
  const groups = groupsOf(step);
  return countOf(groups, parts, groups[i]!);
}

/** A group's count given the groups before it (`parts`): its own, or a chained group's one die per die of its earlier group that passes (or fails). */
function countOf(groups: readonly DiceGroup[], parts: ReadonlyArray<readonly number[]>, group: DiceGroup): number {
  if (!group.per) return group.count;
  const at = groups.findIndex((g) => g.id === group.per!.group);
  const source = groups[at]!;
  let n = 0;
  for (const face of parts[at] ?? []) if (followsOn(group, source, face)) n++;
  return n;
}

/**
 * The dice of each group, in order, as `take` hands them: a plain group asks for its `count`; a
 * chained group for one die per die of its earlier group that passes (or fails). Where `take`
 * hands back fewer than asked (the dice ran out), the groups after it get none.
 */
export function collectDice(step: RollStep, take: (group: DiceGroup, count: number) => readonly number[]): number[][] {
  // Every die a play-out rolls comes through here: the groups are read once, and each count taken
  // from the parts as countAt takes it, without reading the groups again.
  const groups = groupsOf(step);
  const parts: number[][] = [];
  let short = false;
  for (const group of groups) {
    const count = short ? 0 : countOf(groups, parts, group);
    const faces = count === 0 ? [] : [...take(group, count)];
    if (faces.length < count) short = true;
    parts.push(faces);
  }
  return parts;
}

/** An input's dice split into the step's groups, in order (a chained group takes one die per die it follows). */
export function splitDice(step: RollStep, dice: readonly number[]): number[][] {
  let at = 0;
  return collectDice(step, (_group, count) => {
    const part = dice.slice(at, at + count);
    at += count;
    return part;
  });
}

/**
 * How many dice the step takes given these dice: every group's count, chained ones from the dice
 * before them; `known` false when a chained group's count waits on dice not given (then `count`
 * is the least the step takes).
 */
export function diceWanted(step: RollStep, dice: readonly number[]): { count: number; known: boolean } {
  const counts = countsFor(step, splitDice(step, dice));
  return { count: counts.reduce<number>((n, c) => n + (c ?? 0), 0), known: counts.every((c) => c !== null) };
}

/** The sides of each die of the step, in the order the input gives them (the dice decide how many a chained group takes). */
export function sidesOfDice(step: RollStep, dice: readonly number[] = []): number[] {
  const groups = groupsOf(step);
  if (!isChained(step)) return groups.flatMap((g) => Array.from({ length: g.count }, () => g.sides));
  return splitDice(step, dice).flatMap((part, i) => part.map(() => groups[i]!.sides));
}

/** The step has a D3 among its dice: its players may roll D6s and halve them. */
export const hasD3 = (step: RollStep) => groupsOf(step).some((g) => g.sides === 3);

/** A D3 from a D6 rolled for it: D3 = ceil(D6 / 2) (RULES common rules), so 1–2 → 1, 3–4 → 2, 5–6 → 3. */
export const d3FromD6 = (face: number) => Math.ceil(face / 2);

/**
 * The faces the rules use when the players rolled D6s for the step's D3s: each D3 die halved,
 * rounding up; each D6 die as typed.
 */
export function halveForD3(step: RollStep, typed: readonly number[]): number[] {
  let at = 0;
  return collectDice(step, (group, count) => {
    const part = typed.slice(at, at + count).map((face) => (group.sides === 3 ? d3FromD6(face) : face));
    at += count;
    return part;
  }).flat();
}

/** The step's dice from the seeded generator, group by group (one group: exactly one draw, as ever). */
export function drawStepDice(state: RngState, step: RollStep): { faces: number[]; state: RngState } {
  let at = state;
  const parts = collectDice(step, (group, count) => {
    const drawn = drawDice(at, count, group.sides);
    at = drawn.state;
    return drawn.faces;
  });
  return { faces: parts.flat(), state: at };
}
