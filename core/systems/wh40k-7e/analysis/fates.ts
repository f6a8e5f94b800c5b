import type { UnitEnd, UnitFate as FateRow } from '../../../analysis/combat/types';
import { roles, type Role, type State, type UnitFate } from '../state';

/**
 * What became of each unit and character at the end of a 7th edition close combat, as the
 * whole-combat odds count it (core/analysis/combat): a unit wiped out is destroyed, one that fell
 * back got away, one swept by a Sweeping Advance was caught. Read by the chain (combat.ts) and by
 * the round model (model/ends.ts), so both name every end alike.
 */

export const unitEndOf: Partial<Record<UnitFate, UnitEnd>> = {
  wipedOut: 'destroyed',
  fellBack: 'flees',
  swept: 'caught',
};

/** Each side's main unit's fate. */
export const fatesOf = (s: Pick<State, 'fate'>): Record<Role, UnitEnd> => ({
  attacker: unitEndOf[s.fate.attacker] ?? null,
  defender: unitEndOf[s.fate.defender] ?? null,
});

/**
 * The models a player follows on their own: a model group of one model in a unit of several groups
 * — the Sergeant with the power fist, the Nob with the power klaw, a Captain who joined the squad.
 * (The setup has no "character" mark; in 7th edition these are the unit's characters.) A lone model
 * that is the whole unit is the unit's own row.
 */
export function followedGroups(s: Pick<State, 'setup'>, role: Role): number[] {
  const groups = s.setup[role].models;
  if (groups.length < 2) return [];
  return groups.flatMap((g, i) => (g.count === 1 ? [i] : []));
}

/**
 * Each unit, then the models followed in it (followedGroups): a model slain is destroyed; one still
 * standing shares his unit's fate — he falls back with it (flees) or is cut down with it by a
 * Sweeping Advance (caught), as every model of a swept unit is.
 */
export function unitFatesOf(s: Pick<State, 'setup' | 'fate' | 'wounds'>): FateRow[] {
  return roles.flatMap((role) => {
    const unitEnd = unitEndOf[s.fate[role]] ?? null;
    const models = followedGroups(s, role).map((g): FateRow => {
      const slain = (s.wounds[role][g]?.[0] ?? 0) <= 0;
      return { role, unit: s.setup[role].models[g]!.name, end: slain ? 'destroyed' : unitEnd };
    });
    return [{ role, unit: s.setup[role].name, end: unitEnd }, ...models];
  });
}
