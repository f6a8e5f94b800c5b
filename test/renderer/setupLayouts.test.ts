import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { setupLayoutSchema } from '../../core/combat/setupLayout';
import { matchesPattern } from '../../core/forms/hints';
import { expandPattern } from '../../core/forms/refs';
import { formatPath, getAt, isRecord, parsePath, setAt, shapeOf, type JsonSchema } from '../../core/forms/schema';
import { setupLayouts, systems } from '../../core/systems';

/**
 * Each system's setup layout hint (core/systems/<id>/setupLayout.ts) against its setup schema:
 * a hint that names a field the schema does not have would silently do nothing, so every pattern,
 * every field it orders, folds or groups, and every "Add" item must fit the schema.
 */

/** Every field path of a schema, with list positions as [] ("attacker.units[].profile.weaponSkill"), and its schema. */
function paths(node: JsonSchema, at = ''): Array<[string, JsonSchema]> {
  const { inner } = shapeOf(node);
  const out: Array<[string, JsonSchema]> = [[at, node]];
  for (const [key, child] of Object.entries(inner.properties ?? {}))
    out.push(...paths(child, at ? `${at}.${key}` : key));
  if (inner.items) out.push(...paths(inner.items, `${at}[]`));
  return out;
}

describe.each(Object.entries(setupLayouts))('%s setup layout', (id, layout) => {
  const system = systems[id]!;
  const schema = z.toJSONSchema(system.setupSchema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const all = paths(schema);
  const matching = (pattern: string) => all.filter(([path]) => matchesPattern(pattern, path.replace(/\[\]/g, '[0]')));

  it('is for a system the host has, with an example to start from', () => {
    expect(system).toBeDefined();
    expect(system.exampleSetup).toBeDefined();
  });

  it('is what the contract sends (combat.setupForm checks it with the same schema)', () => {
    expect(setupLayoutSchema.parse(layout)).toEqual(layout);
  });

  it.each(Object.entries(layout.fields ?? {}))('%s names fields the schema has', (pattern, hint) => {
    const found = matching(pattern);
    expect(found.length, `no field matches ${pattern}`).toBeGreaterThan(0);
    for (const [, node] of found) {
      const keys = Object.keys(shapeOf(node).inner.properties ?? {});
      const named = [
        ...(hint.order ?? []),
        ...(hint.advanced ?? []),
        ...(hint.statLine ?? []),
        ...(hint.groups ?? []).flatMap((g) => g.fields),
      ];
      expect(named.filter((k) => !keys.includes(k))).toEqual([]);
    }
    for (const cleared of hint.clears ?? [])
      for (const [path] of found) expect(all.some(([p]) => p === path.replace(/[^.]+$/, cleared))).toBe(true);
    if (hint.labelBy) expect(all.some(([p]) => p === hint.labelBy!.field)).toBe(true);
    // A field shown only in one mode names a field the form has; a value set before it was hidden is
    // cleared when that field changes, so it never counts unseen.
    if (hint.shownWhen) {
      const { field } = hint.shownWhen;
      expect(all.some(([p]) => p === field)).toBe(true);
      const key = pattern.split('.').at(-1)!;
      // A field no rule reads while hidden keeps its value (the system's own test shows it unread).
      if (!hint.shownWhen.unreadOtherwise)
        expect(layout.fields?.[field]?.clears ?? [], `${field} clears ${key}`).toContain(key);
    }
    // A list of numbers kept per item of another list: a list of numbers here, a list of named items there.
    if (hint.perItem) {
      for (const [, node] of found) expect(shapeOf(node).kind).toBe('numbers');
      const items = all.find(([p]) => p === hint.perItem!.list.replace(/\{(other|side)\}/, 'attacker'));
      expect(items, `no list at ${hint.perItem.list}`).toBeDefined();
      expect(shapeOf(items![1]).inner.properties?.['name']).toBeDefined();
    }
    // A switch is an on/off: a boolean, or a whole number from 0 to 1 (a rule counted as 1 or 0).
    if (hint.widget === 'switch') {
      for (const [path, node] of found) {
        const { kind, inner } = shapeOf(node);
        expect(
          kind === 'boolean' ||
            (kind === 'number' && inner.type === 'integer' && inner.minimum === 0 && inner.maximum === 1),
          `${path} as a switch`,
        ).toBe(true);
      }
    }
  });

  it('lets no field point by position into a list that can be reordered (a move would point it elsewhere)', () => {
    const refLists = Object.values(layout.fields ?? {}).flatMap((h) => (h.ref ? [h.ref.list] : []));
    for (const [pattern, hint] of Object.entries(layout.fields ?? {})) {
      if (!hint.reorderable) continue;
      for (const list of refLists) {
        const target = list.replace(/\{side\}|\{other\}/g, '*').replace(/\[\$[^\]]+\]/g, '[]');
        for (const [path] of matching(pattern))
          expect(
            matchesPattern(target.replace(/\[\]$/, ''), path.replace(/\[\]/g, '[0]')),
            `${list} points into ${pattern}`,
          ).toBe(false);
      }
    }
  });

  it('puts "Add" items the schema takes (with a name given)', () => {
    for (const [pattern, hint] of Object.entries(layout.fields ?? {})) {
      if (hint.newItem === undefined) continue;
      // The list in the example, or where it would be (a list left to its default is absent).
      const key = pattern.slice(pattern.lastIndexOf('.') + 1);
      const parents = expandPattern(system.exampleSetup, pattern.slice(0, pattern.lastIndexOf('.'))).filter((p) =>
        isRecord(getAt(system.exampleSetup, p)),
      );
      expect(parents.length, `the example has nothing at ${pattern}`).toBeGreaterThan(0);
      const list = [...parents[0]!, key];
      const items = (getAt(system.exampleSetup, list) as unknown[] | undefined) ?? [];
      const item = { ...(hint.newItem as object), ...('name' in (hint.newItem as object) ? { name: 'Added' } : {}) };
      const setup = setAt(system.exampleSetup, list, [...items, item]);
      const parsed = system.setupSchema.safeParse(setup);
      expect(
        parsed.success
          ? []
          : parsed.error.issues.map((i) => `${formatPath(i.path as (string | number)[])}: ${i.message}`),
        `${pattern}`,
      ).toEqual([]);
    }
  });

  it('speaks as players do: no word of the screen or its fields cites the project\'s sources ("RULES §5", "seed 004")', () => {
    const words = JSON.stringify([layout, schema]);
    expect(words.match(/[^"]{0,40}(\bRULES\b|§|\bseed \d)[^"]{0,40}/g) ?? []).toEqual([]);
  });

  it('puts "Pick from roster" on parts of a side the schema has', () => {
    for (const fill of layout.fromRoster ?? []) {
      expect(matching(fill.at).length, fill.at).toBeGreaterThan(0);
      expect(['attacker', 'defender']).toContain(parsePath(fill.at.replace('*', 'attacker'))[0]);
      if (fill.rangedFrom) expect(all.some(([p]) => p === fill.rangedFrom)).toBe(true);
      if (fill.into)
        for (const [path] of matching(fill.at))
          if (/^(attacker|defender)/.test(path))
            expect(
              all.some(([p]) => p === `${path}.${fill.into}`),
              `${path}.${fill.into}`,
            ).toBe(true);
    }
  });
});
