import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldProblems } from '../../../../core/validation/issues';
import { setupSchema } from '../../../../core/systems/wh40k-7e/setup';

/** The setup schema (SCENARIOS §2): defaults, bad input refused in words naming the field, labels. */

const marine = {
  name: 'Space Marine',
  count: 5,
  weaponSkill: 4,
  strength: 4,
  toughness: 4,
  wounds: 1,
  initiative: 4,
  attacks: 1,
  leadership: 8,
  save: 3,
};
const valid = () => ({
  system: 'wh40k-7e',
  attacker: { name: 'Assault Squad', models: [structuredClone(marine)] },
  defender: { name: 'Ork Boyz', models: [structuredClone(marine)] },
});

const problems = (input: unknown) => {
  const r = setupSchema.safeParse(input);
  if (r.success) throw new Error('expected the setup to be refused');
  return fieldProblems(r.error);
};

describe('the 7th edition setup (SCENARIOS §2)', () => {
  it('fills every default SCENARIOS names', () => {
    const setup = setupSchema.parse({ ...valid(), attacker: { name: 'A', models: [{ ...marine, count: undefined }] } });
    expect(setup.attacker).toMatchObject({ charged: false, fearless: false, stubborn: false, atsknf: false });
    expect(setup.attacker.models[0]).toMatchObject({
      count: 1,
      invulnerable: null,
      feelNoPain: null,
      eternalWarrior: false,
      twoWeapons: false,
      weapon: { name: 'Close combat weapon', strength: 'user', ap: null, unwieldy: false },
    });
  });

  it('refuses a Strength "x0", naming the field (issue 12)', () => {
    const input = valid();
    (input.attacker.models[0] as Record<string, unknown>)['weapon'] = { name: 'Fist', strength: 'x0', ap: 2 };
    const p = problems(input);
    expect(p).toHaveLength(1);
    expect(p[0]!.field).toBe('attacker.models[0].weapon.strength');
    expect(p[0]!.message).toMatch(
      /^attacker\.models\[0\]\.weapon\.strength: expected a Strength: "user", a number from 1 to 10, "\+1" to "\+9", "x1" to "x10" or "D"/,
    );
  });

  it('refuses an AP of 7, naming the field (issue 12)', () => {
    const input = valid();
    (input.defender.models[0] as Record<string, unknown>)['weapon'] = { strength: 'user', ap: 7 };
    expect(problems(input)).toEqual([
      {
        field: 'defender.models[0].weapon.ap',
        message: 'defender.models[0].weapon.ap: expected an AP from 1 to 6, or null for "–"',
      },
    ]);
  });

  it('refuses a unit with no models (issue 12)', () => {
    const input = valid();
    input.defender.models = [];
    expect(problems(input)).toEqual([
      {
        field: 'defender.models',
        message: 'defender.models: expected at least one model group: a unit with no models cannot fight',
      },
    ]);
  });

  it('refuses other Strengths out of range, unknown fields and missing characteristics, each in words', () => {
    for (const strength of [11, 0, '+0', 'x11', 'd', 'S4']) {
      const input = valid();
      (input.attacker.models[0] as Record<string, unknown>)['weapon'] = { strength };
      expect(problems(input)[0]!.message, String(strength)).toContain('expected a Strength');
    }
    const unknown = valid();
    (unknown.attacker as Record<string, unknown>)['hammerOfWrath'] = true;
    expect(problems(unknown)).toEqual([
      { field: 'attacker.hammerOfWrath', message: 'attacker.hammerOfWrath: unknown field' },
    ]);
    const missing = valid();
    delete (missing.attacker.models[0] as Record<string, unknown>)['toughness'];
    expect(problems(missing)[0]).toEqual({
      field: 'attacker.models[0].toughness',
      message: 'attacker.models[0].toughness: expected a number from 1 to 10',
    });
  });

  it('refuses more attack dice from one group than a roll can take, and more than 100 models a unit', () => {
    const many = valid();
    many.attacker.models[0]!.count = 70;
    many.attacker.models[0]!.attacks = 2;
    (many.attacker as Record<string, unknown>)['charged'] = true;
    expect(problems(many)).toEqual([
      {
        field: 'attacker.models[0].count',
        message:
          'attacker.models[0].count: expected at most 200 attack dice from one group: 70 models × 3 attacks = 210; split the group',
      },
    ]);
    const crowd = valid();
    crowd.attacker.models = [
      { ...marine, count: 60 },
      { ...marine, count: 41 },
    ];
    expect(problems(crowd)).toEqual([
      { field: 'attacker.models', message: 'attacker.models: expected at most 100 models in a unit, not 101' },
    ]);
  });

  it('gives every field a label players know (shared forms read `.meta`)', () => {
    const json = z.toJSONSchema(setupSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
    const unlabelled: string[] = [];
    let checked = 0;
    const walk = (node: unknown, path: string) => {
      if (typeof node !== 'object' || node === null) return;
      const n = node as Record<string, unknown>;
      if (n['properties']) {
        for (const [key, child] of Object.entries(n['properties'] as Record<string, Record<string, unknown>>)) {
          const title =
            child['title'] ??
            (child['anyOf'] as Array<Record<string, unknown>> | undefined)?.find((x) => x['title'])?.['title'];
          checked++;
          if (typeof title !== 'string' || title.length === 0) unlabelled.push(`${path}.${key}`);
          walk(child, `${path}.${key}`);
        }
      }
      for (const k of ['items', 'anyOf', 'allOf']) {
        const v = n[k];
        if (Array.isArray(v)) v.forEach((x) => walk(x, path));
        else if (v) walk(v, path);
      }
    };
    walk(json, 'setup');
    expect(unlabelled).toEqual([]);
    // Both sides' fields, their model groups' and their weapons' were all seen.
    expect(checked).toBeGreaterThanOrEqual(2 * (6 + 15 + 4) + 3);
  });
});
