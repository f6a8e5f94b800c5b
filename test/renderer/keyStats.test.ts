import { registry } from '../../core/systems';
import { describe, expect, it } from 'vitest';
import { profileForm } from '../../core/roster/form';
import type { JsonSchema } from '../../core/forms/schema';
import { keyStats } from '../../renderer/src/rosters/keyStats';

const schema = profileForm(registry.definitionOf('old-world')!).schema as JsonSchema;

describe("a unit's key numbers as the roster page lists them", () => {
  it('leaves out modifiers left at zero, which only pad the line', () => {
    const line = keyStats(schema, {
      models: [{ count: 20, weaponSkill: 3, strength: 3, saveModifier: 0 }],
      apReduction: 0,
      weapons: [{}],
    }).join(' · ');
    expect(line).not.toMatch(/\b0\b/);
    expect(line).toContain('20 models');
    expect(line).toContain('1 weapon');
  });

  it('keeps a modifier that is not zero', () => {
    const line = keyStats(schema, { models: [{ count: 1, strength: 4, saveModifier: -1 }] }).join(' · ');
    expect(line).toMatch(/-1/);
    expect(line).toContain('1 model');
  });
});
