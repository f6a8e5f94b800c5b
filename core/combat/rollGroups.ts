import { drawDice, type RngState } from '../dice/prng';
import type { DiceGroup, RollStep } from './steps';

/**
 * The dice of a roll step as groups: a step that takes several kinds of dice at once lists them
 * (`groups`); any other step is one group of its own dice. Every host, the command line and the
 * shared dice entry read a step's dice through these, so old steps and grouped ones work alike.
 */

export function groupsOf(step: RollStep): DiceGroup[] {
  if (step.groups && step.groups.length > 0) return step.groups;
  const { count, sides, passOn, criticalOn, needs } = step;
  return [{ id: 'dice', label: `${count} D${sides}`, count, sides, needs, ...(passOn !== undefined ? { passOn } : {}), ...(criticalOn !== undefined ? { criticalOn } : {}) }];
}

/** The sides of each die of the step, in the order the input gives them. */
export function sidesOfDice(step: RollStep): number[] {
  return groupsOf(step).flatMap((g) => Array.from({ length: g.count }, () => g.sides));
}

/** An input's dice split into the step's groups, in order. */
export function splitDice(step: RollStep, dice: readonly number[]): number[][] {
  let at = 0;
  return groupsOf(step).map((g) => {
    const part = dice.slice(at, at + g.count);
    at += g.count;
    return part;
  });
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
  const sides = sidesOfDice(step);
  return typed.map((face, i) => (sides[i] === 3 ? d3FromD6(face) : face));
}

/** The step's dice from the seeded generator, group by group (one group: exactly one draw, as ever). */
export function drawStepDice(state: RngState, step: RollStep): { faces: number[]; state: RngState } {
  let at = state;
  const faces: number[] = [];
  for (const g of groupsOf(step)) {
    const drawn = drawDice(at, g.count, g.sides);
    faces.push(...drawn.faces);
    at = drawn.state;
  }
  return { faces, state: at };
}
