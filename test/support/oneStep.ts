import { expect } from 'vitest';
import { rollOutcomes, type WeightedDice } from '../../core/analysis/combat/rollOutcomes';
import type { Combat } from '../../core/combat/engine';
import { groupsOf, isChained, splitDice } from '../../core/combat/rollGroups';
import type { DiceGroup, Input, RollStep } from '../../core/combat/steps';
import type { SystemDefinition } from '../../core/systems/definition';
import { applierFor, autoInput } from './drive';

/**
 * The exact one-step identity, for any system's exact analysis of a round: at a roll, the
 * analysis equals the average of the analyses after every possible roll, each weighted by its
 * chance; at a choice or an outcome, the analysis after the input the app gives (the suggested
 * option, continue). With the point mass once the round is over, this is what "exact from any
 * state" means.
 *
 * Every roll comes from the step's own data: its groups' dice by what their rules read of them
 * (rollOutcomes.ts: how many pass, fail or are critical; each total of a group read by its sum;
 * each die in order where the group says so; a chain by how its dice fall) — and where a group's
 * faces are read one by one (a 2D6 test, a D3), every order of them, so the average is over every
 * roll the players could make, not only over those the step calls alike.
 */

/** A group whose faces the rules read die by die, in any order: neither pass/fail, nor a total, nor in order. */
const readsFaces = (g: DiceGroup) => g.passOn === undefined && g.criticalOn === undefined && !g.readsSum && !g.ordered;

/** Every distinct order of `faces`. */
function ordersOf(faces: readonly number[]): number[][] {
  if (faces.length <= 1) return [[...faces]];
  const firsts = [...new Set(faces)];
  return firsts.flatMap((f) => {
    const rest = [...faces];
    rest.splice(rest.indexOf(f), 1);
    return ordersOf(rest).map((order) => [f, ...order]);
  });
}

/** Every pick of one roll of each group, dice one after the other, chances multiplied. */
function product(parts: ReadonlyArray<readonly WeightedDice[]>): WeightedDice[] {
  let all: WeightedDice[] = [{ dice: [], p: 1 }];
  for (const part of parts) all = all.flatMap((a) => part.map((b) => ({ dice: [...a.dice, ...b.dice], p: a.p * b.p })));
  return all;
}

/** Every roll of the step the rules can tell apart (see above), each with its chance. */
export function possibleRolls(step: RollStep): WeightedDice[] {
  const groups = groupsOf(step);
  // Groups that chain walk together; groups of their own fall apart, each rolled alone (no cap on the step's whole).
  const outcomes = isChained(step)
    ? rollOutcomes(step)
    : product(groups.map((g) => rollOutcomes({ ...step, count: g.count, sides: g.sides, groups: [g] })));
  if (!groups.some(readsFaces)) return [...outcomes];
  // A multiset of faces stands for each of its orders, equally likely.
  return outcomes.flatMap(({ dice, p }) => {
    let all: WeightedDice[] = [{ dice: [], p }];
    splitDice(step, dice).forEach((part, i) => {
      const orders = readsFaces(groups[i]!) ? ordersOf(part) : [part];
      all = all.flatMap((a) => orders.map((o) => ({ dice: [...a.dice, ...o], p: a.p / orders.length })));
    });
    return all;
  });
}

/**
 * The odds as numbers by name, for comparing two analyses: every number in them (probabilities
 * and means, each linear in the chances), a list by its index, and a distribution kept as
 * `{ offset, dist }` by its value (offset + index), so two of different offsets line up.
 */
export function oddsFigures(odds: unknown, name = '', into: Record<string, number> = {}): Record<string, number> {
  if (typeof odds === 'number') into[name] = odds;
  else if (Array.isArray(odds)) odds.forEach((v, k) => oddsFigures(v, `${name}[${k}]`, into));
  else if (isOffsetDist(odds)) odds.dist.forEach((p, k) => (into[`${name}=${odds.offset + k}`] = p));
  else if (odds && typeof odds === 'object')
    for (const [key, v] of Object.entries(odds)) oddsFigures(v, name ? `${name}.${key}` : key, into);
  return into;
}

const isOffsetDist = (x: unknown): x is { offset: number; dist: number[] } =>
  typeof x === 'object' && x !== null && typeof (x as { offset?: unknown }).offset === 'number' && 'dist' in x;

/** Hooks for a system whose rules read less of a roll than its step says (its tests know what). */
export interface OneStepHooks<Setup, State> {
  /** The rolls of the current step as the system's rules read them, each with its chance; null: the step's own (possibleRolls). */
  rollsOf?(combat: Combat<Setup, State>): WeightedDice[] | null;
}

/** A `checkOneStep(combat, label)` for one system: `analyze` its exact odds of the round from a state. */
export function oneStepCheck<Setup, State>(
  definition: Pick<SystemDefinition, 'rules'>,
  analyze: (state: State) => unknown,
  hooks: OneStepHooks<Setup, State> = {},
) {
  const apply = applierFor<Setup, State>(definition.rules);
  /** Every input that can answer the current step, with its chance. */
  const possibleInputs = (combat: Combat<Setup, State>): Array<{ input: Input; p: number }> => {
    const step = combat.step;
    if (step.kind !== 'roll') return [{ input: autoInput(combat), p: 1 }];
    return (hooks.rollsOf?.(combat) ?? possibleRolls(step)).map(({ dice, p }) => ({
      input: { kind: 'roll', stepId: step.id, dice, by: 'entered' },
      p,
    }));
  };
  return (combat: Combat<Setup, State>, label: string): void => {
    const here = oddsFigures(analyze(combat.state));
    const mix: Record<string, number> = {};
    let total = 0;
    for (const { input, p } of possibleInputs(combat)) {
      total += p;
      for (const [k, v] of Object.entries(oddsFigures(analyze(apply(combat, input).state))))
        mix[k] = (mix[k] ?? 0) + p * v;
    }
    expect(Math.abs(total - 1), `${label}: the inputs' probabilities sum to 1`).toBeLessThan(1e-12);
    for (const k of new Set([...Object.keys(here), ...Object.keys(mix)]))
      expect(Math.abs((here[k] ?? 0) - (mix[k] ?? 0)), `${label}: ${k} ${here[k]} v ${mix[k]}`).toBeLessThan(1e-9);
  };
}
