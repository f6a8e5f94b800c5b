import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiFailure, contract, createDispatch } from '../../../core/api';
import { combatBackendOf as createCombatBackend } from '../../support/combatBackendOf';
import { startCombat, type RuleSystem } from '../../../core/combat';
import { systems } from '../../../core/systems';
import { spiedBackend } from '../../support/backendSpy';
import { toySystem } from '../combat/toySystem';

/**
 * combat.setupForm: what the one shared setup screen builds a system's form from — the setup
 * schema as JSON Schema (input side, labels included) and the system's typical setup.
 */

interface Node {
  type?: string;
  title?: string;
  properties?: Record<string, Node>;
  required?: string[];
}

const registered = Object.values(systems).map((s) => [s.id, s] as const);

describe('combat.setupForm', () => {
  it.each(registered)(
    '%s: its setup as JSON Schema, every side titled, and an example that starts a combat',
    async (id, system) => {
      const reply = await createDispatch(spiedBackend())('combat.setupForm', { system: id });
      expect(reply.ok).toBe(true);
      if (!reply.ok) return;
      const {
        system: answered,
        schema,
        example,
      } = reply.value as { system: string; schema: Node; example: Record<string, unknown> | null };
      expect(answered).toBe(id);
      expect((reply.value as { name: string }).name).toBe(system.name);
      expect(contract['combat.setupForm'].response.safeParse(reply.value).success).toBe(true);
      // The input side: what the player may leave out (a default) is not required.
      expect(schema.type).toBe('object');
      expect(schema.properties?.['attacker']?.title).toBeTruthy();
      expect(schema.properties?.['defender']?.title).toBeTruthy();
      expect(schema.required).toEqual(expect.arrayContaining(['system', 'attacker', 'defender']));
      // The example is the system's own, valid as it is: Start works before anything is typed.
      expect(example).toEqual(system.exampleSetup);
      const parsed = system.setupSchema.safeParse(example);
      expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
      if (parsed.success) expect(startCombat(system, parsed.data, 1).step.kind).toBeDefined();
    },
  );

  it('is the same JSON Schema zod gives for the setup (one conversion, no hand-kept copy)', async () => {
    const backend = spiedBackend();
    for (const [id, system] of registered) {
      const value = await backend['combat.setupForm']({ system: id });
      expect(value.schema).toEqual(z.toJSONSchema(system.setupSchema, { io: 'input', unrepresentable: 'any' }));
    }
  });

  it('gives a null example for a system without one, and refuses a system it does not know, naming the field', async () => {
    const backend = createCombatBackend({
      systems: { toy: toySystem as RuleSystem },
      analyze: () => null,
      newId: () => 'c-1',
      newSeed: () => 1,
    });
    expect(await backend['combat.setupForm']({ system: 'toy' })).toMatchObject({
      system: 'toy',
      name: 'Toy duel',
      example: null,
      schema: { type: 'object', properties: { dice: { type: 'integer' } } },
    });
    await expect(backend['combat.setupForm']({ system: 'chess' })).rejects.toThrow(ApiFailure);
    await expect(backend['combat.setupForm']({ system: 'chess' })).rejects.toMatchObject({
      code: 'invalid_input',
      field: 'system',
    });
  });
});
