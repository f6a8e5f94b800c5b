import type { Role } from '../combat/steps';
import type { RosterRef } from './schema';

/** A stored roster as far as a summary needs it. */
export interface KnownRoster {
  id: string;
  name: string;
  system: string;
  unitNames: readonly string[];
}

/**
 * Which roster each side of a stored combat came from. A combat stores roster ids but not which
 * side each belongs to, and the wizard's "Pick from roster" names the side after the unit, so a
 * side belongs to the one roster (among the combat's own, or else among the rosters of its
 * system) that has a unit of that name, or is itself of that name (a ranks game's side is named
 * after the roster its units were picked from). When no roster or several match, the side stays
 * untraced (null) rather than guessed.
 */
export function rostersOfSides(
  combat: { system: string; rosterIds: readonly string[] },
  sideNames: Record<Role, string>,
  rosters: readonly KnownRoster[],
): Record<Role, RosterRef | null> {
  const own = rosters.filter((r) => combat.rosterIds.includes(r.id));
  const candidates = own.length > 0 ? own : rosters.filter((r) => r.system === combat.system);
  const find = (name: string): RosterRef | null => {
    const matches = candidates.filter((r) => r.name === name || r.unitNames.includes(name));
    const only = matches.length === 1 ? matches[0] : undefined;
    return only ? { id: only.id, name: only.name } : null;
  };
  return { attacker: find(sideNames.attacker), defender: find(sideNames.defender) };
}
