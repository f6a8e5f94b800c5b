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
  /** Mortal wounds from other sources still to apply, one at a time, spilling over. */
  mortalWoundsPending: number;
  /** Already lost so far (for the totals: the analysis adds these to what is to come). */
  modelsDestroyed: number;
  woundsLost: number;
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
    mortalWoundsPending: 0,
    modelsDestroyed: 0,
    woundsLost: 0,
  };
}
