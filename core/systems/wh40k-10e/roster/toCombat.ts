import { wh40k10eDefensiveSchema, type Wh40k10eDefensive, type Wh40k10eProfile } from './profile';
import type { ModelGroup, WeaponInput } from '../profiles';

/**
 * A roster unit (40k 10e datasheet) as the pieces of a combat setup. The roster keeps what a
 * datasheet has (M, Ld, OC, weapon range); a combat needs only what the attack sequence reads.
 */
export function weaponsForCombat(profile: Wh40k10eProfile, ranged: boolean): WeaponInput[] {
  return profile.weapons
    .filter((w) => (w.range === 'melee') !== ranged)
    .map(({ range: _range, keywords: _keywords, ...weapon }) => ({ ...weapon, models: weapon.models }));
}

export function modelsForCombat(profile: Wh40k10eProfile): ModelGroup[] {
  return profile.models.map(({ movement: _m, leadership: _l, objectiveControl: _oc, ...group }) => group);
}

/**
 * The unit as the target of an attack: its name, keywords, model profiles (with their invulnerable
 * saves and Feel No Pain) and its defensive modifiers. Every modifier is given, its default when the
 * stored unit has none, so picking a unit replaces what a previous target had.
 */
export function defenderForCombat(name: string, profile: Wh40k10eProfile): { name: string; keywords: string[]; models: ModelGroup[] } & Wh40k10eDefensive {
  const modifiers = wh40k10eDefensiveSchema.parse((profile as Partial<Wh40k10eProfile>).defensiveModifiers ?? {});
  return { name, keywords: profile.keywords, models: modelsForCombat(profile), ...modifiers };
}
