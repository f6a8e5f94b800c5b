import type { RosterFill } from '../combat/setupLayout';
import { matchesPattern } from '../forms/hints';
import { getAt, parsePath, setAt, type Json } from '../forms/schema';
import { setupFilledWith, sideFromUnit, type FillAt, type FillResult } from '../roster/fill';
import type { SideRequest, SystemDefinition } from '../systems/definition';
import type { MatchupMode } from './types';

type Side = SideRequest['side'];

/** A unit on one side of a matchup: the roster's name (it names the side) and the unit as stored. */
export interface MatchupFighter {
  rosterName: string;
  unitName: string;
  profile: unknown;
}

/**
 * Where a roster unit fills a side: the first "Pick from roster" rule of the layout that sits on the
 * side itself ("attacker", "*") or on its first unit ("*.units[]") — the button a player presses
 * to pick the side's unit on the setup screen.
 */
export function fillPointOf(definition: SystemDefinition, side: Side): (FillAt & { rule: RosterFill }) | null {
  for (const rule of definition.setupLayout?.fromRoster ?? [])
    for (const path of [side, `${side}.units[0]`])
      if (matchesPattern(rule.at, path)) return { at: rule.at, path, rule };
  return null;
}

/** Whether the system asks a unit whether it shoots or fights (40k 10th edition's `rangedFrom`). */
export const hasModes = (definition: SystemDefinition) =>
  (definition.setupLayout?.fromRoster ?? []).some((rule) => rule.rangedFrom !== undefined);

/**
 * The combat of my unit (attacker) against theirs (defender), filled exactly as the setup screen
 * fills it from the roster (core/roster/fill.ts), from the system's example setup: what the units
 * bring replaces the example's, lists and all (`fresh`), and the setup is checked by the rules.
 * `mode` sets the setup's shooting-or-fighting switch where the system has one.
 */
export function matchupSetup(
  definition: SystemDefinition,
  mine: MatchupFighter,
  theirs: MatchupFighter,
  mode: MatchupMode | undefined,
): FillResult<Record<string, unknown>> {
  const example = definition.rules.exampleSetup;
  if (!example)
    return {
      ok: false,
      code: 'unsupported',
      field: 'rosterId',
      message: `${definition.name} has no setup to start from.`,
    };
  let setup = JSON.parse(JSON.stringify(example)) as Record<string, unknown>;
  for (const [side, unit] of [
    ['attacker', mine],
    ['defender', theirs],
  ] as const) {
    const where = fillPointOf(definition, side);
    if (!where)
      return {
        ok: false,
        code: 'unsupported',
        field: 'fill',
        message: `Units of ${definition.name} rosters cannot fill a combat yet.`,
      };
    const rangedAt = where.rule.rangedFrom === undefined ? undefined : parsePath(where.rule.rangedFrom);
    if (rangedAt && mode) setup = setAt(setup as Json, rangedAt, mode === 'shooting') as Record<string, unknown>;
    const ranged = rangedAt ? getAt(setup as Json, rangedAt) === true : undefined;
    const converted = sideFromUnit(definition, unit, { side, ...(ranged === undefined ? {} : { ranged }) });
    if (!converted.ok) return converted;
    const filled = setupFilledWith(definition, setup, { side, where, fresh: true }, converted.value.side);
    if (!filled.ok) return filled;
    setup = filled.value;
  }
  const checked = definition.rules.setupSchema.safeParse(setup);
  if (!checked.success)
    return {
      ok: false,
      code: 'invalid_input',
      field: 'unitId',
      message: `These two units do not make a combat the rules take: ${checked.error.issues[0]?.message ?? 'not valid'}.`,
    };
  return { ok: true, value: setup };
}
