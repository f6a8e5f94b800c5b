/**
 * The 10th edition attack sequence as steps of the protocol (seed 001, RULES.md §1): `nextStep`
 * says what is needed now, `applyInput` takes the answer. The pieces:
 * flow.ts (order and automatic transitions), next.ts (steps), apply.ts (rules per input),
 * allocation.ts, batching.ts (fast dice rolling), damage.ts, abilities.ts, tables.ts.
 */
import { startSituation } from './situation';
import { settle } from './flow';
import type { Setup } from './profiles';
import type { State } from './state';

export { nextStep } from './next';
export { applyInput } from './apply';

export function startState(setup: Setup): State {
  const s = startSituation(setup);
  return settle({
    setup,
    models: s.models,
    woundsLost: 0,
    destroyed: [],
    run: null,
    nextWeapons: s.nextWeapons,
    devastatingPending: [],
    mortalWoundsPending: s.mortalWoundsPending,
    resolving: null,
    deadlyDemiseRolled: 0,
    hazardousRolled: 0,
    startedWeapons: [],
    hazardousFailed: [],
    outcomeLines: [],
    counter: 0,
    log: [],
  });
}
