/**
 * A BattleScribe roster (`.ros`, also written by New Recruit) as plain data: the part of the
 * roster schema an import reads. Forces hold selections (units, models, upgrades) nested to any
 * depth; a selection carries its own costs, categories, profiles and rules. Every count is the
 * selection's own `number`, already the total for its parent (4 chainswords under 4 models).
 */

export interface BsCharacteristic {
  name: string;
  value: string;
}

export interface BsProfile {
  name: string;
  /** The profile type as the game system names it: "Unit", "Ranged Weapons", "Abilities"… */
  typeName: string;
  characteristics: BsCharacteristic[];
}

export interface BsRule {
  name: string;
  description: string;
}

export interface BsCost {
  name: string;
  value: number;
}

export interface BsCategory {
  name: string;
  primary: boolean;
}

export interface BsSelection {
  id: string;
  /** The player's own name for it when they gave one, else the entry's name. */
  name: string;
  /** "unit", "model" or "upgrade". */
  type: string;
  number: number;
  costs: BsCost[];
  categories: BsCategory[];
  profiles: BsProfile[];
  rules: BsRule[];
  selections: BsSelection[];
}

export interface BsForce {
  name: string;
  catalogueName: string;
  rules: BsRule[];
  selections: BsSelection[];
  forces: BsForce[];
}

export interface BsRoster {
  id: string;
  name: string;
  gameSystemId: string;
  gameSystemName: string;
  costs: BsCost[];
  costLimits: BsCost[];
  forces: BsForce[];
}

/** The value of a profile's first characteristic named like one of `names` (case and spacing ignored). */
export function characteristic(profile: BsProfile, ...names: string[]): string | undefined {
  const wanted = names.map(squash);
  return profile.characteristics.find((c) => wanted.includes(squash(c.name)))?.value;
}

const squash = (text: string) => text.toLowerCase().replace(/[\s_-]+/g, '');

/** Profile type names compared loosely ("Ranged Weapons" = "ranged weapons"). */
export const isType = (profile: BsProfile, ...typeNames: string[]) =>
  typeNames.map(squash).includes(squash(profile.typeName));

/** A selection and every selection under it, depth first, with the chain of selections above it. */
export function* walk(
  selection: BsSelection,
  above: readonly BsSelection[] = [],
): Generator<{ selection: BsSelection; above: readonly BsSelection[] }> {
  yield { selection, above };
  for (const child of selection.selections) yield* walk(child, [...above, selection]);
}

/** Every profile in a selection's subtree with the selection that carries it. */
export function profilesUnder(
  selection: BsSelection,
): { profile: BsProfile; owner: BsSelection; above: readonly BsSelection[] }[] {
  const found: { profile: BsProfile; owner: BsSelection; above: readonly BsSelection[] }[] = [];
  for (const { selection: owner, above } of walk(selection))
    for (const profile of owner.profiles) found.push({ profile, owner, above });
  return found;
}

/** The points cost type ("pts", "Points"), as opposed to power level, command points or others. */
export const isPointsCost = (cost: BsCost) => /^\s*(pts|points?)\s*$/i.test(cost.name);

/**
 * Points of a selection: its own cost plus its upgrades', as the roster editor adds them up.
 * Null when no points cost appears anywhere in it.
 */
export function pointsOf(selection: BsSelection): number | null {
  let total: number | null = null;
  for (const { selection: s } of walk(selection))
    for (const cost of s.costs) if (isPointsCost(cost)) total = (total ?? 0) + cost.value;
  return total === null ? null : Math.round(total);
}

/** Every selection of the roster's forces (and their sub-forces) at the top of a force. */
export function topSelections(roster: BsRoster): { selection: BsSelection; force: BsForce }[] {
  const out: { selection: BsSelection; force: BsForce }[] = [];
  const visit = (force: BsForce) => {
    for (const selection of force.selections) out.push({ selection, force });
    force.forces.forEach(visit);
  };
  roster.forces.forEach(visit);
  return out;
}
