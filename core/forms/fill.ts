import type { RosterFill } from '../combat/setupLayout';
import type { HintMap } from './hints';
import { repairRefs } from './refs';
import { getAt, isRecord, parsePath, setAt, type Json, type JsonSchema } from './schema';

/**
 * "Pick from roster", the merge: what a system's converter filled (a side, or the part of one its
 * layout names with `take`) replaces the fields of the part the button sits on — the rest of the
 * part stays as the player set it (where it stands and fights, its own choices) — and every field
 * pointing into a list is set right again (a unit's target, a character singled out). Generic:
 * the layout's `fromRoster` rule says where things go; no system is known here.
 */
/** `part`: the part as filled; `picked`: the fields of it that came from the roster. */
export type Filled =
  { ok: true; setup: Json; part: Record<string, Json>; picked: string[] } | { ok: false; problem: string };

export function fillFromRoster(
  setup: Json,
  path: string,
  fill: RosterFill,
  filled: Record<string, unknown>,
  scope: { schema: JsonSchema; hints: HintMap; sides: readonly string[] },
): Filled {
  const part = fill.take ? getAt(filled, parsePath(fill.take)) : filled;
  if (!isRecord(part)) return { ok: false, problem: fill.missing ?? 'That unit has nothing to fill here.' };
  const parts = parsePath(path);
  const into = fill.into ? [...parts, ...parsePath(fill.into)] : parts;
  const current = getAt(setup, into);
  if (!isRecord(current)) return { ok: false, problem: `There is no ${path} in this setup to fill.` };
  const merged: Record<string, Json> = { ...current };
  const picked: string[] = [];
  for (const [key, value] of Object.entries(part)) {
    // A list the roster cannot fill when it has none (a unit without shooting weapons keeps the weapons entered).
    if (fill.keepWhenEmpty?.includes(key) && Array.isArray(value) && value.length === 0) continue;
    merged[key] = value;
    picked.push(key);
  }
  let next = setAt(setup, into, merged);
  // The roster's side name (the army) names the side when its first part is filled.
  const first = typeof parts.at(-1) !== 'number' || parts.at(-1) === 0;
  if (fill.namesSide && first && typeof filled['name'] === 'string')
    next = setAt(next, [parts[0]!, 'name'], filled['name']);
  return { ok: true, setup: repairRefs(next, scope.hints, scope), part: merged, picked };
}
