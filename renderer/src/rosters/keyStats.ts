import { fieldLabel, orderKeys } from './labels';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** "T" 4 → "T 4"; "Sv (+)" 3 → "Sv 3+"; "Invuln (++)" 4 → "Invuln 4++". */
function stat(system: string, key: string, value: number): string {
  const { short } = fieldLabel(system, key);
  const m = /^(.*) \((\+\+?)\)$/.exec(short);
  return m ? `${m[1]} ${value}${m[2]}` : `${short} ${value}`;
}

function numbersOf(system: string, object: Record<string, unknown>, out: string[], depth = 0) {
  for (const key of orderKeys(system, Object.keys(object))) {
    const value = object[key];
    if (key === 'count') continue;
    // A zero is a modifier left at its default ("Save modifier 0 · Ap reduction 0"): nothing to say.
    if (typeof value === 'number' && value !== 0) out.push(stat(system, key, value));
    else if (isRecord(value) && depth === 0) numbersOf(system, value, out, depth + 1);
  }
}

/**
 * A unit's profile in one line of its key numbers, as the roster page lists it: the first model
 * profile's characteristics, then the unit's own, then how many weapons.
 */
export function keyStats(system: string, profile: Record<string, unknown>, limit = 9): string[] {
  const out: string[] = [];
  const groupKey = ['models', 'units'].find((k) => Array.isArray(profile[k]) && isRecord((profile[k] as unknown[])[0]));
  const groups = groupKey ? (profile[groupKey] as unknown[]) : undefined;
  const noun = groupKey === 'units' ? 'unit' : 'model';
  const first = groups?.[0];
  if (isRecord(first)) {
    const total = groups!.reduce<number>((sum, g) => sum + (isRecord(g) && typeof g['count'] === 'number' ? g['count'] : 0), 0);
    if (total > 0) out.push(`${total} ${noun}${total === 1 ? '' : 's'}`);
    numbersOf(system, first, out);
  }
  numbersOf(system, profile, out);
  const stats = out.slice(0, limit);
  const weapons = Array.isArray(profile['weapons']) ? profile['weapons'].length : Array.isArray(profile['offensive']) ? profile['offensive'].length : null;
  if (weapons !== null) stats.push(`${weapons} ${Array.isArray(profile['offensive']) ? 'attack profile' : 'weapon'}${weapons === 1 ? '' : 's'}`);
  return stats;
}
