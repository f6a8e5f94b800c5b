import { setupFormOf } from '../../combat/setupForm';
import { fillFromRoster } from '../../forms/fill';
import { matchesPattern } from '../../forms/hints';
import { parsePath, type JsonSchema } from '../../forms/schema';
import type { RosterRepository } from '../../store/repo';
import { SideRefused, type SystemDefinition } from '../../systems/definition';
import type { Registry } from '../../systems/registry';
import { schemaAt } from '../../validation/schemaAt';
import type { ParsedRequestOf, ResponseOf } from '../contract';
import { ApiFailure } from '../reply';

type Request = ParsedRequestOf<'combat.sideFromRoster'>;
const sides = ['attacker', 'defender'] as const;

/**
 * The setup with the part the player picked a roster unit for filled (the system's layout rule
 * `fromRoster` says where the converter's fields go), each filled field checked against the
 * system's own setup schema, and every reference into a list set right again.
 */
function filledSetup(
  definition: SystemDefinition,
  request: Request,
  filled: Record<string, unknown>,
): Record<string, unknown> {
  const { fill, setup } = request;
  if (!fill || !setup)
    throw new ApiFailure('invalid_input', 'fill and setup: expected both, or neither', fill ? 'setup' : 'fill');
  const rule = (definition.setupLayout?.fromRoster ?? []).find(
    (f) => f.at === fill.at && matchesPattern(f.at, fill.path),
  );
  if (!rule)
    throw new ApiFailure(
      'invalid_input',
      `fill: the ${definition.name} setup has no "Pick from roster" at ${fill.path}.`,
      'fill',
    );
  if (parsePath(fill.path)[0] !== request.side)
    throw new ApiFailure('invalid_input', `fill: ${fill.path} is not on the ${request.side}'s side.`, 'fill');
  const rules = definition.rules;
  const scope = { schema: setupFormOf(rules).schema as JsonSchema, hints: definition.setupLayout?.fields ?? {}, sides };
  const result = fillFromRoster(setup, fill.path, rule, filled, scope);
  if (!result.ok) throw new ApiFailure('unsupported', result.problem, 'unitId');
  // What the roster put there must be what the setup takes, field by field (the player's own fields are theirs to fix).
  const into = [...parsePath(fill.path), ...(rule.into ? parsePath(rule.into) : [])];
  for (const key of result.picked) {
    const field = schemaAt(rules.setupSchema, [...into, key]);
    const checked = field?.safeParse(result.part[key]);
    if (!field || !checked?.success) {
      throw new ApiFailure(
        'invalid_input',
        `The roster unit's ${key} does not fit this setup${checked && !checked.success ? `: ${checked.error.issues[0]?.message ?? 'not valid'}` : ''}.`,
        'unitId',
      );
    }
  }
  return result.setup as Record<string, unknown>;
}

/**
 * "Pick from roster": a stored unit as one side of a combat setup, converted in the host by its
 * system (SystemDefinition.roster.toSide) and, when the setup being edited is sent, merged into it
 * here, so the setup screen only takes what it is given.
 */
export function createFromRosterBackend(repo: RosterRepository, registry: Registry) {
  return {
    'combat.sideFromRoster': async (request: Request): Promise<ResponseOf<'combat.sideFromRoster'>> => {
      const { rosterId, unitId, side, ranged, weaponSet } = request;
      const found = await repo.getRoster(rosterId);
      if (!found) throw new ApiFailure('not_found', `There is no roster with id "${rosterId}".`, 'rosterId');
      const unit = found.units.find((u) => u.id === unitId);
      if (!unit)
        throw new ApiFailure('not_found', `Roster "${found.roster.name}" has no unit with id "${unitId}".`, 'unitId');
      const system = found.roster.system;
      const definition = registry.definitionOf(system);
      const toSide = definition?.roster.toSide;
      if (!definition || !toSide)
        throw new ApiFailure('unsupported', `Units of ${system} rosters cannot fill a combat yet.`, 'rosterId');
      const profile = definition.roster.profile.safeParse(unit.profile);
      if (!profile.success)
        throw new ApiFailure(
          'invalid_input',
          `Unit "${unit.name}" has a profile that is not valid: ${profile.error.issues[0]?.message ?? 'unknown problem'}.`,
          'unitId',
        );
      let filled;
      try {
        filled = toSide(
          { rosterName: found.roster.name, unitName: unit.name, profile: profile.data },
          { side, ...(ranged === undefined ? {} : { ranged }), ...(weaponSet === undefined ? {} : { weaponSet }) },
        );
      } catch (error) {
        if (error instanceof SideRefused) throw new ApiFailure(error.code, error.message, error.field);
        throw error;
      }
      const setup = request.fill || request.setup ? filledSetup(definition, request, filled.side) : undefined;
      return {
        system,
        name: unit.name,
        side: filled.side,
        ...(filled.notes ? { notes: filled.notes } : {}),
        ...(filled.weaponSets ? { weaponSets: filled.weaponSets } : {}),
        ...(setup ? { setup } : {}),
      };
    },
  };
}
