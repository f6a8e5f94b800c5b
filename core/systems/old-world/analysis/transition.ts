import { ANALYSIS_WORK_LIMIT, AnalysisTooLargeError, metered, spend, workSpent } from '../../../analysis/budget';
import { rollOutcomes } from '../../../analysis/combat/rollOutcomes';
import {
  addEnd,
  addTo,
  nothingFound,
  overCap,
  stepWorkOf,
  transitionFound,
  walkOn,
  type Keyed,
  type OutcomesOf,
  type RoundTransition,
  type Weighted,
} from '../../../analysis/combat/roundWalk';
import type { CombatChain } from '../../../analysis/combat/types';
import { settle } from '../engine';
import type { State } from '../state';
import { aftermathOf, simpleRound } from './aftermath';
import { rollClasses } from './rollClasses';
import { strikeEnds } from './strikeOutcomes';

/**
 * One combat round of the old world as the whole-combat chain needs it (core/analysis/combat:
 * the next round's start states and the ends, with their chances), from the system's own round
 * analysis instead of the engine's every step. The same transition as the walk (roundWalk.ts),
 * found with a few hundred engine steps where the walk takes thousands:
 *
 * - the strikes, as the exact distribution over where they end (strikeOutcomes.ts: the engine's own
 *   order, targets, attacks, `inflict`), each end handed to the engine (`settle`) as the state it
 *   has when the last blow is struck — it works out the combat result itself;
 * - the rest of the round by the engine's own steps, each roll by the classes the rules tell apart
 *   (rollClasses.ts: broken or held, caught or escaped), each choice by the suggested option, as
 *   the walk plays them; positions with the same key merged step by step.
 *
 * Every state it covers (any state of a round); null never, but the hook allows it.
 */

/**
 * Work units of one end of the strikes worked out without the engine's steps (aftermath.ts: the
 * combat result, the break test, the stalemate check, the next round begun and its key). Measured
 * warm on the example's rounds 2 to 4 (8,656 ends, the shared two-core machine): about 50 µs an
 * end, half of it the combat result with its reasons; at about 5 ns a unit (budget.ts), 10,000.
 */
export const AFTERMATH_WORK = 10_000;

const TOO_LARGE = 'a combat round too large to follow exactly';

/** A roll by the classes the rules tell apart (rollClasses.ts), else by its distinguishable outcomes. */
const byClass: OutcomesOf<State> = (state, step) => rollClasses(state, step) ?? rollOutcomes(step);

/** The round's transition from `state` (see above); past `cap` work units, AnalysisTooLargeError. */
export function roundTransition(
  chain: CombatChain<State>,
  state: State,
  cap = Infinity,
): RoundTransition<State> | null {
  let work = 0;
  const charge = (units: number) => {
    if (work + units > cap) {
      // Past the cap: charged what a remembered transition is charged when it passes it (wholeCombat.ts
      // transitionOf), so giving up costs the same whether or not the round was worked out before.
      spend(overCap(cap, stepWorkOf(chain)) - work);
      throw new AnalysisTooLargeError(TOO_LARGE);
    }
    spend(units);
    work += units;
  };
  const found = nothingFound<State>();
  const frontier = new Map<string, Keyed<State>>();
  for (const { state: struck, p } of strikesOver(state, charge, cap)) {
    const known = struck.phase === 'strikes' && simpleRound(struck) ? aftermathOf(struck) : null;
    // An end handed back to the engine is one of its steps, at the walk's price.
    charge(known ? AFTERMATH_WORK : stepWorkOf(chain));
    if (!known) {
      const shed = chain.shed(struck.phase === 'strikes' ? settle(struck) : struck);
      addTo(frontier, chain.key(shed), shed, p);
      continue;
    }
    for (const n of known.next) {
      const s = chain.shed(n.state);
      addTo(found.next, chain.key(s), s, p * n.p);
    }
    for (const e of known.ended) addEnd(found, chain, e.state, p * e.p);
  }
  walkOn(chain, state.round, frontier, found, charge, byClass);
  return transitionFound(found, work);
}

/**
 * Where the strikes can end, as the engine's state when the last blow is struck (phase 'strikes',
 * no task left: the engine moves on to the result by itself, flow.ts enterPhase); a state past the
 * strikes is its own. The strikes' distribution spends under a meter of its own, so its work is
 * known and charged here whether or not an outer meter runs.
 */
function strikesOver(state: State, charge: (units: number) => void, cap: number): Weighted<State>[] {
  if (state.phase !== 'strikes') return [{ state, p: 1 }];
  let dpWork = 0;
  const limit = Math.min(cap, ANALYSIS_WORK_LIMIT);
  let ends: ReturnType<typeof strikeEnds>;
  try {
    ends = metered(
      () => {
        const e = strikeEnds(state);
        dpWork = workSpent();
        return e;
      },
      () => TOO_LARGE,
      limit,
    );
  } catch (error) {
    if (!(error instanceof AnalysisTooLargeError)) throw error;
    // The strikes alone passed the cap (or a second's work): charged as giving up is.
    charge(limit + 1);
    throw error;
  }
  charge(dpWork);
  return ends.map((e) => ({
    state: { ...state, lost: e.lost, caused: e.caused, overkill: e.overkill, queue: [] },
    p: e.p,
  }));
}
