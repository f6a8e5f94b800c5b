import { hintFor, type HintMap, type PerItemHint, type RefHint } from './hints';
import { labelOf, singular } from './labels';
import {
  formatPath,
  getAt,
  isRecord,
  schemaAt,
  setAt,
  shapeOf,
  type Json,
  type JsonSchema,
  type PathPart,
} from './schema';

/**
 * Fields that point at an item of another list by its position (old world: the enemy unit a unit
 * fights, the character it attacks, the challengers). The form shows them as a choice of names;
 * when a list loses an item, the positions pointing past it follow, so each still names the same
 * item; one left pointing at nothing falls back to "none" or the first item.
 */

export interface RefOption {
  /** The select's value: the indices joined by ".". */
  value: string;
  label: string;
  indices: number[];
}

/** Where the form's sides are: `{side}` is the side a field belongs to, `{other}` the other one. */
export interface RefScope {
  root: Json;
  schema: JsonSchema;
  sides: readonly string[];
}

type Step = { key: string } | { index: string } | { each: true };

function steps(list: string): Step[] {
  const out: Step[] = [];
  for (const m of list.matchAll(/([^.[\]]+)|\[(\$?[\w]*)\]/g)) {
    if (m[1] !== undefined) out.push({ key: m[1] });
    else if (m[2] === '') out.push({ each: true });
    else out.push({ index: m[2]! });
  }
  return out;
}

function sideOf(path: readonly PathPart[], sides: readonly string[]): { side?: string; other?: string } {
  const side = path.find((p): p is string => typeof p === 'string' && sides.includes(p));
  if (!side) return {};
  const other = sides.length === 2 ? sides.find((s) => s !== side) : undefined;
  return { side, ...(other ? { other } : {}) };
}

interface Level {
  /** The list at this `[]`, as a concrete path. */
  listPath: PathPart[];
}

/**
 * The lists a ref's `[]` walk through, given the indices it holds now: level k's list path uses
 * the indices of the levels before it.
 */
function levels(
  fieldPath: readonly PathPart[],
  ref: RefHint,
  scope: RefScope,
  held: readonly number[],
): Level[] | null {
  const { side, other } = sideOf(fieldPath, scope.sides);
  const parent = fieldPath.slice(0, -1);
  const out: Level[] = [];
  let at: PathPart[] = [];
  for (const step of steps(ref.list)) {
    if ('key' in step) {
      const key = step.key === '{side}' ? side : step.key === '{other}' ? other : step.key;
      if (key === undefined) return null;
      at.push(key);
    } else if ('index' in step) {
      const sibling = getAt(scope.root, [...parent, step.index.replace(/^\$/, '')]);
      if (typeof sibling !== 'number') return null;
      at.push(sibling);
    } else {
      out.push({ listPath: [...at] });
      const index = held[out.length - 1];
      at = [...at, index ?? -1];
    }
  }
  return out;
}

/** The value a ref holds now, as one index per `[]` (null: none). */
function heldIndices(value: Json, ref: RefHint): number[] | null {
  if (ref.into) {
    if (!isRecord(value)) return null;
    const out = ref.into.map((key) => value[key]);
    return out.every((n) => typeof n === 'number') ? (out as number[]) : null;
  }
  return typeof value === 'number' ? [value] : null;
}

function refValue(indices: readonly number[], ref: RefHint): Json {
  if (ref.into) return Object.fromEntries(ref.into.map((key, i) => [key, indices[i]]));
  return indices[0];
}

function itemLabel(scope: RefScope, listPath: PathPart[], item: Json, index: number): string {
  if (isRecord(item) && typeof item['name'] === 'string' && item['name'].trim()) return item['name'].trim();
  const list = schemaAt(scope.schema, listPath);
  const items = list ? shapeOf(list).inner.items : undefined;
  const noun = items?.title ?? singular(labelOf(list, String(listPath.at(-1) ?? '')).label);
  return `${noun} ${index + 1}`;
}

/** Every item a ref may point at, with its name ("Captain (Halberdiers)" for a character of a unit). */
export function refOptions(fieldPath: readonly PathPart[], ref: RefHint, scope: RefScope): RefOption[] {
  const out: RefOption[] = [];
  const { side, other } = sideOf(fieldPath, scope.sides);
  const parent = fieldPath.slice(0, -1);
  const walk = (rest: Step[], at: PathPart[], indices: number[], names: string[]) => {
    const [step, ...more] = rest;
    if (!step) {
      const [own, ...outer] = [...names].reverse();
      out.push({
        value: indices.join('.'),
        indices,
        label: outer.length > 0 ? `${own} (${outer.reverse().join(', ')})` : own!,
      });
      return;
    }
    if ('key' in step) {
      const key = step.key === '{side}' ? side : step.key === '{other}' ? other : step.key;
      if (key !== undefined) walk(more, [...at, key], indices, names);
    } else if ('index' in step) {
      const sibling = getAt(scope.root, [...parent, step.index.replace(/^\$/, '')]);
      if (typeof sibling === 'number') walk(more, [...at, sibling], indices, names);
    } else {
      const list = getAt(scope.root, at);
      if (!Array.isArray(list)) return;
      list.forEach((item, i) => walk(more, [...at, i], [...indices, i], [...names, itemLabel(scope, at, item, i)]));
    }
  };
  walk(steps(ref.list), [], [], []);
  return out;
}

/** The option a ref's value is, as the select's value (null when it holds none or nothing valid). */
export function refSelected(value: Json, ref: RefHint): string | null {
  const held = heldIndices(value, ref);
  return held ? held.join('.') : null;
}

/** The field's value for a chosen option. */
export function refChosen(option: RefOption, ref: RefHint): Json {
  return refValue(option.indices, ref);
}

/** Every concrete path of the form matching a hint pattern ("*.units[].target" → each unit's target). */
export function expandPattern(root: Json, pattern: string): PathPart[][] {
  let paths: PathPart[][] = [[]];
  const parts = pattern.split(/\.|(?=\[\])/).filter((part) => part !== '');
  for (const [n, part] of parts.entries()) {
    // The last name may be absent (a field left to its default) and still be a field of the form.
    const last = n === parts.length - 1;
    const next: PathPart[][] = [];
    for (const path of paths) {
      const value = getAt(root, path);
      if (part === '[]') {
        if (Array.isArray(value)) value.forEach((_, i) => next.push([...path, i]));
      } else if (part === '*') {
        if (isRecord(value)) for (const key of Object.keys(value)) next.push([...path, key]);
      } else {
        const key = part.endsWith('[]') ? part.slice(0, -2) : part;
        if (isRecord(value) && (key in value || (last && !part.endsWith('[]')))) {
          const into = [...path, key];
          if (part.endsWith('[]')) {
            const list = value[key];
            if (Array.isArray(list)) list.forEach((_, i) => next.push([...into, i]));
          } else next.push(into);
        }
      }
    }
    paths = next;
  }
  return paths;
}

function refFields(root: Json, hints: HintMap): Array<{ path: PathPart[]; ref: RefHint }> {
  const out: Array<{ path: PathPart[]; ref: RefHint }> = [];
  for (const [pattern, hint] of Object.entries(hints)) {
    if (!hint.ref) continue;
    for (const path of expandPattern(root, pattern)) {
      const ref = hintFor(hints, formatPath(path)).ref;
      if (ref) out.push({ path, ref });
    }
  }
  return out;
}

/** The items a list of numbers is kept for (`perItem`: attacks at each enemy character), by name. */
export const perItemOptions = (fieldPath: readonly PathPart[], hint: PerItemHint, scope: RefScope): RefOption[] =>
  refOptions(fieldPath, { list: hint.list }, scope);

function perItemFields(root: Json, hints: HintMap): Array<{ path: PathPart[]; hint: PerItemHint }> {
  const out: Array<{ path: PathPart[]; hint: PerItemHint }> = [];
  for (const [pattern, hint] of Object.entries(hints)) {
    if (!hint.perItem) continue;
    for (const path of expandPattern(root, pattern)) {
      const own = hintFor(hints, formatPath(path)).perItem;
      if (own && Array.isArray(getAt(root, path))) out.push({ path, hint: own });
    }
  }
  return out;
}

/**
 * After the item `index` of the list at `removed` is gone: every ref that pointed past it points
 * one earlier (the same item), one that pointed at it is left invalid for `repairRefs`.
 */
export function shiftRefs(
  root: Json,
  removed: string,
  index: number,
  hints: HintMap,
  scope: Omit<RefScope, 'root'>,
): Json {
  let out = root;
  const changes: Array<{ path: PathPart[]; value: Json }> = [];
  for (const { path, ref } of refFields(root, hints)) {
    const value = getAt(root, path);
    const held = heldIndices(value, ref);
    if (!held) continue;
    const walked = levels(path, ref, { ...scope, root }, held);
    if (!walked) continue;
    const k = walked.findIndex((level) => formatPath(level.listPath) === removed);
    if (k === -1) continue;
    const at = held[k]!;
    const next = [...held];
    next[k] = at === index ? -1 : at > index ? at - 1 : at;
    changes.push({ path, value: refValue(next, ref) });
  }
  // A list of numbers kept per item of the list that lost one loses that item's entry: the rest stay with their items.
  for (const { path, hint } of perItemFields(root, hints)) {
    const walked = levels(path, { list: hint.list }, { ...scope, root }, []);
    if (!walked || walked.length !== 1 || formatPath(walked[0]!.listPath) !== removed) continue;
    const numbers = getAt(root, path) as Json[];
    if (index < numbers.length) changes.push({ path, value: numbers.filter((_, i) => i !== index) });
  }
  for (const { path, value } of changes) out = setAt(out, path, value);
  return out;
}

/** Every ref pointing at nothing: none where it may be empty, else the first item there is. */
export function repairRefs(root: Json, hints: HintMap, scope: Omit<RefScope, 'root'>): Json {
  let out = root;
  for (const { path, ref } of refFields(root, hints)) {
    const value = getAt(out, path);
    const options = refOptions(path, ref, { ...scope, root: out });
    const selected = refSelected(value, ref);
    if (selected !== null && options.some((o) => o.value === selected)) continue;
    const node = schemaAt(scope.schema, path);
    if (value === null && node && shapeOf(node).nullable) continue;
    if (node && shapeOf(node).nullable) out = setAt(out, path, null);
    else if (options[0]) out = setAt(out, path, refValue(options[0].indices, ref));
  }
  // A list of numbers kept per item never has entries past the items there are (an enemy character that is gone).
  for (const { path, hint } of perItemFields(out, hints)) {
    const numbers = getAt(out, path) as Json[];
    const items = perItemOptions(path, hint, { ...scope, root: out }).length;
    if (numbers.length > items) out = setAt(out, path, numbers.slice(0, items));
  }
  return out;
}
