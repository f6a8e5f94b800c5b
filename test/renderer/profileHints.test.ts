import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { profileSchemas } from '../../core/roster/profiles';
import { matchesPattern } from '../../renderer/src/forms/hints';
import { shapeOf, type JsonSchema } from '../../renderer/src/forms/schema';
import { profileHints } from '../../renderer/src/rosters/profileHints';

/** The unit editor's hints (renderer/src/rosters/profileHints.ts) name fields the profile schema has, and a switch is an on/off. */
function paths(node: JsonSchema, at = ''): Array<[string, JsonSchema]> {
  const { inner } = shapeOf(node);
  const out: Array<[string, JsonSchema]> = [[at, node]];
  for (const [key, child] of Object.entries(inner.properties ?? {})) out.push(...paths(child, at ? `${at}.${key}` : key));
  if (inner.items) out.push(...paths(inner.items, `${at}[]`));
  return out;
}

describe.each(Object.entries(profileHints))('%s unit editor hints', (system, hints) => {
  const schema = z.toJSONSchema(profileSchemas[system as keyof typeof profileSchemas], { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const all = paths(schema);
  it.each(Object.entries(hints))('%s names fields the profile has', (pattern, hint) => {
    const found = all.filter(([path]) => matchesPattern(pattern, path.replace(/\[\]/g, '[0]')));
    expect(found.length, pattern).toBeGreaterThan(0);
    for (const [path, node] of found) {
      const keys = Object.keys(shapeOf(node).inner.properties ?? {});
      expect((hint.order ?? []).filter((k) => !keys.includes(k)), path).toEqual([]);
      if (hint.widget === 'switch') {
        const { kind, inner } = shapeOf(node);
        expect(kind === 'boolean' || (kind === 'number' && inner.minimum === 0 && inner.maximum === 1), `${path} as a switch`).toBe(true);
      }
    }
  });
});
