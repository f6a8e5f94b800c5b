import type { JsonSchema } from './schema';

/**
 * What a field is called on screen. The schema says it first (`.meta({ title, description })` in
 * the zod schema, carried into the JSON Schema); a form may give its own names for schemas that
 * have none (the roster editor's abbreviations); else the key, humanised.
 */
export interface FieldLabel {
  /** What the field is labelled, e.g. "Weapon Skill (WS)" or "T". */
  label: string;
  /** A line of help: "5 means 5+; 7 for none". */
  description?: string;
  /** Set when the label on screen is shortened (a compact row): the full name and its help, for hover and screen readers. */
  full?: { name: string; help?: string };
}

/** The label a compact row shows: a number's abbreviation ("CC"), no help line; the rest kept in `full`. */
export function compactLabel(label: FieldLabel, number: boolean): FieldLabel {
  return {
    label: number ? abbreviation(label.label) : label.label,
    full: { name: label.label, ...(label.description ? { help: label.description } : {}) },
  };
}

/** A form's own names for fields whose schema has no title (by key). */
export type LabelFallback = (key: string) => { short: string; long?: string } | undefined;

/** "objectiveControl" → "Objective control", "heavy-infantry" → "Heavy infantry". */
export function humanise(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function labelOf(node: JsonSchema | undefined, key: string, fallback?: LabelFallback): FieldLabel {
  if (node?.title) return { label: node.title, ...(node.description ? { description: node.description } : {}) };
  const own = fallback?.(key);
  if (own)
    return {
      label: own.short,
      ...(own.long ? { description: own.long } : node?.description ? { description: node.description } : {}),
    };
  return { label: humanise(key), ...(node?.description ? { description: node.description } : {}) };
}

/** The abbreviation players read on a profile line: "Weapon Skill (WS)" → "WS"; a label without one stays whole. */
export function abbreviation(label: string): string {
  return /\(([^()]+)\)$/.exec(label)?.[1] ?? label;
}

/** One item of a list, named: "Weapons" → "Weapon" unless the item schema has its own title. */
export function singular(label: string): string {
  return label.endsWith('s') ? label.slice(0, -1) : label;
}
