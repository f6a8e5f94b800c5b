import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { profileSchemas } from '../../core/roster/profiles';
import { labelMapFor } from '../../renderer/src/rosters/labels';
import type { JsonSchema } from '../../renderer/src/forms/schema';

/**
 * The unit editor names every field of a roster profile in words players know: the schema's own
 * title, or the system's label map (renderer/src/rosters/labels.ts). A field added to a profile
 * without either would show as its key in words ("Rank width" by luck, "Fortitude" without its +).
 */

function fields(node: JsonSchema, out: Array<[string, JsonSchema]> = []): Array<[string, JsonSchema]> {
  for (const variant of node.anyOf ?? []) fields(variant, out);
  for (const [key, child] of Object.entries(node.properties ?? {})) {
    out.push([key, child]);
    fields(child, out);
  }
  if (node.items) fields(node.items, out);
  return out;
}

describe.each(Object.entries(profileSchemas))('the %s unit editor', (system, schema) => {
  it('names every field of the profile', () => {
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    const map = labelMapFor(system);
    const unnamed = fields(json).filter(([key, node]) => !node.title && !(key in map)).map(([key]) => key);
    expect([...new Set(unnamed)]).toEqual([]);
  });
});

describe('the Ninth Age fields added for the melee', () => {
  it('read as players know them: the rank width, and Fortitude as a save like Aegis', () => {
    const map = labelMapFor('ninth-age');
    expect(map['rankWidth']).toEqual({ short: 'Rank width', long: 'Models per rank in its formation' });
    expect(map['fortitude']).toEqual({ short: 'Fortitude (+)', long: 'Fortitude save, empty for none' });
    // Laid out beside their neighbours: the width after the models, Fortitude after Aegis.
    const order = Object.keys(map);
    expect(order.indexOf('rankWidth')).toBe(order.indexOf('models') + 1);
    expect(order.indexOf('fortitude')).toBe(order.indexOf('aegis') + 1);
  });
});
