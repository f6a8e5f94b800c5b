import { z } from 'zod';

/**
 * The step protocol (ARCHITECTURE.md, "The step protocol"). At every state a rule system says
 * what it needs next as one of three kinds of step, which the one Wizard in the renderer knows how
 * to show. Steps are plain data, validated by these schemas where they cross the host boundary.
 */

export const roleSchema = z.enum(['attacker', 'defender']);
/** Which player: the one whose unit attacks, or the one whose unit is attacked. */
export type Role = z.infer<typeof roleSchema>;

/** Why a step asks what it asks: the rule, and the numbers that gave the result. */
export const reasonSchema = z.object({
  /** Where the rule comes from, e.g. "Wound roll (RULES §1)". */
  rule: z.string(),
  /** The arithmetic, e.g. "S5 vs T4: S > T → 3+". */
  detail: z.string(),
});
export type Reason = z.infer<typeof reasonSchema>;

/** The most dice one roll step takes (its `count`): what a table rolls in one go, and more. */
export const MAX_DICE_PER_ROLL = 200;

/**
 * One kind of dice in a roll step that takes several kinds at once (e.g. an attack's Damage D3 and
 * its Feel No Pain D6s). The input's dice are the groups' dice one after the other, in order.
 */
export const diceGroupSchema = z.object({
  /** Names the group within its step, e.g. "damage", "fnp". */
  id: z.string(),
  /** What the dice are for, as players say it, e.g. "Damage (D3)", "Feel No Pain 5+". */
  label: z.string(),
  count: z.number().int().min(1).max(MAX_DICE_PER_ROLL),
  sides: z.union([z.literal(3), z.literal(6)]),
  /** As on a roll step: each die of this group passes on this unmodified face or more. */
  passOn: z.number().int().min(1).max(7).optional(),
  criticalOn: z.number().int().min(2).max(6).optional(),
  needs: z.string(),
  /** How the group's dice are used, when it is not plain (e.g. "only as many as the damage rolled count"). */
  note: z.string().optional(),
  /**
   * A chained group: its dice are rolled after an earlier group of the same step, one die for each
   * of that group's dice that passes (`on: 'pass'`, "to wound: one die for each hit") or fails
   * (`on: 'fail'`, "a special save for each failed armour save") — as players roll an attack through
   * without stopping. `count` is then the most it can take (the earlier group's most); the dice it
   * takes are known once the earlier group's are in. The earlier group has a `passOn`.
   */
  per: z.object({ group: z.string(), on: z.enum(['pass', 'fail']) }).optional(),
  /**
   * Each die of the group stands for its own thing, in order (a save for a hit on this unit, then
   * one on that): which die passes changes what happens, not only how many. The whole-combat odds
   * then count each order of passes and fails apart.
   */
  ordered: z.boolean().optional(),
  /**
   * The player who rolls this group's dice, where one step's dice are rolled by both players (an
   * attack rolled through to the other side's saves, both sides striking at once, a flee and its
   * pursuit); absent: the step's actor. The screen then says both players roll.
   */
  roller: roleSchema.optional(),
  /**
   * The rules read only the total of the group's dice (a flee or pursuit distance), never which
   * faces made it: the whole-combat odds then count each total once (2D6: 11 totals, not 21 throws).
   */
  readsSum: z.boolean().optional(),
});
export type DiceGroup = z.infer<typeof diceGroupSchema>;

/** The most kinds of dice one roll step takes: every attack of a moment of the fight, rolled through. */
export const MAX_GROUPS_PER_ROLL = 48;

/** Every chained group follows, in the same step, a group that has a passing number. */
function chainsAreSound(
  groups: ReadonlyArray<{ id: string; passOn?: number | undefined; per?: { group: string } | undefined }>,
): boolean {
  return groups.every(
    (g, i) =>
      g.per === undefined ||
      groups.slice(0, i).some((earlier) => earlier.id === g.per!.group && earlier.passOn !== undefined),
  );
}

export const rollStepSchema = z
  .object({
    kind: z.literal('roll'),
    /** Unique within a combat; an input names it so a stale click cannot hit the wrong step. */
    id: z.string(),
    title: z.string(),
    actor: roleSchema,
    count: z.number().int().min(1).max(MAX_DICE_PER_ROLL),
    sides: z.union([z.literal(3), z.literal(6)]),
    /**
     * Each die passes on this unmodified face or more (the modifiers and the natural 1/6 rules are
     * already folded in). Absent when the roll is not pass/fail per die (damage, a 2D6 test).
     */
    passOn: z.number().int().min(1).max(7).optional(),
    /** Unmodified faces at or above this are criticals (absent when none count). */
    criticalOn: z.number().int().min(2).max(6).optional(),
    /** A short statement of what is needed, e.g. "3+", "2D6 ≤ 7". */
    needs: z.string(),
    why: z.array(reasonSchema),
    /** Anything else the players should know while rolling. */
    notes: z.array(z.string()).default([]),
    /**
     * Present when the step takes dice of several kinds at once: the groups, in the order their dice
     * are given. `count` is then their total, `sides` the largest of their sides, and `passOn` /
     * `criticalOn` are given per group instead.
     */
    groups: z.array(diceGroupSchema).min(1).max(MAX_GROUPS_PER_ROLL).optional(),
    /**
     * The system's promise that its rules read, of each chain of groups (a group and those chained on
     * it, one after another), only how the dice of the chain's last group fall: how many of the
     * earlier groups' dice passed along the way changes nothing the rules keep. The whole-combat
     * odds then count a chain of 16 attacks as the 153 ways its last dice can fall, not the 4,845
     * ways all four of its rolls can. The log still shows every roll as rolled.
     */
    readsChainEnds: z.boolean().optional(),
  })
  .refine((step) => chainsAreSound(step.groups ?? []), {
    message: 'a chained dice group must follow a group with a passing number',
    path: ['groups'],
  });
export type RollStep = z.infer<typeof rollStepSchema>;

export const optionSchema = z.object({
  id: z.string(),
  label: z.string(),
  detail: z.string().optional(),
  /** The option the app would pick (e.g. the better save); the player still decides. */
  suggested: z.boolean().optional(),
  /**
   * Taking this option pauses the combat here, to be fought on in a later turn ("Stop here: the
   * combat goes on next turn"): the words History and print give the paused combat, e.g. "paused
   * after round 1 — round 2 next turn". It is not an answer the rules take: the host keeps the
   * combat at this step, unfinished and undecided, and it is never the suggested option.
   */
  pause: z.string().optional(),
});
export type Option = z.infer<typeof optionSchema>;

export const chooseStepSchema = z.object({
  kind: z.literal('choose'),
  id: z.string(),
  title: z.string(),
  actor: roleSchema,
  prompt: z.string(),
  /** Only the legal options. */
  options: z.array(optionSchema).min(1),
  why: z.array(reasonSchema),
});
export type ChooseStep = z.infer<typeof chooseStepSchema>;

export const outcomeStepSchema = z.object({
  kind: z.literal('outcome'),
  id: z.string(),
  title: z.string(),
  /** The result and its arithmetic, one line each. */
  lines: z.array(z.string()),
  /** The combat is over: no further input is accepted. */
  final: z.boolean(),
});
export type OutcomeStep = z.infer<typeof outcomeStepSchema>;

export const stepSchema = z.discriminatedUnion('kind', [rollStepSchema, chooseStepSchema, outcomeStepSchema]);
export type Step = z.infer<typeof stepSchema>;

/** What a player gives back. Rolled dice are always recorded as faces, whoever rolled them. */
export const inputSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('roll'),
    stepId: z.string(),
    /**
     * The faces the rules use, one per die of the step (for a D3, 1 to 3). No step rolls more than
     * MAX_DICE_PER_ROLL, so no input needs more (a request of millions was checked die by die).
     */
    dice: z.array(z.number().int()).max(MAX_DICE_PER_ROLL, `expected at most ${MAX_DICE_PER_ROLL} dice in one roll`),
    /** `entered`: the players' physical dice; `rolled`: the app's seeded generator. */
    by: z.enum(['entered', 'rolled']),
    /**
     * Entered dice where the players rolled D6s and halved them for the D3s (D3 = ceil(D6/2), RULES
     * common rules): the D6 faces as typed, one per die of `dice` (a D6 of the step is typed as
     * itself). Absent when the D3s were typed as D3s. Kept so the log shows both.
     */
    typed: z
      .array(z.number().int())
      .max(MAX_DICE_PER_ROLL, `expected at most ${MAX_DICE_PER_ROLL} dice in one roll`)
      .optional(),
  }),
  z.object({ kind: z.literal('choose'), stepId: z.string(), option: z.string() }),
  z.object({ kind: z.literal('continue'), stepId: z.string() }),
]);
export type Input = z.infer<typeof inputSchema>;

/** Where the combat waits at a round's end that the players may pause at (an option's `pause`), the pause's words. */
export function pausedAt(step: Step): { paused?: string } {
  const pause = step.kind === 'choose' ? step.options.find((o) => o.pause)?.pause : undefined;
  return pause ? { paused: pause } : {};
}
