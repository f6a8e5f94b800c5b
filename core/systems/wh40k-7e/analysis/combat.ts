import { positionKey, shedHistory } from '../../../analysis/combat/key';
import type { CombatChain, UnitEnd, UnitFate as FateRow } from '../../../analysis/combat/types';
import { wh40k7e } from '../index';
import { roles, type Role, type State, type UnitFate } from '../state';

/**
 * 40k 7th edition's part in the whole-combat odds (core/analysis/combat): its own rules walk every
 * round (Initiative steps, result, Morale, Sweeping Advance, the next round), so what carries over
 * is what its state carries — the wounds left on every model. A unit wiped out is destroyed, one
 * that fell back got away, one swept by a Sweeping Advance was caught.
 */

const endOf: Partial<Record<UnitFate, UnitEnd>> = { wipedOut: 'destroyed', fellBack: 'flees', swept: 'caught' };

export const wh40k7eCombat: CombatChain<State> = {
  rules: wh40k7e,
  round: (s) => s.round,
  key: positionKey,
  shed: shedHistory,
  setup: (s) => s.setup,
  // What one engine step costs here, at about 5 ns a work unit (core/analysis/budget.ts): about 21 µs: a play-out step of the example 22 µs, of the small combat 14, a walk step 20 (the bundled code, warm, the shared two-core machine).
  stepWork: 4_200,
  fates: (s) => ({ attacker: endOf[s.fate.attacker] ?? null, defender: endOf[s.fate.defender] ?? null }),
  mainUnits: (s) => ({ attacker: s.setup.attacker.name, defender: s.setup.defender.name }),
  unitFates,
};

/**
 * The models a player follows on their own: a model group of one model in a unit of several groups
 * — the Sergeant with the power fist, the Nob with the power klaw, a Captain who joined the squad.
 * (The setup has no "character" mark; in 7th edition these are the unit's characters.) A lone model
 * that is the whole unit is the unit's own row.
 */
export function followedGroups(s: State, role: Role): number[] {
  const groups = s.setup[role].models;
  if (groups.length < 2) return [];
  return groups.flatMap((g, i) => (g.count === 1 ? [i] : []));
}

/**
 * Each unit, then the models followed in it (followedGroups): a model slain is destroyed; one still
 * standing shares his unit's fate — he falls back with it (flees) or is cut down with it by a
 * Sweeping Advance (caught), as every model of a swept unit is.
 */
function unitFates(s: State): FateRow[] {
  return roles.flatMap((role) => {
    const unitEnd = endOf[s.fate[role]] ?? null;
    const models = followedGroups(s, role).map((g): FateRow => {
      const slain = (s.wounds[role][g]?.[0] ?? 0) <= 0;
      return { role, unit: s.setup[role].models[g]!.name, end: slain ? 'destroyed' : unitEnd };
    });
    return [{ role, unit: s.setup[role].name, end: unitEnd }, ...models];
  });
}
