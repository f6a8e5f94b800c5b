import { setupFormOf } from '../combat/setupForm';
import type { RosterFill } from '../combat/setupLayout';
import { fillFromRoster } from '../forms/fill';
import { matchesPattern } from '../forms/hints';
import { isRecord, parsePath, type Json, type JsonSchema } from '../forms/schema';
import { SideRefused, type FilledSide, type SideRequest, type SystemDefinition } from '../systems/definition';
import { schemaAt } from '../validation/schemaAt';

/**
 * "Pick from roster", the one piece: a stored unit converted by its system (`roster.toSide`) and
 * merged into a setup by the system's layout rule (`setupLayout.fromRoster`), each field the roster
 * filled checked against the system's own setup schema. The host's `combat.sideFromRoster` and the
 * matchup table (core/matchups) both fill through here, so a cell of the table is the very setup a
 * combat picked from the roster starts from. Refusals are data, in words, naming the field.
 */

/** Why a unit could not fill a setup: what the host answers (`invalid_input` or `unsupported`) and the request field it is about. */
export interface FillRefusal {
  ok: false;
  code: 'invalid_input' | 'unsupported';
  message: string;
  field: 'unitId' | 'rosterId' | 'ranged' | 'weaponSet' | 'fill';
}
export type FillResult<T> = { ok: true; value: T } | FillRefusal;

const refused = (
  message: string,
  field: FillRefusal['field'] = 'unitId',
  code: FillRefusal['code'] = 'invalid_input',
): FillRefusal => ({ ok: false, code, message, field });

/** A stored unit as its roster keeps it (the profile not yet checked against its system's schema). */
export interface StoredUnitInput {
  rosterName: string;
  unitName: string;
  profile: unknown;
}

/** Where in a setup the unit goes: the layout rule's pattern (`at`) and the part's own path ("defender.units[0]"). */
export interface FillAt {
  at: string;
  path: string;
}

/** The unit as one side of a combat, by its system's converter, its profile checked first. */
export function sideFromUnit(
  definition: SystemDefinition,
  unit: StoredUnitInput,
  request: SideRequest,
): FillResult<FilledSide> {
  const toSide = definition.roster.toSide;
  if (!toSide)
    return refused(`Units of ${definition.name} rosters cannot fill a combat yet.`, 'rosterId', 'unsupported');
  const profile = definition.roster.profile.safeParse(unit.profile);
  if (!profile.success)
    return refused(
      `Unit "${unit.unitName}" has a profile that is not valid: ${profile.error.issues[0]?.message ?? 'unknown problem'}.`,
    );
  try {
    return {
      ok: true,
      value: toSide({ rosterName: unit.rosterName, unitName: unit.unitName, profile: profile.data }, request),
    };
  } catch (error) {
    if (error instanceof SideRefused) return refused(error.message, error.field, error.code);
    throw error;
  }
}

/** The layout rule of `at` that covers `path`, on `side`'s side of the setup. */
function ruleFor(definition: SystemDefinition, side: SideRequest['side'], where: FillAt): FillResult<RosterFill> {
  const rule = (definition.setupLayout?.fromRoster ?? []).find(
    (f) => f.at === where.at && matchesPattern(f.at, where.path),
  );
  if (!rule) return refused(`fill: the ${definition.name} setup has no "Pick from roster" at ${where.path}.`, 'fill');
  if (parsePath(where.path)[0] !== side) return refused(`fill: ${where.path} is not on the ${side}'s side.`, 'fill');
  return { ok: true, value: rule };
}

/**
 * The setup with the part at `where` filled from a converted side (the layout rule says where its
 * fields go), each filled field checked against the setup schema, every reference into a list set
 * right. `fresh`: the roster's empty lists replace the setup's too (a matchup starts from the
 * example setup, whose own characters or supporting fire are not the player's).
 */
export function setupFilledWith(
  definition: SystemDefinition,
  setup: Record<string, unknown>,
  request: { side: SideRequest['side']; where: FillAt; fresh?: boolean },
  filled: Record<string, unknown>,
): FillResult<Record<string, unknown>> {
  const found = ruleFor(definition, request.side, request.where);
  if (!found.ok) return found;
  const { keepWhenEmpty, ...rest } = found.value;
  const rule: RosterFill = request.fresh || !keepWhenEmpty ? rest : { ...rest, keepWhenEmpty };
  const rules = definition.rules;
  const sides = ['attacker', 'defender'] as const;
  const scope = { schema: setupFormOf(rules).schema as JsonSchema, hints: definition.setupLayout?.fields ?? {}, sides };
  const result = fillFromRoster(setup as Json, request.where.path, rule, filled, scope);
  if (!result.ok) return refused(result.problem, 'unitId', 'unsupported');
  // What the roster put there must be what the setup takes, field by field (the player's own fields are theirs to fix).
  const into = [...parsePath(request.where.path), ...(rule.into ? parsePath(rule.into) : [])];
  for (const key of result.picked) {
    const field = schemaAt(rules.setupSchema, [...into, key]);
    const checked = field?.safeParse(result.part[key]);
    if (!field || !checked?.success)
      return refused(
        `The roster unit's ${key} does not fit this setup${checked && !checked.success ? `: ${checked.error.issues[0]?.message ?? 'not valid'}` : ''}.`,
      );
  }
  return { ok: true, value: result.setup as Record<string, unknown> };
}

/**
 * The lists of the rule at `where` that the converted side has nothing in, of those the setup
 * keeps when the roster has none (`keepWhenEmpty`: a unit without melee weapons when fighting).
 */
export function listsWithNone(definition: SystemDefinition, where: FillAt, filled: Record<string, unknown>): string[] {
  const rule = (definition.setupLayout?.fromRoster ?? []).find((f) => f.at === where.at);
  if (!rule?.keepWhenEmpty) return [];
  let part: unknown = filled;
  for (const key of rule.take ? parsePath(rule.take) : [])
    part = isRecord(part) || Array.isArray(part) ? (part as Record<string | number, unknown>)[key] : undefined;
  if (!isRecord(part)) return [];
  const at = part;
  return rule.keepWhenEmpty.filter((key) => Array.isArray(at[key]) && at[key].length === 0);
}
