import { registry } from '../../core/systems';
import { describe, expect, it } from 'vitest';
import { profileForm } from '../../core/roster/form';
import { matchesPattern } from '../../core/forms/hints';
import { shapeOf, type JsonSchema } from '../../core/forms/schema';

/** The unit editor's hints (each system's `roster.labels.hints`, sent by `roster.profileForm`) name fields the profile schema has, and a switch is an on/off. */
function paths(node: JsonSchema, at = ''): Array<[string, JsonSchema]> {
  const { inner } = shapeOf(node);
  const out: Array<[string, JsonSchema]> = [[at, node]];
  for (const [key, child] of Object.entries(inner.properties ?? {}))
    out.push(...paths(child, at ? `${at}.${key}` : key));
  if (inner.items) out.push(...paths(inner.items, `${at}[]`));
  return out;
}

const withHints = registry.ids.filter(
  (system) => Object.keys(profileForm(registry.definitionOf(system)!).hints).length > 0,
);

it('at least one system lays its unit editor out with hints (10th edition: its defensive modifiers as switches)', () => {
  expect(withHints).toContain('wh40k-10e');
});

describe.each(withHints)('%s unit editor hints', (system) => {
  const { schema, hints } = profileForm(registry.definitionOf(system)!);
  const all = paths(schema as JsonSchema);
  it.each(Object.entries(hints))('%s names fields the profile has', (pattern, hint) => {
    const found = all.filter(([path]) => matchesPattern(pattern, path.replace(/\[\]/g, '[0]')));
    expect(found.length, pattern).toBeGreaterThan(0);
    for (const [path, node] of found) {
      const keys = Object.keys(shapeOf(node).inner.properties ?? {});
      expect(
        (hint.order ?? []).filter((k) => !keys.includes(k)),
        path,
      ).toEqual([]);
      if (hint.widget === 'switch') {
        const { kind, inner } = shapeOf(node);
        expect(
          kind === 'boolean' || (kind === 'number' && inner.minimum === 0 && inner.maximum === 1),
          `${path} as a switch`,
        ).toBe(true);
      }
    }
  });
});
