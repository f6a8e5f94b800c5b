import { partsOf } from './flow';
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
          ...(run.mode === 'batch' && run.batchSave !== null && run.savesToMake > 0 ? { chosenSave: run.batchSave } : {}),
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
    if (res.saveFailed && res.damageParts.length === partsOf(state, res).length) out.damage = res.damageParts.reduce((a, b) => a + b, 0);
    else if (res.damageParts.length > 0) out.damageParts = [...res.damageParts];
    situation.resolving = out;
  }
  return situation;
}

