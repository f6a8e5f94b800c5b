import { countsFor, d3FromD6, groupsOf, splitDice, type DiceGroup, type RollStep } from '../../../core/api/view';
import type { DiceMode } from './diceMode';
import { diceCount, facesFromCounts, parseFaces } from './diceText';

/** Dice put back into the box: those of the step just undone (the faces as typed where D6s were halved). */
export interface RestoredDice {
  dice: readonly number[];
  typed?: readonly number[] | undefined;
}

/** One group's entry as typed or counted, with what it comes to. */
export interface Entry {
  group: DiceGroup;
  /** The dice the group takes: null for a chained group whose earlier group is not in yet. */
  count: number | null;
  /** The faces the entry takes: 6 for a D3 rolled as a D6 to halve. */
  sides: number;
  typed: number[];
  /** The faces for the rules (D3 results where the D6s are halved). */
  faces: number[];
  problem: string | null;
  complete: boolean;
}

/** What the players have put in so far: the text of each box, or the count of each face per group. */
export interface EnteredDice {
  mode: DiceMode;
  halve: boolean;
  texts: readonly string[];
  counts: ReadonlyArray<readonly number[]>;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A group's dice as typed or counted: the faces, or the first problem in words. */
function readGroup(group: DiceGroup, i: number, entered: EnteredDice) {
  const halved = entered.halve && group.sides === 3;
  const sides = halved ? 6 : group.sides;
  const read =
    entered.mode === 'type'
      ? parseFaces(entered.texts[i] ?? '', sides)
      : { faces: facesFromCounts(entered.counts[i]!.slice(0, sides + 1)) };
  const typed = 'faces' in read ? read.faces : [];
  return {
    sides,
    typed,
    faces: halved ? typed.map(d3FromD6) : typed,
    parseProblem: 'problem' in read ? read.problem : null,
  };
}

/** Each group's entry, with the dice it takes and whether it is all in. */
export function entriesOf(step: RollStep, entered: EnteredDice): Entry[] {
  const groups = groupsOf(step);
  const parsed = groups.map((group, i) => readGroup(group, i, entered));
  // A chained group's dice ("to wound: one for each hit") are known once the group before it is in.
  const wanted = countsFor(
    step,
    parsed.map((p) => p.faces),
  );
  return groups.map((group, i) => {
    const { sides, typed, faces, parseProblem } = parsed[i]!;
    const count = wanted[i] ?? null;
    const tooMany =
      count !== null && typed.length > count
        ? `That is ${typed.length} dice; ${count} ${count === 1 ? 'is' : 'are'} needed.`
        : null;
    const problem = parseProblem ?? tooMany;
    return {
      group,
      count,
      sides,
      typed,
      faces,
      problem,
      complete: !problem && count !== null && typed.length === count,
    };
  });
}

/** How many of each face a group's dice hold (index 1..6), for counting them face by face. */
export const countsOfFaces = (faces: readonly number[]) =>
  faces.reduce((c, f) => c.map((n, i) => (i === f ? n + 1 : n)), new Array<number>(7).fill(0));

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "The 3 faces you rolled", "Damage (D3): 1 die", "… — the D6s you rolled for them". */
export function entryLabel(entry: Entry, grouped: boolean, halve: boolean): string {
  const { group } = entry;
  const count = entry.count ?? group.count;
  const halved = halve && group.sides === 3;
  if (!grouped)
    return halved
      ? `The ${plural(count, 'D6')} you rolled for the D3s`
      : `The ${count} ${count === 1 ? 'face' : 'faces'} you rolled`;
  return `${group.label}: ${plural(count, halved ? 'D6' : 'die', halved ? 'D6s' : 'dice')}${halved ? ' to halve' : ''}`;
}

/** "2 of 3 dice · 1 pass · 1 critical", and the D3 results of halved D6s. */
export function tally(entry: Entry, halve: boolean): string {
  const { group, faces } = entry;
  const parts = [diceCount(entry.typed.length, entry.count ?? group.count)];
  if (halve && group.sides === 3 && faces.length > 0) parts.push(`D3: ${faces.join(' ')}`);
  if (group.passOn !== undefined) parts.push(`${faces.filter((f) => f >= group.passOn!).length} pass`);
  const criticals = group.criticalOn === undefined ? 0 : faces.filter((f) => f >= group.criticalOn!).length;
  if (criticals > 0) parts.push(`${criticals} critical`);
  return parts.join(' · ');
}

/** What is still missing when Enter is pressed too soon, in words. */
export function missingWords(missing: Entry, grouped: boolean): string {
  return (
    missing.problem ??
    `${grouped ? `${missing.group.label}: ` : ''}${missing.count === null ? 'the dice above first' : diceCount(missing.typed.length, missing.count)} before these dice can be used.`
  );
}

/** The undone step's dice split back into the step's groups; halved D6s come back as typed. */
export function restoredEntry(
  step: RollStep,
  restore: RestoredDice | undefined,
): { parts: number[][]; halve: boolean } {
  const groups = groupsOf(step);
  if (!restore) return { parts: groups.map(() => []), halve: false };
  const split = splitDice(step, restore.dice);
  if (split.flat().length !== restore.dice.length) return { parts: groups.map(() => []), halve: false };
  const faces = restore.typed ?? restore.dice;
  let at = 0;
  const parts = split.map((part) => {
    const typed = faces.slice(at, at + part.length);
    at += part.length;
    return typed;
  });
  return { parts, halve: restore.typed !== undefined };
}
