import type { Setup } from './profiles';

/**
 * Where a 10th edition combat stands, in the terms the exact analysis needs: the target's models
 * as they are now, and what is still to be resolved. The engine produces it from any state
 * (`situationOf` in steps.ts); core/analysis/wh40k-10e computes the exact distribution of the final
 * result from it. At the start of a combat it is `startSituation(setup)`.
 *
 * Allocation policy of the analysis (and the wizard's suggested option): a model that has lost
 * wounds or had an attack allocated takes the next one (seed 001); otherwise the lowest index in
 * `models` that is not a character (characters only when nothing else is left, or by a Precision
 * attack — assumed to go to the non-character models too, the conservative choice).
 *
 * At a choose step the Situation is the state before the choice; the analysis continues with the
 * option the step suggests (this policy for allocation, the better save for armour vs
 * invulnerable, "re-roll the failed dice only" for 'all' re-rolls — see `rerollChoice`).
 * Toughness for the wound roll: the highest T among the alive non-character models; if only
 * characters are left, the highest T among them (abilities.ts targetToughness).
 */
export interface ModelState {
  /** Index into setup.defender.models (the group the model belongs to). */
  group: number;
  woundsLeft: number;
  /** Had an attack allocated this phase (it must take the next one). */
  allocated: boolean;
}

/** Part-way through one weapon profile: pools of dice not yet rolled, at each stage. */
export interface WeaponProgress {
  weapon: number;
  /** Attack count still to be rolled (random attacks not yet rolled): number of models whose attacks are unknown. */
  attackRollsPending: number;
  /** Attacks whose hit roll is still to be made (re-rolls allowed as the weapon says). */
  hitsToRoll: number;
  /** Hit dice still to be re-rolled (a re-rolled die is never re-rolled again). */
  hitRerollsPending: number;
  /** Hits whose wound roll is still to be made (from successful hits and Sustained Hits). */
  woundsToRoll: number;
  woundRerollsPending: number;
  /** Critical Hits with Sustained Hits X whose X extra hits are still to be rolled (X is dice). */
  sustainedRollsPending: number;
  /** Successful wounds awaiting allocation, save and damage (includes Lethal Hits auto-wounds). */
  savesToMake: number;
  /** Failed saves whose damage is still to be rolled/applied (with Feel No Pain). */
  damageToApply: number;
  /**
   * Extension (optional, absent = 0): models whose Rapid Fire X bonus attacks (X dice) are still
   * to be rolled; add X attacks per such model to `hitsToRoll`. While `attackRollsPending > 0`
   * nothing of the weapon is rolled yet: Blast and fixed Rapid Fire are already in `hitsToRoll`,
   * to which the attacks of `attackRollsPending` models are to be added.
   */
  rapidFireRollsPending?: number;
  /**
   * Extension (optional): an 'all' re-roll waiting for the attacker's decision. The counts above
   * already show the suggested option (re-roll the failed dice only: they are in
   * `hitRerollsPending`/`woundRerollsPending`, and the `successes` non-critical successes are
   * counted in `woundsToRoll` (hit stage) or `savesToMake` (wound stage)). The other option moves
   * those `successes` to the re-roll count.
   */
  rerollChoice?: { stage: 'hit' | 'wound'; successes: number };
  /**
   * Extension (optional): the saves of this profile are rolled together (fast dice rolling) and
   * the defender has chosen this save for all of `savesToMake` (and `saveRerollsPending`); absent =
   * the better save (the suggested option), as when the saves are made one at a time (see
   * `Resolving.save`).
   */
  chosenSave?: 'armour' | 'invulnerable';
  /**
   * Extension (optional, absent = 0): saves rolled together whose dice are being re-rolled (the
   * target's save re-roll, WH40K10-MODIFIERS.md): each is a saving throw still to make that is
   * never re-rolled again. Their first roll's other failures are already in `damageToApply`.
   */
  saveRerollsPending?: number;
}

/**
 * Extension (optional): the one attack or mortal wound being resolved one at a time right now —
 * the first of `current.savesToMake` (before its save) or `current.damageToApply` (after a failed
 * save), else of `devastatingPending`, else of `mortalWoundsPending`; it is still counted there.
 * `target`: the model it is allocated to (already marked `allocated`); absent until allocated.
 * `save`: the save chosen for it, when chosen. `saveRerolled`: its first save die failed and the
 * save still to roll is the re-roll (no further re-roll). `damage`: its Damage when fully known,
 * after the damage re-roll, Melta, halving and −1 Damage (1 for a mortal wound) — only Feel No
 * Pain and the loss of wounds remain. `damageRoll`: while the weapon's Damage waits for its
 * re-roll, what is left of it: the dice expression `rest` still to roll (the kept faces in its
 * modifier; its value counts at least 0) plus the Melta X already rolled, `plus`; the target's
 * halving and −1 Damage then apply to the sum.
 * An attack is after its failed save exactly when `current.damageToApply > 0` (the engine resolves
 * failed saves before anything else of the weapon).
 */
export interface Resolving {
  source: 'attack' | 'devastating' | 'mortal';
  target?: number;
  save?: 'armour' | 'invulnerable';
  saveRerolled?: boolean;
  damage?: number;
  damageRoll?: { rest: string; plus: number };
}

export interface Situation {
  setup: Setup;
  models: ModelState[];
  /** The weapon in progress, if one is part-way. */
  current: WeaponProgress | null;
  /** Weapons (indices into setup.attacker.weapons) not started yet, in order. */
  nextWeapons: number[];
  /**
   * Critical wounds from Devastating Wounds awaiting their mortal wounds (D each, excess lost),
   * per weapon index: resolved after all normal damage (seed 001).
   */
  devastatingPending: Array<{ weapon: number; count: number }>;
  /**
   * Mortal wounds from other sources still to apply, one at a time, spilling over; at the start
   * `setup.attacker.mortalWounds` (after Devastating Wounds, seed 001).
   */
  mortalWoundsPending: number;
  /** Already lost so far (for the totals: the analysis adds these to what is to come). */
  modelsDestroyed: number;
  woundsLost: number;
  /** Extension (optional): see Resolving. */
  resolving?: Resolving;
}

/** Expands the target unit's model groups into one entry per model, in the order given. */
export function startSituation(setup: Setup): Situation {
  const models: ModelState[] = [];
  setup.defender.models.forEach((group, index) => {
    for (let i = 0; i < group.count; i++) models.push({ group: index, woundsLeft: group.wounds, allocated: false });
  });
  return {
    setup,
    models,
    current: null,
    nextWeapons: setup.attacker.weapons.map((_, i) => i),
    devastatingPending: [],
    mortalWoundsPending: setup.attacker.mortalWounds,
    modelsDestroyed: 0,
    woundsLost: 0,
  };
}
