import { setupFilledWith, sideFromUnit, type FillResult } from '../../roster/fill';
import type { RosterRepository } from '../../store/repo';
import type { Registry } from '../../systems/registry';
import type { ParsedRequestOf, ResponseOf } from '../contract';
import { ApiFailure } from '../reply';

type Request = ParsedRequestOf<'combat.sideFromRoster'>;

/** The value of a fill, or its refusal thrown as the host answers it. */
function orFail<T>(result: FillResult<T>): T {
  if (!result.ok) throw new ApiFailure(result.code, result.message, result.field);
  return result.value;
}

/**
 * "Pick from roster": a stored unit as one side of a combat setup, converted in the host by its
 * system (SystemDefinition.roster.toSide) and, when the setup being edited is sent, merged into it
 * by the system's layout rule (core/roster/fill.ts: the one piece the matchup table fills through
 * too), so the setup screen only takes what it is given.
 */
export function createFromRosterBackend(repo: RosterRepository, registry: Registry) {
  return {
    'combat.sideFromRoster': async (request: Request): Promise<ResponseOf<'combat.sideFromRoster'>> => {
      const { rosterId, unitId, side, ranged, weaponSet, fill, setup } = request;
      const found = await repo.getRoster(rosterId);
      if (!found) throw new ApiFailure('not_found', `There is no roster with id "${rosterId}".`, 'rosterId');
      const unit = found.units.find((u) => u.id === unitId);
      if (!unit)
        throw new ApiFailure('not_found', `Roster "${found.roster.name}" has no unit with id "${unitId}".`, 'unitId');
      const system = found.roster.system;
      const definition = registry.definitionOf(system);
      if (!definition?.roster.toSide)
        throw new ApiFailure('unsupported', `Units of ${system} rosters cannot fill a combat yet.`, 'rosterId');
      const filled = orFail(
        sideFromUnit(
          definition,
          { rosterName: found.roster.name, unitName: unit.name, profile: unit.profile },
          { side, ...(ranged === undefined ? {} : { ranged }), ...(weaponSet === undefined ? {} : { weaponSet }) },
        ),
      );
      if ((fill || setup) && !(fill && setup))
        throw new ApiFailure('invalid_input', 'fill and setup: expected both, or neither', fill ? 'setup' : 'fill');
      const merged =
        fill && setup ? orFail(setupFilledWith(definition, setup, { side, where: fill }, filled.side)) : undefined;
      return {
        system,
        name: unit.name,
        side: filled.side,
        ...(filled.notes ? { notes: filled.notes } : {}),
        ...(filled.weaponSets ? { weaponSets: filled.weaponSets } : {}),
        ...(merged ? { setup: merged } : {}),
      };
    },
  };
}
