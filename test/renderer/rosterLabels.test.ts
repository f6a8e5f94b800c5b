import { registry } from '../../core/systems';
import { describe, expect, it } from 'vitest';
import { profileForm } from '../../core/roster/form';
import type { JsonSchema } from '../../core/forms/schema';
import { keyStats } from '../../renderer/src/rosters/keyStats';

/**
 * The unit editor names every field of a roster profile in words players know: the schema's own
 * title, or the system's labels (core/systems/<id>/roster/labels.ts), which the host writes into
 * the profile's JSON Schema (`roster.profileForm`). A field added to a profile without either
 * would show as its key in words ("Rank width" by luck, "Fortitude" without its +).
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

describe.each(registry.ids)('the %s unit editor', (system) => {
  it('names every field of the profile', () => {
    const json = profileForm(registry.definitionOf(system)!).schema as JsonSchema;
    const unnamed = fields(json)
      .filter(([, node]) => !node.title)
      .map(([key]) => key);
    expect([...new Set(unnamed)]).toEqual([]);
  });
});

describe('the Ninth Age fields added for the melee', () => {
  it('read as players know them: the rank width, and Fortitude as a save like Aegis', () => {
    const props = (profileForm(registry.definitionOf('ninth-age')!).schema as JsonSchema).properties!;
    expect(props['rankWidth']).toMatchObject({ title: 'Rank width', description: 'Models per rank in its formation' });
    const defensive = fields(profileForm(registry.definitionOf('ninth-age')!).schema as JsonSchema).find(
      ([key]) => key === 'fortitude',
    )![1];
    expect(defensive).toMatchObject({ title: 'Fortitude (+)', description: 'Fortitude save, empty for none' });
    // Laid out beside their neighbours: the width after the models, Fortitude after Aegis.
    const order = Object.keys(props);
    expect(order.indexOf('rankWidth')).toBe(order.indexOf('models') + 1);
    const saves = Object.keys(
      fields(profileForm(registry.definitionOf('ninth-age')!).schema as JsonSchema).find(
        ([key]) => key === 'defensive',
      )![1].properties!,
    );
    expect(saves.indexOf('fortitude')).toBe(saves.indexOf('aegis') + 1);
  });
});

describe('a unit on the roster page', () => {
  it("reads as a line of its key numbers in the game's abbreviations, modifiers left at their default left out", () => {
    const schema = profileForm(registry.definitionOf('wh40k-10e')!).schema as JsonSchema;
    const line = keyStats(schema, {
      models: [
        {
          name: 'Intercessor',
          count: 5,
          movement: 6,
          toughness: 4,
          save: 3,
          wounds: 2,
          leadership: 6,
          objectiveControl: 2,
        },
      ],
      defensiveModifiers: {
        stealth: false,
        saveModifier: 0,
        saveReroll: 'none',
        apReduction: 0,
        halfDamage: false,
        damageReduction: 1,
      },
      weapons: [{}],
    });
    expect(line).toEqual(['5 models', 'M 6', 'T 4', 'Sv 3+', 'W 2', 'Ld 6+', 'OC 2', '−1 Damage 1', '1 weapon']);
  });
});
