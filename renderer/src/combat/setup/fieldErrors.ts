import type { ApiError } from '../../../../core/api/reply';

/**
 * The host's problems keyed by field path (without the leading "setup."), so each input can show
 * its own message beside it.
 */
export function fieldErrors(error: ApiError | undefined, prefix = 'setup.'): Record<string, string> {
  if (!error) return {};
  const problems = error.problems ?? (error.field ? [{ field: error.field, message: error.message }] : []);
  const out: Record<string, string> = {};
  for (const { field, message } of problems) {
    const key = field.startsWith(prefix) ? field.slice(prefix.length) : field;
    // "setup.attacker.weapons[0].skill: expected…" → "expected…"
    out[key] ??= message.replace(/^[^:]*:\s*/, '');
  }
  return out;
}
