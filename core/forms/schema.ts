/**
 * The JSON Schema the host gives for a form (zod's toJSONSchema, input side: the roster editor's
 * unit profile, a system's combat setup), read for what a form needs: each field's kind, its
 * range, its label, its default. The host still validates everything; this only lays out inputs
 * and turns what is typed into the right JSON types.
 */

export interface JsonSchema {
  type?: string;
  title?: string;
  /** The game's short label of a roster profile field ("Sv (+)"), where the host gives one (core/roster/form.ts). */
  'x-label'?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  /** The words for a choice's values, from the schema's `.meta({ optionLabels })`. */
  optionLabels?: Record<string, string>;
}

export type Json = unknown;

/**
 * What a field is drawn as: a number, a line of text, a choice, "a number or dice"/"melee or a
 * number" (mixed), a tick, a list of words (tags), a list of numbers, a list of records, a record,
 * or something the form cannot edit.
 */
export type Kind =
  'number' | 'text' | 'enum' | 'mixed' | 'boolean' | 'tags' | 'numbers' | 'list' | 'object' | 'const' | 'other';

export interface Shape {
  kind: Kind;
  /** null is a valid value: the field may be left empty ("none"). */
  nullable: boolean;
  /** The one non-null variant (or the node itself for mixed). */
  inner: JsonSchema;
  options: JsonSchema[];
}

function variants(node: JsonSchema): JsonSchema[] {
  return node.anyOf ? node.anyOf.flatMap(variants) : [node];
}

export function shapeOf(node: JsonSchema): Shape {
  const all = variants(node);
  const nullable = all.some((v) => v.type === 'null');
  const options = all.filter((v) => v.type !== 'null');
  if (options.length !== 1) return { kind: 'mixed', nullable, inner: node, options };
  const inner = options[0]!;
  const kind: Kind =
    inner.const !== undefined
      ? 'const'
      : inner.type === 'integer' || inner.type === 'number'
        ? 'number'
        : inner.type === 'string'
          ? inner.enum
            ? 'enum'
            : 'text'
          : inner.type === 'boolean'
            ? 'boolean'
            : inner.type === 'array'
              ? inner.items?.type === 'string'
                ? 'tags'
                : inner.items?.type === 'object'
                  ? 'list'
                  : inner.items?.type === 'integer' || inner.items?.type === 'number'
                    ? 'numbers'
                    : 'other'
              : inner.type === 'object'
                ? 'object'
                : 'other';
  return { kind, nullable, inner, options };
}

/** The schema's default, else what "nothing chosen" is for this field (null, or absent). */
export function defaultOf(node: JsonSchema): Json {
  if (node.default !== undefined) return node.default;
  return shapeOf(node).nullable ? null : undefined;
}

/** A new value for a schema: its default, else blank (numbers) or the least that is valid in shape. */
export function initialValue(node: JsonSchema): Json {
  // Defaults are JSON data (a JSON Schema's): a JSON copy is a deep copy.
  if (node.default !== undefined) return JSON.parse(JSON.stringify(node.default)) as Json;
  const { kind, nullable, inner } = shapeOf(node);
  if (kind === 'const') return inner.const;
  if (nullable) return null;
  switch (kind) {
    case 'object': {
      const out: Record<string, Json> = {};
      for (const [key, child] of Object.entries(inner.properties ?? {})) {
        const value = initialValue(child);
        if (value !== undefined) out[key] = value;
      }
      return out;
    }
    case 'list':
      return Array.from({ length: inner.minItems ?? 0 }, () => initialValue(inner.items!));
    case 'tags':
    case 'numbers':
      return [];
    case 'text':
      return '';
    case 'boolean':
      return false;
    default:
      return undefined;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True when the value says more than the field's default (a tick set, a number given, an ability on). */
export function isSet(node: JsonSchema, value: Json): boolean {
  if (value === undefined) return false;
  const { kind, inner } = shapeOf(node);
  if (kind === 'object' && isRecord(value)) {
    const fallback = defaultOf(node);
    if (fallback === null) return true;
    return Object.entries(inner.properties ?? {}).some(([key, child]) => isSet(child, value[key]));
  }
  const fallback = defaultOf(node);
  return JSON.stringify(value) !== JSON.stringify(fallback === undefined ? initialValue(node) : fallback);
}

/** The schema of the field at a path below `node` ("units[0].profile" → the profile's schema). */
export function schemaAt(node: JsonSchema, path: readonly PathPart[]): JsonSchema | undefined {
  let at: JsonSchema | undefined = node;
  for (const part of path) {
    if (!at) return undefined;
    const { inner } = shapeOf(at);
    at = typeof part === 'number' ? inner.items : inner.properties?.[part];
  }
  return at;
}

// ---- paths: "attacker.units[0].name" ----

export type PathPart = string | number;

export const childPath = (base: string, key: string | number) =>
  typeof key === 'number' ? `${base}[${key}]` : base ? `${base}.${key}` : key;

/** "attacker.units[0].name" → ['attacker', 'units', 0, 'name']. */
export function parsePath(path: string): PathPart[] {
  const parts: PathPart[] = [];
  for (const match of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g))
    parts.push(match[2] !== undefined ? Number(match[2]) : match[1]!);
  return parts;
}

export function formatPath(parts: readonly PathPart[]): string {
  return parts.reduce<string>((out, part) => childPath(out, part), '');
}

export function getAt(root: Json, path: readonly PathPart[]): Json {
  let at: Json = root;
  for (const part of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<PathPart, Json>)[part];
  }
  return at;
}

/** A copy of `root` with the value at `path` replaced (objects and arrays on the way are copied, never mutated). */
export function setAt(root: Json, path: readonly PathPart[], value: Json): Json {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [PathPart, ...PathPart[]];
  if (typeof head === 'number') {
    const list = Array.isArray(root) ? [...(root as Json[])] : [];
    list[head] = setAt(list[head], rest, value);
    return list;
  }
  const record: Record<string, Json> = isRecord(root) ? { ...root } : {};
  const next = setAt(record[head], rest, value);
  if (next === undefined) delete record[head];
  else record[head] = next;
  return record;
}

/** "attacker.units[3].profile" → "attacker.units[].profile": the path with its list positions left out, as hints name fields. */
export const genericPath = (path: string) => path.replace(/\[\d+\]/g, '[]');
