import { ANALYSIS_WORK_LIMIT, AnalysisTooLargeError, metered, spend } from '../budget';
import { estimateWholeCombat } from './playouts';
import { walkRound, type RoundTransition, type Weighted } from './roundWalk';
import { namesOf, Tally } from './tally';
import type { CombatChain, WholeCombatOdds } from './types';

/**
 * The whole combat's exact odds from any state: a Markov chain over the states a round starts from.
 * The current round is walked from the state itself (roundWalk.ts); every state the next round can
 * start from is walked in turn, the chances of the same position added up, round after round,
 * until no combat is left or the chain is cut after `maxRounds` — the mass still fighting then is
 * reported as `pUnfinished`, never dropped. Each round's walk is remembered by the position it
 * starts from (the odds are asked again after every step), and its work is charged again when it
 * is reused, so whether the odds are exact never depends on what was remembered.
 *
 * Over the work budget the figures are estimated from seeded play-outs instead (playouts.ts),
 * marked `exact: false` with their standard error.
 */

/** Rounds the chain follows by default: longer fights are rare, and what is left is reported. */
export const MAX_ROUNDS = 10;

/** Remembered walks, per combat setup (a WeakMap: they go when the combat does), a bounded number each. */
const remembered = new WeakMap<object, Map<string, RoundTransition<unknown>>>();
const MAX_REMEMBERED = 20_000;

function transitionOf<S>(chain: CombatChain<S>, state: S, key: string): RoundTransition<S> {
  const setup = chain.setup(state);
  let memo = remembered.get(setup);
  if (!memo) remembered.set(setup, (memo = new Map()));
  const seen = memo.get(key) as RoundTransition<S> | undefined;
  if (seen) {
    spend(seen.work);
    return seen;
  }
  const t = walkRound(chain, state);
  if (memo.size >= MAX_REMEMBERED) memo.clear();
  memo.set(key, t as RoundTransition<unknown>);
  return t;
}

/** The exact chain (throws AnalysisTooLargeError past the current meter). */
export function exactWholeCombat<S>(chain: CombatChain<S>, state: S, maxRounds = MAX_ROUNDS): WholeCombatOdds {
  const fromRound = chain.round(state);
  const limit = Math.max(maxRounds, fromRound);
  const tally = new Tally().track(chain.unitFates?.(state));
  let layer = new Map<string, Weighted<S>>([[chain.key(state), { state, p: 1 }]]);
  for (let round = fromRound; layer.size > 0; round++) {
    if (round > limit) {
      for (const { p } of layer.values()) tally.unfinished += p;
      break;
    }
    const nextLayer = new Map<string, Weighted<S>>();
    for (const [key, { state: s, p }] of layer) {
      const t = transitionOf(chain, s, key);
      for (const e of t.ended) tally.add(e.end, round, p * e.p);
      for (const n of t.next) {
        const k = chain.key(n.state);
        const seen = nextLayer.get(k);
        if (seen) seen.p += p * n.p;
        else nextLayer.set(k, { state: n.state, p: p * n.p });
      }
    }
    layer = nextLayer;
  }
  return tally.odds(namesOf(chain, state), { exact: true, fromRound, maxRounds: limit });
}

/**
 * The whole combat's odds as the host and the command line give them: exact within the work
 * budget (budget.ts), else estimated from play-outs within the same budget. Throws
 * AnalysisTooLargeError only when not even the estimate can be made.
 */
export function wholeCombatOdds<S>(chain: CombatChain<S>, state: S, maxRounds = MAX_ROUNDS, limit = ANALYSIS_WORK_LIMIT): WholeCombatOdds {
  try {
    return metered(() => exactWholeCombat(chain, state, maxRounds), () => 'too many positions to follow the whole combat exactly', limit);
  } catch (error) {
    if (!(error instanceof AnalysisTooLargeError)) throw error;
  }
  return estimateWholeCombat(chain, state, Math.max(maxRounds, chain.round(state)), limit);
}
