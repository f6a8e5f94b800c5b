import { z } from 'zod';

/**
 * The "old world" ranks game (Warhammer Fantasy Battle 6th edition, seed 002 and RULES.md §3):
 * what a close combat starts from. Two sides, each with one or more units in the same combat
 * (the main unit first, then flankers), each unit a block of rank-and-file with characters in its
 * front rank. The attacker is the side whose turn it is (it usually charged).
 */

const stat = (what: string, min: number, max: number) =>
  z
    .number({ error: `expected ${what} as a number from ${min} to ${max}` })
    .int(`expected ${what} as a whole number`)
    .min(min, `expected ${what} from ${min} to ${max}`)
    .max(max, `expected ${what} from ${min} to ${max}`);

/** Unit Strength per model comes from the troop type (RULES §3). */
export const troopTypes = ['infantry', 'cavalry', 'large', 'monster'] as const;
export const troopTypeSchema = z.enum(troopTypes, { error: 'expected a troop type: infantry, cavalry, large or monster' });
export type TroopType = z.infer<typeof troopTypeSchema>;

/** A model's profile as it fights: Strength includes its close combat weapon. */
export const profileSchema = z
  .object({
    movement: stat('Movement', 1, 12),
    weaponSkill: stat('Weapon Skill', 1, 10),
    strength: stat('Strength', 1, 10),
    toughness: stat('Toughness', 1, 10),
    wounds: stat('Wounds', 1, 10),
    initiative: stat('Initiative', 1, 10),
    attacks: stat('Attacks', 0, 10),
    leadership: stat('Leadership', 1, 10),
    /** Armour save as the number before "+" (1 for 1+ with barding and shield; 7 = none). */
    armour: stat('armour save', 1, 7).default(7),
    /** Ward save (never modified); null = none. */
    ward: stat('ward save', 2, 6).nullable().default(null),
    troopType: troopTypeSchema.default('infantry'),
  })
  .strict();
export type Profile = z.infer<typeof profileSchema>;

export const characterSchema = z
  .object({
    name: z.string().trim().min(1, 'expected a name').max(80),
    profile: profileSchema,
  })
  .strict();
export type Character = z.infer<typeof characterSchema>;

export const facings = ['front', 'flank', 'rear'] as const;
export type Facing = (typeof facings)[number];

export const unitSchema = z
  .object({
    name: z.string().trim().min(1, 'expected a name').max(80),
    /** The rank-and-file profile. */
    profile: profileSchema,
    /** Rank-and-file models at the start of the combat (0: a lone character or a monster with a rider counts as its characters). */
    models: stat('models', 0, 200),
    /** Wounds already lost by the rank-and-file before this combat (a partly wounded model counts first). */
    woundsLost: stat('wounds lost', 0, 2000).default(0),
    /** Models per rank. */
    rankWidth: stat('rank width', 1, 20).default(5),
    characters: z.array(characterSchema).max(4, 'expected at most 4 characters in a unit').default([]),
    standard: z.boolean().default(false),
    musician: z.boolean().default(false),
    /** The army's battle standard is carried in this unit (counts as a standard in the front rank). */
    battleStandard: z.boolean().default(false),
    /** Charged this turn: strikes first in the first round (seed 002, Order of Combat). */
    charged: z.boolean().default(false),
    highGround: z.boolean().default(false),
    /** Behind or in a defended obstacle: enemies hit it only on 6s until they win a round. */
    defendedObstacle: z.boolean().default(false),
    /** Fast cavalry or skirmishers: no rank bonus (RULES §3). */
    noRankBonus: z.boolean().default(false),
    causesFear: z.boolean().default(false),
    causesTerror: z.boolean().default(false),
    stubborn: z.boolean().default(false),
    unbreakable: z.boolean().default(false),
    immuneToPsychology: z.boolean().default(false),
    /** Which enemy unit it fights (index into the other side's units). */
    target: stat('target', 0, 7).default(0),
    /** Which facing of that enemy unit it is in contact with. */
    facing: z.enum(facings, { error: 'expected front, flank or rear' }).default('front'),
    /**
     * A character of the enemy unit it fights that its models direct their attacks at (index into
     * that unit's characters): models in base contact with a character may attack him rather than
     * the rank and file (6th edition). Null: the rank and file. Excess wounds on him are lost.
     */
    attacksAt: stat('attacked character', 0, 3).nullable().default(null),
    /** Rank-and-file models in base contact; null = a whole front rank. */
    inContact: stat('models in contact', 0, 20).nullable().default(null),
  })
  .strict();
export type Unit = z.infer<typeof unitSchema>;

/** A friendly unit outside the combat that may have to test for panic (RULES §3). */
export const nearbySchema = z
  .object({
    name: z.string().trim().min(1, 'expected a name').max(80),
    leadership: stat('Leadership', 1, 10),
    movement: stat('Movement', 1, 12).default(4),
    immuneToPsychology: z.boolean().default(false),
  })
  .strict();
export type Nearby = z.infer<typeof nearbySchema>;

export const sideSchema = z
  .object({
    /** The player or army, e.g. "Empire". */
    name: z.string().trim().min(1, 'expected a name').max(80),
    units: z.array(unitSchema).min(1, 'expected at least one unit').max(4, 'expected at most 4 units a side'),
    nearby: z.array(nearbySchema).max(8).default([]),
  })
  .strict();
export type Side = z.infer<typeof sideSchema>;

/** A challenge between one character of each side (RULES §3: overkill counts only here). */
export const challengeSchema = z
  .object({
    attacker: z.object({ unit: stat('unit', 0, 3), character: stat('character', 0, 3) }).strict(),
    defender: z.object({ unit: stat('unit', 0, 3), character: stat('character', 0, 3) }).strict(),
  })
  .strict();
export type Challenge = z.infer<typeof challengeSchema>;

export const setupSchema = z
  .object({
    system: z.literal('old-world'),
    attacker: sideSchema,
    defender: sideSchema,
    challenge: challengeSchema.nullable().default(null),
    /** RULES §3 (choice): a break test of double 1 always holds. */
    insaneCourage: z.boolean().default(true),
    /** Starting round number (1 = the charge round: chargers strike first, overrun is possible). */
    round: stat('round', 1, 20).default(1),
    /** Who won the previous round, for Initiative ties when the combat started earlier. */
    previousWinner: z.enum(['attacker', 'defender']).nullable().default(null),
  })
  .strict()
  .superRefine((setup, ctx) => {
    for (const role of ['attacker', 'defender'] as const) {
      const other = role === 'attacker' ? 'defender' : 'attacker';
      setup[role].units.forEach((u, i) => {
        if (u.target >= setup[other].units.length) {
          ctx.addIssue({ code: 'custom', path: [role, 'units', i, 'target'], message: `expected the number of an enemy unit from 0 to ${setup[other].units.length - 1}` });
        }
        const foe = setup[other].units[u.target];
        if (u.attacksAt !== null && foe && !foe.characters[u.attacksAt]) {
          ctx.addIssue({ code: 'custom', path: [role, 'units', i, 'attacksAt'], message: `expected a character of ${foe.name}` });
        }
        if (u.models === 0 && u.characters.length === 0) {
          ctx.addIssue({ code: 'custom', path: [role, 'units', i, 'models'], message: 'expected at least one model or one character' });
        }
        if (u.woundsLost >= u.models * u.profile.wounds && u.models > 0) {
          ctx.addIssue({ code: 'custom', path: [role, 'units', i, 'woundsLost'], message: 'expected fewer wounds lost than the unit has' });
        }
      });
    }
    const c = setup.challenge;
    if (c) {
      for (const role of ['attacker', 'defender'] as const) {
        const unit = setup[role].units[c[role].unit];
        if (!unit || !unit.characters[c[role].character]) {
          ctx.addIssue({ code: 'custom', path: ['challenge', role], message: 'expected a character of that side in the challenge' });
        }
      }
    }
  });
export type Setup = z.infer<typeof setupSchema>;
export type SetupInput = z.input<typeof setupSchema>;
