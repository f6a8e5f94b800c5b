import { modelsForCombat, weaponsForCombat } from '../../roster/toCombat10e';
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
      if (found.roster.system !== 'wh40k-10e') {
        throw new ApiFailure('unsupported', `Units of ${found.roster.system} rosters cannot fill a combat yet.`, 'rosterId');
      }
      const profile = unit.profile as unknown as Wh40k10eProfile;
      const filled =
        side === 'attacker' ? { name: unit.name, weapons: weaponsForCombat(profile, ranged) } : { name: unit.name, keywords: profile.keywords, models: modelsForCombat(profile) };
      return { system: found.roster.system, name: unit.name, side: filled };
    },
  };
}
