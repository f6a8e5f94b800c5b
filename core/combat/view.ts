import { z } from 'zod';
import { reasonSchema, roleSchema } from './steps';

/** What every system shows of a combat in progress, whatever its rules (validated at the host boundary). */
export const modelViewSchema = z.object({
  /** Stable within the combat, so the UI can follow a model. */
  id: z.string(),
  name: z.string(),
  wounds: z.number().int(),
  woundsLeft: z.number().int().min(0),
  destroyed: z.boolean(),
  /** A character (a hero in a unit): drawn and listed apart from the rank and file. */
  character: z.boolean().default(false),
  /**
   * Models with the same group are identical but for their wounds (one profile of a mixed unit):
   * a picture may draw them together, with the tags they share once.
   */
  group: z.object({ id: z.string(), name: z.string() }).optional(),
  /** Short facts shown beside the model (e.g. "Sv 3+", "4++"). */
  tags: z.array(z.string()),
  /**
   * How it takes part in an assault (games of formations, e.g. Epic Armageddon): in base contact,
   * in a firefight, not directly engaged, or giving supporting fire from another formation. A side
   * whose models say this is drawn as a picture of its formation, nearest first.
   */
  engagement: z.enum(['contact', 'firefight', 'none', 'support']).optional(),
  /** Hits it has taken in this combat so far: how many, how many it saved, how many still wait for their save. */
  hits: z
    .object({ taken: z.number().int().min(0), saved: z.number().int().min(0), pending: z.number().int().min(0) })
    .optional(),
});
export type ModelView = z.infer<typeof modelViewSchema>;

/** How a ranked unit stands (ranks games only): what a rank diagram draws. */
export const formationSchema = z.object({
  rankWidth: z.number().int().min(1),
  /** Rank-and-file still standing. */
  rankAndFile: z.number().int().min(0),
  startingModels: z.number().int().min(0),
  /** Characters fighting in the front rank. */
  characters: z.number().int().min(0),
  /** Unit Strength, for the games that count it (6th edition); absent where the game has no such term (The Ninth Age). */
  unitStrength: z.number().int().min(0).optional(),
  /** Ranks that count for the rank bonus as the unit stands now (the system's rule: 4+ models in 6th edition). */
  countingRanks: z.number().int().min(0),
  /** The rank bonus those ranks would give (0 for units that never count ranks, or while they are cancelled). */
  rankBonus: z.number().int().min(0),
  /** Why the ranks give nothing now, when they would otherwise (e.g. an enemy in its flank). */
  rankNote: z.string().optional(),
  /** "fighting", "fled", "caught and destroyed"… */
  status: z.string(),
  /** Still in the combat or following it up (pursuing, overrunning): false once it fled or was destroyed. */
  inCombat: z.boolean(),
  /** Nothing of the unit is left on the table (destroyed, or caught by a pursuit). */
  wipedOut: z.boolean(),
  /** The system's rank rule in words, for the diagram's key. */
  rankRule: z.string(),
  /** The facing of the enemy it fights in (front, flank or rear). */
  facing: z.string(),
});
export type Formation = z.infer<typeof formationSchema>;

export const unitViewSchema = z.object({
  name: z.string(),
  models: z.array(modelViewSchema),
  formation: formationSchema.optional(),
  /** Short facts about the unit as a whole, shown beside its name (e.g. "in base contact", "2 hits taken", "Broken"). */
  notes: z.array(z.string()).optional(),
});
export type UnitView = z.infer<typeof unitViewSchema>;

export const logLineSchema = z.object({
  stepId: z.string(),
  actor: roleSchema,
  title: z.string(),
  /** The dice as rolled, where the step was a roll. */
  dice: z.array(z.number().int()).optional(),
  /** Where the players rolled D6s and halved them for D3s: the D6 faces as typed (`dice` has the D3 results). */
  typed: z.array(z.number().int()).optional(),
  /** What came of it, e.g. "6 hits (2 critical)". */
  result: z.string(),
  why: z.array(reasonSchema).optional(),
});
export type LogLine = z.infer<typeof logLineSchema>;

const sideSchema = z.object({
  name: z.string(),
  units: z.array(unitViewSchema),
  /** Facts about the whole side (e.g. "2 Blast markers", "Broken", "charged"). */
  notes: z.array(z.string()).optional(),
  /** Blast markers on the side's formation (Epic Armageddon), drawn as markers. */
  blastMarkers: z.number().int().min(0).optional(),
  /** The side's formation is Broken. */
  broken: z.boolean().optional(),
});

export const combatViewSchema = z.object({
  sides: z.object({ attacker: sideSchema, defender: sideSchema }),
  /** What has happened, one line per resolved step, oldest first. */
  log: z.array(logLineSchema),
  /** Where the combat stands now, one short line each (e.g. "Round 2 · Initiative step 4", "Wound pools: 3 × S4 AP–, 2 × S8 AP2"). */
  status: z.array(z.string()).optional(),
});
export type CombatView = z.infer<typeof combatViewSchema>;
