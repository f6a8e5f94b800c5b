import type { HintMap } from '../combat/setupLayout';

/**
 * What a schema cannot say about how a form is laid out is declared per field by a small hint,
 * data the host sends with a system's setup schema (core/combat/setupLayout.ts, each system's
 * core/systems/<id>/setupLayout.ts) or the roster editor's own. These find the hint of a path.
 */
export type { FieldHint, HintMap, PerItemHint, RefHint } from '../combat/setupLayout';
import type { FieldHint } from '../combat/setupLayout';

const patternCache = new Map<string, RegExp>();

function patternRegExp(pattern: string): RegExp {
  let re = patternCache.get(pattern);
  if (!re) {
    const body = pattern
      .split(/(\*|\[\])/)
      .map((part) =>
        part === '*' ? '[^.[\\]]+' : part === '[]' ? '\\[\\d+\\]' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('');
    re = new RegExp(`^${body}$`);
    patternCache.set(pattern, re);
  }
  return re;
}

/** Does a concrete path ("attacker.units[2].target") match a pattern ("*.units[].target")? */
export const matchesPattern = (pattern: string, path: string) => patternRegExp(pattern).test(path);

/** The hint for a concrete path: every matching pattern's, merged in order. */
export function hintFor(hints: HintMap | undefined, path: string): FieldHint {
  if (!hints) return {};
  let out: FieldHint = {};
  for (const [pattern, hint] of Object.entries(hints)) if (matchesPattern(pattern, path)) out = { ...out, ...hint };
  return out;
}
