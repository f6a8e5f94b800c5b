import type { DiceGroup, RollStep } from '../../../core/api/view';

/**
 * What a roll step's dice need, in words, when the step takes many groups of dice (issue 22,
 * "Nothing to scroll for"): one short line above the boxes says how the roll goes, and each box
 * says what its own dice need. Only the step's own data is read: the renderer knows no system.
 */

/** More groups side by side than this, and their needs no longer fit one line above the boxes. */
const SIDE_BY_SIDE = 3;

/**
 * The step's needs go to the boxes when it takes dice one after another (to hit, then a die for
 * each hit…) or more groups than fit one line. One group, or two or three rolled side by side
 * (the flee and the pursuit), keep their one line above the box.
 */
export function needsAtBoxes(step: RollStep): boolean {
  const groups = step.groups ?? [];
  return groups.length > 1 && (groups.some((g) => g.per !== undefined) || groups.length > SIDE_BY_SIDE);
}

/** "1 D3 and 2 D6": dice of each size, in the order the sizes first appear. */
export function diceOfSizes(groups: readonly DiceGroup[]): string {
  const bySides = new Map<number, number>();
  for (const g of groups) bySides.set(g.sides, (bySides.get(g.sides) ?? 0) + g.count);
  const each = [...bySides].map(([sides, count]) => `${count} D${sides}`);
  return each.length > 1 ? `${each.slice(0, -1).join(', ')} and ${each.at(-1)}` : (each[0] ?? '');
}

/** What a chained group's dice follow, as the host says it ("a D6 per hit"); a plain word where it says nothing. */
export const chainedWords = (group: DiceGroup) => group.note ?? 'a die for each die above that calls for it';

/** How many chains deep a group sits: 0 for dice rolled first, 1 for a die per hit of those… */
function depthOf(groups: readonly DiceGroup[], index: number): number {
  let depth = 0;
  for (let g = groups[index]; g?.per !== undefined && depth < groups.length; depth++) {
    const source = g.per.group;
    g = groups.find((other) => other.id === source);
  }
  return depth;
}

/** The summary line's parts: the dice rolled first, how many boxes they fill, and what follows them, in order. */
export interface RollSummary {
  /** "10 D6": every die of the groups rolled first. */
  first: string;
  /** How many boxes those first dice go in. */
  firstBoxes: number;
  /** What the later dice follow, once each, nearest first: "a D6 per hit", "a D6 per wound". */
  then: string[];
  /** The kinds of dice: the first dice, and each kind that follows. */
  kinds: number;
  /** Every box of the step. */
  boxes: number;
}

export function rollSummary(groups: readonly DiceGroup[]): RollSummary {
  const first = groups.filter((g) => g.per === undefined);
  const later = groups
    .map((g, i) => ({ g, i, depth: depthOf(groups, i) }))
    .filter(({ g }) => g.per !== undefined)
    .sort((a, b) => a.depth - b.depth || a.i - b.i)
    .map(({ g }) => chainedWords(g));
  const then = [...new Set(later)];
  return { first: diceOfSizes(first), firstBoxes: first.length, then, kinds: 1 + then.length, boxes: groups.length };
}

/** "a 6", "5+": where a critical starts. */
export const criticalFrom = (on: number) => (on === 6 ? 'a 6' : `${on}+`);

/**
 * A box's own need line, in parts to set in bold where they matter: "Roll 5 D6 | for Knights to
 * hit the Spearmen | needs 3+". `count` is the dice the box takes now: null while the dice it
 * follows are not in (then it says what the dice will follow: "then a D6 per hit").
 */
export interface GroupNeed {
  lead: 'Roll' | 'then';
  dice: string;
  label: string;
  needs: string | null;
  critical: string | null;
}

/** The group's label already names its need ("Orks: saves 4+, re-rolled if failed"): the line does not say it twice. */
function saysItself(label: string, needs: string): boolean {
  const at = label.indexOf(needs);
  const after = label[at + needs.length];
  return at >= 0 && (at === 0 || label[at - 1] === ' ') && (after === undefined || ' ,;:)'.includes(after));
}

export function groupNeed(group: DiceGroup, count: number | null, halve: boolean): GroupNeed {
  const halved = halve && group.sides === 3;
  const dice =
    count === null ? chainedWords(group) : `${count} D${halved ? 6 : group.sides}${halved ? ' to halve' : ''}`;
  return {
    lead: count === null ? 'then' : 'Roll',
    dice,
    label: group.label,
    needs: group.passOn !== undefined && !saysItself(group.label, group.needs) ? group.needs : null,
    critical: group.criticalOn !== undefined ? criticalFrom(group.criticalOn) : null,
  };
}
