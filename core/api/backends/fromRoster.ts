import { isSystemId, profileSchemaFor } from '../../roster/profiles';
import type { RosterRepository } from '../../store/repo';
import { definitionOf, SideRefused } from '../../systems';
import type { ParsedRequestOf, ResponseOf } from '../contract';
import { ApiFailure } from '../reply';

/**
 * "Pick from roster": a stored unit as one side of a combat setup, converted in the host by its
 * system (SystemDefinition.roster.toSide) so the setup screen only shows what it is given.
 */
export function createFromRosterBackend(repo: RosterRepository) {
  return {
    'combat.sideFromRoster': async ({ rosterId, unitId, side, ranged, weaponSet }: ParsedRequestOf<'combat.sideFromRoster'>): Promise<ResponseOf<'combat.sideFromRoster'>> => {
      const found = await repo.getRoster(rosterId);
      if (!found) throw new ApiFailure('not_found', `There is no roster with id "${rosterId}".`, 'rosterId');
      const unit = found.units.find((u) => u.id === unitId);
      if (!unit) throw new ApiFailure('not_found', `Roster "${found.roster.name}" has no unit with id "${unitId}".`, 'unitId');
      const system = found.roster.system;
      const toSide = isSystemId(system) ? definitionOf(system)?.roster.toSide : undefined;
      if (!isSystemId(system) || !toSide) throw new ApiFailure('unsupported', `Units of ${system} rosters cannot fill a combat yet.`, 'rosterId');
      const profile = profileSchemaFor(system).safeParse(unit.profile);
      if (!profile.success) throw new ApiFailure('invalid_input', `Unit "${unit.name}" has a profile that is not valid: ${profile.error.issues[0]?.message ?? 'unknown problem'}.`, 'unitId');
      try {
        const filled = toSide(
          { rosterName: found.roster.name, unitName: unit.name, profile: profile.data },
          { side, ...(ranged === undefined ? {} : { ranged }), ...(weaponSet === undefined ? {} : { weaponSet }) },
        );
        return { system, name: unit.name, side: filled.side, ...(filled.notes ? { notes: filled.notes } : {}), ...(filled.weaponSets ? { weaponSets: filled.weaponSets } : {}) };
      } catch (error) {
        if (error instanceof SideRefused) throw new ApiFailure(error.code, error.message, error.field);
        throw error;
      }
    },
  };
}
