import { z } from 'zod';
import { flag, listOf, nameText, oneOf, rollNeeded, strictObject, wholeNumber } from '../../validation/fields';

/**
 * Epic Armageddon: what one assault starts from (seed 003, RULES.md §4, the scenario format of
 * SCENARIOS.md §1 without `seed`/`dice`). Two formations, each a list of unit entries NEAREST
 * FIRST (the order hits are allocated in), how each entry is engaged after charges and
 * counter-charges, Blast markers and Broken, and the units of other formations that give
 * supporting fire. Table facts (who is in contact, who is within 15cm) are the players' to give.
 */

export const unitTypes = ['infantry', 'light-vehicle', 'armoured-vehicle', 'war-engine'] as const;
export type UnitType = (typeof unitTypes)[number];

export const engagements = ['contact', 'firefight', 'none'] as const;
export type Engagement = (typeof engagements)[number];

/** A formation of more units than this is refused: far beyond any Epic formation, and it keeps every step and the odds bounded. */
export const MAX_FORMATION_UNITS = 40;

const value = (title: string, description: string) => rollNeeded(2, 6).nullable().meta({ title, description });

export const weaponSchema = strictObject({
  name: nameText().meta({ title: 'Weapon', description: 'as on the datasheet, e.g. "Chainswords"' }),
  use: oneOf(['cc', 'ff'] as const).meta({
    title: 'Used',
    description: 'cc: in base contact (assault weapons); ff: in a firefight and in supporting fire (small arms)',
  }),
  extraAttacks: wholeNumber(1, 10).meta({
    title: 'Extra Attacks',
    description: 'the x of "Extra Attacks (+x)": more attack dice per unit, rolled against its CC (or FF)',
  }),
  macroWeapon: flag().meta({ title: 'Macro-weapon', description: 'its extra attacks are Macro-weapon hits' }),
  firstStrike: flag().meta({
    title: 'First Strike',
    description: 'its extra attacks strike before every other attack',
  }),
});
export type Weapon = z.infer<typeof weaponSchema>;

export const unitSchema = strictObject({
  name: nameText().meta({ title: 'Unit name', description: 'as on the datasheet, e.g. "Tactical Marines"' }),
  count: wholeNumber(1, MAX_FORMATION_UNITS)
    .default(1)
    .meta({ title: 'Units', description: 'identical units in this entry (a war engine entry must be 1)' }),
  type: oneOf(unitTypes).default('infantry').meta({
    title: 'Type',
    description: 'infantry (INF), light vehicle (LV), armoured vehicle (AV) or war engine (WE)',
  }),
  armour: value('Armour', '4 means a 4+ save; empty: no save'),
  cc: value('Close Combat (CC)', '3 means 3+; used in base contact; empty: none'),
  ff: value('Firefight (FF)', '5 means 5+; used within 15cm with a line of fire; empty: none'),
  engaged: oneOf(engagements).default('contact').meta({
    title: 'Engaged',
    description:
      'contact: in base contact (CC); firefight: within 15cm with a line of fire (FF); none: not directly engaged',
  }),
  weapons: listOf(weaponSchema.meta({ title: 'Weapon' }), 0, 10, 'weapons')
    .default([])
    .meta({ title: 'Weapons with Extra Attacks', description: 'assault weapons and small arms that add attack dice' }),
  reinforcedArmour: flag().meta({
    title: 'Reinforced Armour',
    description: 're-roll a failed save; against a Macro-weapon: one armour save, no re-roll',
  }),
  invulnerable: flag().meta({
    title: 'Invulnerable Save',
    description: 'a further 6+ save after a failed save, even against Macro-weapons',
  }),
  fearless: flag().meta({ title: 'Fearless', description: 'ignores the extra hits for losing the assault' }),
  inspiring: flag().meta({
    title: 'Inspiring',
    description: '+1 to the assault result while it survives and is engaged',
  }),
  cover: rollNeeded(2, 6).nullable().default(null).meta({
    title: 'Cover save',
    description:
      'of the terrain it stands in (4 means 4+); used only by infantry of the defending formation, when better than its armour',
  }),
  damageCapacity: wholeNumber(1, 20)
    .default(1)
    .meta({ title: 'Damage Capacity (DC)', description: 'war engines only' }),
});
export type Unit = z.infer<typeof unitSchema>;

export const supportSchema = strictObject({
  name: nameText().meta({
    title: 'Unit name',
    description: 'a unit of another formation within 15cm of a directly engaged enemy, with a line of fire',
  }),
  count: wholeNumber(1, MAX_FORMATION_UNITS)
    .default(1)
    .meta({ title: 'Units', description: 'identical units in this entry' }),
  ff: value('Firefight (FF)', '3 means 3+; empty: none'),
  weapons: listOf(weaponSchema.meta({ title: 'Weapon' }), 0, 10, 'weapons')
    .default([])
    .meta({ title: 'Weapons with Extra Attacks', description: 'small arms (ff) that add supporting fire dice' }),
  inspiring: flag().meta({ title: 'Inspiring', description: '+1 to the assault result' }),
  broken: flag().meta({
    title: 'Broken',
    description: 'its formation is Broken: it is listed but gives no supporting fire',
  }),
  marched: flag().meta({
    title: 'Marched',
    description: 'its formation made a march move this turn: it is listed but gives no supporting fire',
  }),
});
export type Support = z.infer<typeof supportSchema>;

export const sideSchema = strictObject({
  name: nameText().meta({ title: 'Player or army', description: 'e.g. "Space Marines"' }),
  formation: nameText().meta({ title: 'Formation', description: 'e.g. "Assault detachment"' }),
  blastMarkers: wholeNumber(0, 99)
    .default(0)
    .meta({ title: 'Blast markers', description: 'on the formation before the assault' }),
  broken: flag().meta({
    title: 'Broken',
    description: 'a Broken formation counts as many Blast markers as it has units left',
  }),
  knowNoFear: flag().meta({
    title: 'They Shall Know No Fear',
    description:
      'Space Marines and their allies: losing an assault, the formation takes half the extra hits (rounding down); it counts half its Blast markers (rounding down) in the assault result',
  }),
  units: listOf(unitSchema.meta({ title: 'Unit' }), 1, 30, 'unit entries').meta({
    title: 'Units, nearest first',
    description:
      'hits go to units in base contact first, then to those in a firefight, nearest first (in this order) within each',
  }),
  support: listOf(supportSchema.meta({ title: 'Supporting unit' }), 0, 10, 'supporting units')
    .default([])
    .meta({
      title: 'Supporting fire',
      description:
        'units of other formations within 15cm of a directly engaged enemy, with a line of fire (A5); those of a Broken formation or one that marched are kept out of it',
    }),
});
export type Side = z.infer<typeof sideSchema>;

export const roles = ['attacker', 'defender'] as const;

export const setupSchema = strictObject({
  system: z
    .literal('epic-armageddon', { error: 'expected "epic-armageddon"' })
    .meta({ title: 'Rule system', description: 'epic-armageddon' }),
  attacker: sideSchema.meta({ title: 'Attacker', description: 'the formation that charged' }),
  defender: sideSchema.meta({ title: 'Defender', description: 'the formation that was charged' }),
}).superRefine((setup, ctx) => {
  for (const role of roles) {
    const side = setup[role];
    const total = side.units.reduce((n, u) => n + u.count, 0);
    if (total > MAX_FORMATION_UNITS) {
      ctx.addIssue({
        code: 'custom',
        path: [role, 'units'],
        message: `expected at most ${MAX_FORMATION_UNITS} units in a formation, not ${total}`,
      });
    }
    side.units.forEach((u, i) => {
      // SCENARIOS §1: a war engine entry must be 1 (each engine has its own damage capacity).
      if (u.type === 'war-engine' && u.count > 1) {
        ctx.addIssue({
          code: 'custom',
          path: [role, 'units', i, 'count'],
          message: 'expected 1: a war engine entry is a single war engine (enter each one separately)',
        });
      }
      if (u.type !== 'war-engine' && u.damageCapacity !== 1) {
        ctx.addIssue({
          code: 'custom',
          path: [role, 'units', i, 'damageCapacity'],
          message: 'expected 1 or nothing: only war engines have a damage capacity',
        });
      }
    });
    side.support.forEach((s, i) => {
      s.weapons.forEach((w, j) => {
        if (w.use !== 'ff')
          ctx.addIssue({
            code: 'custom',
            path: [role, 'support', i, 'weapons', j, 'use'],
            message: 'expected ff: supporting fire uses Firefight weapons only',
          });
      });
    });
  }
  // Seed 003: the attacker charged, so at least one of its units is directly engaged.
  if (!setup.attacker.units.some((u) => u.engaged !== 'none')) {
    ctx.addIssue({
      code: 'custom',
      path: ['attacker', 'units'],
      message: 'expected at least one attacking unit directly engaged (contact or firefight): the attacker charged',
    });
  }
});
export type Setup = z.infer<typeof setupSchema>;
export type SetupInput = z.input<typeof setupSchema>;
