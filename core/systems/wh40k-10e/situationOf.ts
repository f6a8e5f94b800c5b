import { damageDice } from './abilities';
import { damageRerollIndices, restExpression } from './damageRoll';
import type { Resolving as SituationResolving, Situation } from './situation';
import type { State } from './state';

/**
 * The Situation (situation.ts) of any state: the target's models as they are, and what is still
 * to be resolved, so the exact analysis can continue from here.
 */
export function situationOf(state: State): Situation {
  const run = state.run;
  const situation: Situation = {
    setup: state.setup,
    models: state.models.map((m) => ({ ...m })),
    current: run
      ? {
          weapon: run.weapon,
          attackRollsPending: run.attackRollsPending,
          hitsToRoll: run.hitsToRoll,
          hitRerollsPending: run.hitRerollsPending,
          woundsToRoll: run.woundsToRoll,
          woundRerollsPending: run.woundRerollsPending,
          sustainedRollsPending: run.sustainedRollsPending,
          savesToMake: run.savesToMake,
          damageToApply: run.damageToApply,
          ...(run.rapidFireRollsPending > 0 ? { rapidFireRollsPending: run.rapidFireRollsPending } : {}),
          ...(run.rerollChoice ? { rerollChoice: { ...run.rerollChoice } } : {}),
          ...(run.saveRerollsPending > 0 ? { saveRerollsPending: run.saveRerollsPending } : {}),
          ...(run.mode === 'batch' && run.batchSave !== null && (run.savesToMake > 0 || run.saveRerollsPending > 0)
            ? { chosenSave: run.batchSave }
            : {}),
        }
      : null,
    nextWeapons: [...state.nextWeapons],
    devastatingPending: state.devastatingPending.map((d) => ({ ...d })),
    mortalWoundsPending: state.mortalWoundsPending,
    modelsDestroyed: state.destroyed.length,
    woundsLost: state.woundsLost,
  };
  const res = state.resolving;
  if (res) {
    const out: SituationResolving = { source: res.source };
    if (res.target !== null) out.target = res.target;
    if (res.save !== null) out.save = res.save;
    if (res.saveRerolling && !res.saveFailed) out.saveRerolled = true;
    if (res.damage !== null) out.damage = res.damage;
    else if (res.damageFaces !== null && res.weapon !== null) {
      // The Damage waits for its re-roll: the dice still to roll, the kept faces, the Melta rolled.
      const w = state.setup.attacker.weapons[res.weapon]!;
      const e = damageDice(state.setup, w).damage;
      out.damageRoll = {
        rest: restExpression(e, res.damageFaces, damageRerollIndices(w.damageReroll, e, res.damageFaces)),
        plus: res.melta,
      };
    }
    situation.resolving = out;
  }
  return situation;
}
