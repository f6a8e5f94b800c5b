import type { ProfileLine } from '../combat/system';

/**
 * A side's profile for a system without its own `profiles` hook: the setup's fields as printed
 * lines, so a new system prints something faithful before it says anything nicer. Scalars become
 * one "Details" line; each object of a list (a weapon, a model group) becomes its own line.
 */
export function genericProfile(side: unknown): ProfileLine[] {
  if (!isObject(side)) return [];
  const lines: ProfileLine[] = [];
  const details: string[] = [];
  for (const [key, value] of Object.entries(side)) {
    if (key === 'name') continue;
    if (Array.isArray(value) && value.some(isObject)) {
      value.forEach((item, i) => {
        const label =
          isObject(item) && typeof item['name'] === 'string' && item['name'] ? item['name'] : `${key} ${i + 1}`;
        lines.push({ label, text: compact(item) });
      });
    } else {
      const text = compact(value);
      if (text) details.push(`${key} ${text}`);
    }
  }
  return details.length > 0 ? [...lines, { label: 'Details', text: details.join(' · ') }] : lines;
}

/** A value in a few words: defaults (false, null, empty) left out, nested objects flattened. */
function compact(value: unknown): string {
  if (value === null || value === undefined || value === false || value === '') return '';
  if (value === true) return 'yes';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(compact).filter(Boolean).join(', ');
  if (isObject(value)) {
    return Object.entries(value)
      .filter(([key]) => key !== 'name')
      .map(([key, v]) => {
        const text = compact(v);
        return text === '' ? '' : text === 'yes' ? key : `${key} ${text}`;
      })
      .filter(Boolean)
      .join(' · ');
  }
  return '';
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
