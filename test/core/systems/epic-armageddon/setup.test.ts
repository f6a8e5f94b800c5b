import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldProblems } from '../../../../core/validation/issues';
import {
  setupSchema,
  sideSchema,
  supportSchema,
  unitSchema,
  weaponSchema,
} from '../../../../core/systems/epic-armageddon/setup';

/** The setup is exactly SCENARIOS.md §1's scenario format (without seed/dice); bad input is refused in words naming the field. */

const base = () => ({
  system: 'epic-armageddon',
  attacker: {
    name: 'Space Marines',
    formation: 'Assault detachment',
    units: [{ name: 'Assault Marines', armour: 4, cc: 3, ff: 5 }],
  },
  defender: { name: 'Orks', formation: 'Warband', units: [{ name: 'Boyz', count: 4, armour: 6, cc: 4, ff: 6 }] },
});

const problems = (input: unknown) => {
  const r = setupSchema.safeParse(input);
  expect(r.success).toBe(false);
  return r.success ? [] : fieldProblems(r.error).map((p) => p.message);
};

describe('Epic setup (SCENARIOS §1)', () => {
  it('fills every default of SCENARIOS §1', () => {
    const s = setupSchema.parse(base());
    expect(s.attacker).toMatchObject({ blastMarkers: 0, broken: false, support: [] });
    expect(s.attacker.units[0]).toEqual({
      name: 'Assault Marines',
      count: 1,
      type: 'infantry',
      armour: 4,
      cc: 3,
      ff: 5,
      engaged: 'contact',
      weapons: [],
      reinforcedArmour: false,
      invulnerable: false,
      fearless: false,
      inspiring: false,
      cover: null,
      damageCapacity: 1,
    });
    const w = weaponSchema.parse({ name: 'Chainswords', use: 'cc', extraAttacks: 1 });
    expect(w).toEqual({ name: 'Chainswords', use: 'cc', extraAttacks: 1, macroWeapon: false, firstStrike: false });
    expect(supportSchema.parse({ name: 'Devastators', ff: 3 })).toEqual({
      name: 'Devastators',
      count: 1,
      ff: 3,
      weapons: [],
      inspiring: false,
      broken: false,
      marched: false,
    });
  });

  it('takes null for no save, no CC, no FF', () => {
    const s = setupSchema.parse({
      ...base(),
      defender: { name: 'Grots', formation: 'Mob', units: [{ name: 'Grots', armour: null, cc: null, ff: 6 }] },
    });
    expect(s.defender.units[0]).toMatchObject({ armour: null, cc: null, ff: 6 });
  });

  it('refuses a war engine entry with a count over 1, naming the field', () => {
    const bad = base();
    bad.defender.units.push({
      name: 'Gargants',
      count: 2,
      type: 'war-engine',
      damageCapacity: 4,
      armour: 4,
      cc: 3,
      ff: 4,
    } as never);
    expect(problems(bad)).toContain(
      'defender.units[1].count: expected 1: a war engine entry is a single war engine (enter each one separately)',
    );
  });

  it('refuses a CC of 7 in words', () => {
    const bad = base();
    (bad.attacker.units[0] as Record<string, unknown>)['cc'] = 7;
    expect(problems(bad)).toEqual(['attacker.units[0].cc: expected a roll from 2+ to 6+, written as 2 to 6']);
  });

  it('refuses an empty unit list', () => {
    const bad = base();
    bad.defender.units = [];
    expect(problems(bad)).toEqual(['defender.units: expected at least 1 unit entries']);
  });

  it('accepts a supporting unit of a Broken formation, or of one that marched: it is listed, and left out of supporting fire (RULES §4 A5)', () => {
    // Issue 25: the scenario format gives these units their fields so that they are accepted and left out, not refused.
    const broken = {
      ...base(),
      attacker: { ...base().attacker, support: [{ name: 'Devastators', ff: 3, broken: true }] },
    };
    expect(setupSchema.safeParse(broken).success).toBe(true);
    const marched = {
      ...base(),
      defender: { ...base().defender, support: [{ name: 'Shootas', ff: 5, marched: true }] },
    };
    expect(setupSchema.safeParse(marched).success).toBe(true);
  });

  it('refuses unknown fields, a damage capacity on a unit that is no war engine, a close combat weapon in support', () => {
    expect(problems({ ...base(), rounds: 2 })).toEqual(['rounds: unknown field']);
    const dc = base();
    (dc.attacker.units[0] as Record<string, unknown>)['damageCapacity'] = 3;
    expect(problems(dc)).toEqual([
      'attacker.units[0].damageCapacity: expected 1 or nothing: only war engines have a damage capacity',
    ]);
    const cc = {
      ...base(),
      attacker: {
        ...base().attacker,
        support: [{ name: 'Terminators', ff: 4, weapons: [{ name: 'Power fists', use: 'cc', extraAttacks: 1 }] }],
      },
    };
    expect(problems(cc)).toEqual([
      'attacker.support[0].weapons[0].use: expected ff: supporting fire uses Firefight weapons only',
    ]);
  });

  it('refuses an assault with no attacking unit directly engaged (seed 003: the attacker charged), and formations over 40 units', () => {
    const none = base();
    (none.attacker.units[0] as Record<string, unknown>)['engaged'] = 'none';
    expect(problems(none)).toEqual([
      'attacker.units: expected at least one attacking unit directly engaged (contact or firefight): the attacker charged',
    ]);
    const big = base();
    big.defender.units = [
      { name: 'Boyz', count: 30, armour: 6, cc: 4, ff: 6 },
      { name: 'Grots', count: 11, armour: null, cc: 6, ff: 5 } as never,
    ];
    expect(problems(big)).toEqual(['defender.units: expected at most 40 units in a formation, not 41']);
  });

  it('names each field wrong, in words, never "Invalid input"', () => {
    const bad = {
      system: 'epic-armageddon',
      attacker: {
        name: '',
        formation: 'x',
        units: [{ name: 'A', armour: 1, cc: 'three', ff: 4, type: 'titan', engaged: 'near' }],
      },
      defender: 4,
    };
    const messages = problems(bad);
    expect(messages).toEqual(
      expect.arrayContaining([
        'attacker.name: expected a name',
        'attacker.units[0].armour: expected a roll from 2+ to 6+, written as 2 to 6',
        'attacker.units[0].cc: expected a roll from 2+ to 6+, written as 2 to 6',
        'attacker.units[0].type: expected one of infantry, light-vehicle, armoured-vehicle, war-engine',
        'attacker.units[0].engaged: expected one of contact, firefight, none',
        'defender: expected an object',
      ]),
    );
    expect(messages.join(' ')).not.toMatch(/Invalid input/);
  });

  it('gives every field a label players know (title and description) for the shared forms', () => {
    const shapes: Array<[string, Record<string, z.ZodType>]> = [
      ['unit', unitSchema.shape],
      ['weapon', weaponSchema.shape],
      ['support', supportSchema.shape],
      ['side', sideSchema.shape],
    ];
    for (const [what, shape] of shapes) {
      for (const [key, field] of Object.entries(shape)) {
        const meta = field.meta() as { title?: string; description?: string } | undefined;
        expect(meta?.title, `${what}.${key} has a title`).toBeTruthy();
        expect(meta?.description, `${what}.${key} has a description`).toBeTruthy();
      }
    }
    expect((unitSchema.shape.cc.meta() as { title: string }).title).toBe('Close Combat (CC)');
  });
});
