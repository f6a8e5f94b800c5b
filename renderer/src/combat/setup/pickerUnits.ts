/** What the picker needs of a stored unit: its ids, its name, its points and its profile as stored. */
export interface StoredUnit {
  id: string;
  rosterId: string;
  name: string;
  points: number | null;
  profile: Record<string, unknown>;
}

/** One unit as the picker lists it: its full name, told apart from a namesake, with its models and points. */
export interface PickerRow<U extends StoredUnit = StoredUnit> {
  unit: U;
  /** The name, with "#2", "#3"… where the roster holds more than one unit of that name (in roster order). */
  title: string;
  /** "5 models · 80 pts": what tells two units apart at a glance; empty when the profile says neither. */
  detail: string;
  testId: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/**
 * How many models (or units, in a formation) a profile holds: its number of models, or the sum of the
 * counts of its groups, as the roster page counts them. Every system's profile says it as `models`
 * (a number, or groups of models) or `units` (the units of a formation).
 */
export function modelsOf(profile: Record<string, unknown>): string | null {
  const models = profile['models'];
  if (typeof models === 'number') return models > 0 ? counted(models, 'model') : null;
  const key = ['models', 'units'].find((k) => Array.isArray(profile[k]));
  if (!key) return null;
  const total = (profile[key] as unknown[]).reduce<number>(
    (sum, g) => sum + (isRecord(g) && typeof g['count'] === 'number' ? g['count'] : 0),
    0,
  );
  if (total <= 0) return null;
  return counted(total, key === 'units' ? 'unit' : 'model');
}

/** The roster's units as the picker lists them, in roster order; namesakes numbered "#1", "#2"… */
export function pickerRows<U extends StoredUnit>(units: readonly U[]): Array<PickerRow<U>> {
  const named = new Map<string, number>();
  for (const u of units) named.set(u.name, (named.get(u.name) ?? 0) + 1);
  const seen = new Map<string, number>();
  return units.map((unit) => {
    const nth = (seen.get(unit.name) ?? 0) + 1;
    seen.set(unit.name, nth);
    const shared = (named.get(unit.name) ?? 0) > 1;
    const detail = [modelsOf(unit.profile), unit.points === null ? null : `${unit.points} pts`]
      .filter(Boolean)
      .join(' · ');
    return {
      unit,
      title: shared ? `${unit.name} #${nth}` : unit.name,
      detail,
      // The first of a name keeps its plain id, as before namesakes were numbered.
      testId: nth === 1 ? `pick-${unit.name}` : `pick-${unit.name} #${nth}`,
    };
  });
}
