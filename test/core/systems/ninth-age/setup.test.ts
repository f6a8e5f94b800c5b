import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { setupSchema } from '../../../../core/systems/ninth-age/setup';
import { fieldProblems } from '../../../../core/validation/issues';
import { soldier, unit } from './helpers';

/** The setup schema is the scenario format of SCENARIOS.md §3 (minus seed/dice), with every default and every refusal in words. */

const valid = () => ({
  system: 'ninth-age',
  attacker: {
    name: 'Equitaine',
    unit: unit('Knights', {
      models: 6,
      width: 3,
      height: 2,
      characters: [{ name: 'Baron', attacksAtCharacters: [1] }],
    }),
  },
  defender: { name: 'Sonnstahl', unit: unit('Spearmen', { models: 20, characters: [{ name: 'Captain' }] }) },
});

const problems = (input: unknown) => {
  const r = setupSchema.safeParse(input);
  if (r.success) throw new Error('expected the setup to be refused');
  return fieldProblems(r.error);
};

describe('Ninth Age setup (SCENARIOS §3)', () => {
  it('fills every default SCENARIOS names', () => {
    const setup = setupSchema.parse({
      system: 'ninth-age',
      attacker: {
        name: 'A',
        unit: {
          name: 'Knights',
          models: 6,
          width: 3,
          profile: { ...soldier, aegis: undefined, fortitude: undefined, hitModifier: undefined },
        },
      },
      defender: { name: 'B', unit: { name: 'Spearmen', models: 20, width: 5, profile: soldier } },
    });
    expect(setup.insaneCourage).toBe(true);
    expect(setup.attacker.unit).toMatchObject({
      height: 1,
      charged: false,
      facing: 'front',
      standard: false,
      fighting: null,
      supporting: null,
      supportingAttacks: 1,
      attacksAtCharacters: [],
      characters: [],
    });
    expect(setup.attacker.unit.profile).toMatchObject({ aegis: null, fortitude: null, hitModifier: 0 });
  });

  it('accepts the example of SCENARIOS §3 with characters and allocations', () => {
    expect(setupSchema.safeParse(valid()).success).toBe(true);
  });

  it('labels every field for the shared forms (title and description)', () => {
    const unlabeled: string[] = [];
    const walk = (schema: z.ZodType, path: string) => {
      const meta = z.globalRegistry.get(schema);
      if (path !== '' && (!meta?.title || !meta.description)) unlabeled.push(path);
      let inner: z.ZodType = schema;
      while (true) {
        const def = (
          inner as unknown as { def: { type: string; innerType?: z.ZodType; element?: z.ZodType; in?: z.ZodType } }
        ).def;
        if (def.innerType) inner = def.innerType;
        else if (def.in) inner = def.in;
        else break;
      }
      const def = (
        inner as unknown as { def: { type: string; shape?: Record<string, z.ZodType>; element?: z.ZodType } }
      ).def;
      if (def.type === 'object') for (const [k, v] of Object.entries(def.shape!)) walk(v, path ? `${path}.${k}` : k);
      if (
        def.type === 'array' &&
        def.element &&
        (def.element as unknown as { def: { type: string } }).def.type === 'object'
      )
        walk(def.element, `${path}[]`);
    };
    walk(setupSchema, '');
    expect(unlabeled).toEqual([]);
  });

  describe("refuses bad input in words, naming the field (the issue's examples)", () => {
    it('an allocation to a character the enemy does not have', () => {
      const bad = valid();
      bad.attacker.unit.characters![0]!.attacksAtCharacters = [0, 1];
      expect(problems(bad)).toEqual([
        {
          field: 'attacker.unit.characters[0].attacksAtCharacters[1]',
          message:
            'attacker.unit.characters[0].attacksAtCharacters[1]: expected no allocation to enemy character 1: Spearmen have only character 0',
        },
      ]);
      const none = valid();
      none.defender.unit.attacksAtCharacters = [0];
      none.attacker.unit.characters = [];
      expect(problems(none)[0]!.message).toBe(
        'defender.unit.attacksAtCharacters[0]: expected no allocation to enemy character 0: Knights have no characters',
      );
    });

    it('more attacks allocated than the part has', () => {
      const bad = valid();
      bad.attacker.unit.characters![0]!.attacksAtCharacters = [2];
      expect(problems(bad)).toEqual([
        {
          field: 'attacker.unit.characters[0].attacksAtCharacters',
          message:
            'attacker.unit.characters[0].attacksAtCharacters: expected at most 1 attack allocated: Baron has 1 attack at full strength, 2 are allocated',
        },
      ]);
      // The rank and file: 5 wide, 1 character → 4 fighting + 5 supporting = 9 attacks.
      const rf = valid();
      rf.defender.unit.attacksAtCharacters = [10];
      expect(problems(rf)[0]!.message).toBe(
        'defender.unit.attacksAtCharacters: expected at most 9 attacks allocated: the rank and file of Spearmen have 9 attacks at full strength, 10 are allocated',
      );
    });

    it('a Height of 9', () => {
      const bad = valid();
      bad.attacker.unit.height = 9;
      expect(problems(bad)).toEqual([
        { field: 'attacker.unit.height', message: 'attacker.unit.height: expected a number from 0 to 3' },
      ]);
    });

    it('a unit with nobody in it, a front rank wider than the unit, unknown fields and wrong types', () => {
      const empty = valid();
      empty.defender.unit.models = 0;
      empty.defender.unit.characters = [];
      empty.attacker.unit.characters = [];
      expect(problems(empty).map((p) => p.message)).toContain(
        'defender.unit.models: expected at least one rank-and-file model or one character',
      );
      const wide = valid();
      wide.attacker.unit.fighting = 4;
      expect(problems(wide).map((p) => p.message)).toEqual([
        'attacker.unit.fighting: expected at most 3 models in the front rank (the width)',
      ]);
      expect(problems({ ...valid(), round: 2 }).map((p) => p.message)).toEqual(['round: unknown field']);
      const typo = valid() as unknown as { attacker: { unit: { profile: Record<string, unknown> } } };
      typo.attacker.unit.profile['offensiveSkill'] = 'high';
      expect(problems(typo).map((p) => p.message)).toEqual([
        'attacker.unit.profile.offensiveSkill: expected a number from 0 to 10',
      ]);
      const facing = valid() as unknown as { defender: { unit: Record<string, unknown> } };
      facing.defender.unit['facing'] = 'side';
      expect(problems(facing).map((p) => p.message)).toEqual([
        'defender.unit.facing: expected one of front, flank, rear',
      ]);
    });

    it('says one clear thing per bad field: a bad count is not also checked against the allocations built on it (issue 25)', () => {
      const negative = valid();
      negative.attacker.unit.models = -1;
      expect(problems(negative).map((p) => p.message)).toEqual([
        'attacker.unit.models: expected a number from 0 to 200',
      ]);
      const hero = valid() as unknown as {
        attacker: { unit: { characters: Array<{ profile: Record<string, unknown> }> } };
      };
      hero.attacker.unit.characters[0]!.profile['attacks'] = -2;
      expect(problems(hero).map((p) => p.message)).toEqual([
        'attacker.unit.characters[0].profile.attacks: expected a number from 0 to 20',
      ]);
      // A valid count still has its allocations checked.
      const over = valid();
      over.attacker.unit.characters![0]!.attacksAtCharacters = [9];
      expect(problems(over).map((p) => p.message)).toEqual([
        'attacker.unit.characters[0].attacksAtCharacters: expected at most 1 attack allocated: Baron has 1 attack at full strength, 9 are allocated',
      ]);
    });
  });
});
