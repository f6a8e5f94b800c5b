import { outcomeStep, stepEngine } from '../../combat/stepEngine';
import { finalLines } from './outcome';
import type { State } from './state';
import { moraleKind, resultKind, roundEndKind, sweepKind } from './steps/aftermath';
import { damageKind, feelNoPainKind, saveKind } from './steps/runs';
import { allocateKind, poolsKind, strikeRollKind } from './steps/strikes';

/**
 * Warhammer 40,000 7th edition close combat on the one step engine: each kind of step declared
 * once (steps/), and where the combat is read from its phase, as finely as the steps need.
 */

type At =
  | 'strikes.roll'
  | 'strikes.pools'
  | 'strikes.allocate'
  | 'strikes.save'
  | 'strikes.fnp'
  | 'strikes.damage'
  | 'result'
  | 'morale'
  | 'sweep'
  | 'roundEnd';

/** Where the combat is: in the strikes, the rolls first, then the pool being allocated and its run. */
export function at(state: State): At | null {
  if (state.phase === 'over') return null;
  if (state.phase !== 'strikes') return state.phase;
  if (state.rolls.length > 0) return 'strikes.roll';
  const a = state.allocation;
  if (!a) return 'strikes.pools';
  if (!a.run) return 'strikes.allocate';
  return a.run.stage === 'save' ? 'strikes.save' : a.run.stage === 'fnp' ? 'strikes.fnp' : 'strikes.damage';
}

export const engine = stepEngine<State, At>({
  at,
  kinds: {
    'strikes.roll': strikeRollKind,
    'strikes.pools': poolsKind,
    'strikes.allocate': allocateKind,
    'strikes.save': saveKind,
    'strikes.fnp': feelNoPainKind,
    'strikes.damage': damageKind,
    result: resultKind,
    morale: moraleKind,
    sweep: sweepKind,
    roundEnd: roundEndKind,
  },
  end: (state) => outcomeStep(state, 'end', { title: 'The combat is over', lines: finalLines(state), final: true }),
});

export const { next: nextStep, apply: applyInput, settle } = engine;
