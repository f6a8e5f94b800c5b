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
