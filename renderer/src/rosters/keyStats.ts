import { abbreviation, type JsonSchema, shapeOf } from '../../../core/api/viewForms';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** "T" 4 → "T 4"; "Sv (+)" 3 → "Sv 3+"; "Invuln (++)" 4 → "Invuln 4++" (the label as the host titled the field). */
function stat(title: string, value: number): string {
  const m = /^(.*) \((\+\+?)\)$/.exec(title);
  return m ? `${m[1]} ${value}${m[2]}` : `${abbreviation(title)} ${value}`;
}

/** An object's numbers in the order the host lays its fields out (the profile schema's property order). */
function numbersOf(node: JsonSchema | undefined, object: Record<string, unknown>, out: string[], depth = 0) {
  const properties = node ? (shapeOf(node).inner.properties ?? {}) : {};
  const order = Object.keys(properties);
  const rank = (k: string) => (order.includes(k) ? order.indexOf(k) : order.length);
  for (const key of Object.keys(object).sort((a, b) => rank(a) - rank(b))) {
    const value = object[key];
    if (key === 'count') continue;
    const child = properties[key];
    // A zero, or a modifier left at its default ("Save modifier 0 · Ap reduction 0"), says nothing: left out.
    if (value === 0 || (child && 'default' in child && child.default === value)) continue;
    if (typeof value === 'number') out.push(stat(child?.['x-label'] ?? child?.title ?? key, value));
    else if (isRecord(value) && depth === 0) numbersOf(child, value, out, depth + 1);
  }
}

/**
 * A unit's profile in one line of its key numbers, as the roster page lists it: the first model
 * profile's characteristics, then the unit's own, then how many weapons. Labels and order are
 * the profile schema's, as the host titled it (`roster.profileForm`).
 */
export function keyStats(schema: JsonSchema, profile: Record<string, unknown>, limit = 9): string[] {
  const out: string[] = [];
  const properties = shapeOf(schema).inner.properties ?? {};
  const groupKey = ['models', 'units'].find((k) => Array.isArray(profile[k]) && isRecord((profile[k] as unknown[])[0]));
  const groups = groupKey ? (profile[groupKey] as unknown[]) : undefined;
  const noun = groupKey === 'units' ? 'unit' : 'model';
  const first = groups?.[0];
  if (isRecord(first)) {
    const total = groups!.reduce<number>(
      (sum, g) => sum + (isRecord(g) && typeof g['count'] === 'number' ? g['count'] : 0),
      0,
    );
    if (total > 0) out.push(`${total} ${noun}${total === 1 ? '' : 's'}`);
    const groupSchema = properties[groupKey!];
    numbersOf(groupSchema ? shapeOf(groupSchema).inner.items : undefined, first, out);
  }
  numbersOf(schema, profile, out);
  const stats = out.slice(0, limit);
  const weapons = Array.isArray(profile['weapons'])
    ? profile['weapons'].length
    : Array.isArray(profile['offensive'])
      ? profile['offensive'].length
      : null;
  if (weapons !== null)
    stats.push(
      `${weapons} ${Array.isArray(profile['offensive']) ? 'attack profile' : 'weapon'}${weapons === 1 ? '' : 's'}`,
    );
  return stats;
}
