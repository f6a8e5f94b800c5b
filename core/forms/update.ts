import { hintFor, type HintMap } from './hints';
import { repairRefs, shiftRefs } from './refs';
import { defaultOf, parsePath, schemaAt, setAt, type Json, type JsonSchema } from './schema';

export interface UpdateScope {
  schema: JsonSchema;
  hints?: HintMap;
  sides?: readonly string[];
}

/**
 * A form's value after one field changes (`path` relative to the root): the fields its hint
 * clears go back to their defaults; when a list lost an item, the fields pointing into it follow;
 * no field is left pointing at nothing. Pure: the same change on the same value gives the same
 * value, and only the objects on the way to the field are copied.
 */
export function applyUpdate(root: Json, path: string, value: Json, scope: UpdateScope, removed?: number): Json {
  const parts = parsePath(path);
  let next = setAt(root, parts, value);
  const hints = scope.hints ?? {};
  for (const cleared of hintFor(hints, path).clears ?? []) {
    const sibling = [...parts.slice(0, -1), cleared];
    const node = schemaAt(scope.schema, sibling);
    next = setAt(next, sibling, node ? defaultOf(node) : undefined);
  }
  const refs = { schema: scope.schema, sides: scope.sides ?? [] };
  if (removed !== undefined) next = shiftRefs(next, path, removed, hints, refs);
  return repairRefs(next, hints, refs);
}

/** A list with the item at `from` moved to `to` (a copy; the list as given when `to` is outside it). */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= items.length || to < 0 || to >= items.length) return [...items];
  const out = [...items];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item!);
  return out;
}
