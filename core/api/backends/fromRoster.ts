import { defenderForCombat, weaponsForCombat } from '../../roster/toCombat10e';
import { sideForCombat } from '../../roster/toCombat7e';
import { unitForCombat } from '../../roster/toCombatOldWorld';
import { unitForCombat as ninthAgeUnitForCombat } from '../../roster/toCombatNinthAge';
import { ninthAgeProfileSchema } from '../../roster/profiles/ninth-age';
import { sideForAssault } from '../../roster/toCombatEpic';
import { epicArmageddonProfileSchema } from '../../roster/profiles/epic-armageddon';
import { oldWorldProfileSchema } from '../../roster/profiles/old-world';
import { wh40k7eProfileSchema } from '../../roster/profiles/wh40k-7e';
import type { Wh40k10eProfile } from '../../roster/profiles/wh40k-10e';
import type { RosterRepository } from '../../store/repo';
import type { ParsedRequestOf, ResponseOf } from '../contract';
import { ApiFailure } from '../reply';

/**
 * "Pick from roster": a stored unit as one side of a combat setup, converted in the host so the
 * setup screen only shows what it is given. Only systems with a combat wizard convert.
 */
export function createFromRosterBackend(repo: RosterRepository) {
  return {
    'combat.sideFromRoster': async ({ rosterId, unitId, side, ranged }: ParsedRequestOf<'combat.sideFromRoster'>): Promise<ResponseOf<'combat.sideFromRoster'>> => {
      const found = await repo.getRoster(rosterId);
      if (!found) throw new ApiFailure('not_found', `There is no roster with id "${rosterId}".`, 'rosterId');
      const unit = found.units.find((u) => u.id === unitId);
      if (!unit) throw new ApiFailure('not_found', `Roster "${found.roster.name}" has no unit with id "${unitId}".`, 'unitId');
      switch (found.roster.system) {
        case 'wh40k-10e': {
          if (ranged === undefined) throw new ApiFailure('invalid_input', 'ranged: expected true or false', 'ranged');
          const profile = unit.profile as unknown as Wh40k10eProfile;
          const filled =
            side === 'attacker' ? { name: unit.name, weapons: weaponsForCombat(profile, ranged) } : defenderForCombat(unit.name, profile);
          return { system: found.roster.system, name: unit.name, side: filled };
        }
        case 'old-world': {
          // One unit of that side (a side may have several); the roster's name names the side.
          const profile = oldWorldProfileSchema.safeParse(unit.profile);
          if (!profile.success) throw new ApiFailure('invalid_input', `Unit "${unit.name}" has a profile that is not valid: ${profile.error.issues[0]?.message ?? 'unknown problem'}.`, 'unitId');
          const converted = unitForCombat(unit.name, profile.data);
          return { system: found.roster.system, name: unit.name, side: { name: found.roster.name, units: [converted] } };
        }
        case 'wh40k-7e': {
          // The unit is the whole side (SCENARIOS §2: a side is one unit of model groups).
          const profile = wh40k7eProfileSchema.safeParse(unit.profile);
          if (!profile.success) throw new ApiFailure('invalid_input', `Unit "${unit.name}" has a profile that is not valid: ${profile.error.issues[0]?.message ?? 'unknown problem'}.`, 'unitId');
          const converted = sideForCombat(unit.name, profile.data);
          if (!converted.ok) throw new ApiFailure('unsupported', converted.problem, 'unitId');
          // What the converter chose (the first of several melee weapons…) goes to the player.
          return { system: found.roster.system, name: unit.name, side: converted.side, notes: converted.notes };
        }
        case 'ninth-age': {
          // The side's one unit; the roster's name names the side.
          const profile = ninthAgeProfileSchema.safeParse(unit.profile);
          if (!profile.success) throw new ApiFailure('invalid_input', `Unit "${unit.name}" has a profile that is not valid: ${profile.error.issues[0]?.message ?? 'unknown problem'}.`, 'unitId');
          return { system: found.roster.system, name: unit.name, side: { name: found.roster.name, unit: ninthAgeUnitForCombat(unit.name, profile.data) } };
        }
        case 'epic-armageddon': {
          // A roster entry is a formation: the whole formation is the side (its units, its Blast markers).
          const profile = epicArmageddonProfileSchema.safeParse(unit.profile);
          if (!profile.success) throw new ApiFailure('invalid_input', `Formation "${unit.name}" has a profile that is not valid: ${profile.error.issues[0]?.message ?? 'unknown problem'}.`, 'unitId');
          try {
            return { system: found.roster.system, name: unit.name, side: { ...sideForAssault(found.roster.name, unit.name, profile.data) } };
          } catch (error) {
            throw new ApiFailure('invalid_input', error instanceof Error ? error.message : String(error), 'unitId');
          }
        }
        default:
          throw new ApiFailure('unsupported', `Units of ${found.roster.system} rosters cannot fill a combat yet.`, 'rosterId');
      }
    },
  };
}
