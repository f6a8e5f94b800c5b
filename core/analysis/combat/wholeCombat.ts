import { ANALYSIS_WORK_LIMIT, AnalysisTooLargeError, newMeter, spend, workSpent } from '../budget';
import { chunkFull, meteredChunks, runToEnd, type Chunked } from '../chunked';
import { modelChainInChunks } from './modelChain';
import { projectedOver } from './projection';

export { projectedOver } from './projection';
import { estimateInChunks } from './playouts';
import { overCap, stepWorkOf, walkRound, type RoundTransition, type Weighted } from './roundWalk';
import { CannotFinish, type ExactSoFar } from './soFar';
import { namesOf, Tally, type CombatEnd } from './tally';
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
 * marked `exact: false` with their standard error: the rounds the chain finished stay exact, and
 * the play-outs start from the positions it had reached (soFar.ts). Given its budget, the chain gives up as soon as
 * the counts show it cannot finish (see `FIRST_ROUND_SHARE` and `projectedOver`), so the estimate
 * gets the work the chain would have wasted.
 */

/** Rounds the chain follows by default: longer fights are rare, and what is left is reported. */
export const MAX_ROUNDS = 10;

/** Remembered walks, per combat setup (a WeakMap: they go when the combat does), a bounded number each. */
const remembered = new WeakMap<object, Map<string, RoundTransition<unknown>>>();
const MAX_REMEMBERED = 20_000;

/**
 * The first round's walk may take this share of the chain's budget, no more: a round that large is
 * walked from one state, and a second round starts from every state the first can lead to (dozens
 * in a full combat), each costing about as much — the chain could not finish, so it stops there.
 * (The small combats' first rounds take 61 to 452 steps of the host's 1,041; the examples' 7,600
 * and more: WFB 6th's example would have walked 7,624 steps of round 1 to see 36 start states.)
 */
export const FIRST_ROUND_SHARE = 1 / 16;

/** The message of every early give-up (the caller turns to the estimate). */
const CANNOT_FINISH = 'too many positions to follow the whole combat exactly';

function transitionOf<S>(chain: CombatChain<S>, state: S, key: string, cap: number): RoundTransition<S> {
  const setup = chain.setup(state);
  let memo = remembered.get(setup);
  if (!memo) remembered.set(setup, (memo = new Map()));
  const seen = memo.get(key) as RoundTransition<S> | undefined;
  if (seen) {
    // Charged as the walk itself would be, up to the step that passes the cap: remembered or not, the same answer.
    spend(seen.work > cap ? overCap(cap, stepWorkOf(chain)) : seen.work);
    if (seen.work > cap) throw new AnalysisTooLargeError(CANNOT_FINISH);
    return seen;
  }
  // The system's own round analysis where it has one (the same transition, fewer steps), else the walk.
  const t = chain.transition?.(state, cap) ?? walkRound(chain, state, cap);
  if (memo.size >= MAX_REMEMBERED) memo.clear();
  memo.set(key, t as RoundTransition<unknown>);
  return t;
}

/**
 * The exact chain (throws AnalysisTooLargeError past the current meter). With `budget` (the
 * meter's limit) it gives up early, from counts, once it cannot finish within it (see above).
 */
export function exactWholeCombat<S>(
  chain: CombatChain<S>,
  state: S,
  maxRounds = MAX_ROUNDS,
  budget = Infinity,
): WholeCombatOdds {
  return runToEnd(exactInChunks(chain, state, maxRounds, budget));
}

/** The exact chain in chunks (chunked.ts): it yields between round walks once a chunk's work is spent. */
export function* exactInChunks<S>(
  chain: CombatChain<S>,
  state: S,
  maxRounds = MAX_ROUNDS,
  budget = Infinity,
): Chunked<WholeCombatOdds> {
  const fromRound = chain.round(state);
  const limit = Math.max(maxRounds, fromRound);
  const tally = new Tally().track(chain.unitFates?.(state));
  let layer = new Map<string, Weighted<S>>([[chain.key(state), { state, p: 1 }]]);
  let last: { states: number; work: number } | null = null;
  let chunkFrom = workSpent();
  for (let round = fromRound; layer.size > 0; round++) {
    if (round > limit) {
      for (const { p } of layer.values()) tally.unfinished += p;
      break;
    }
    const spentBefore = workSpent();
    // Giving up hands on the rounds counted so far and this round's start states (soFar.ts).
    const givenUp = () => new CannotFinish(CANNOT_FINISH, { tally, round, layer: [...layer.values()] });
    if (last && projectedOver({ states: layer.size }, last, spentBefore, budget)) throw givenUp();
    const cap = last ? Infinity : budget * FIRST_ROUND_SHARE;
    const nextLayer = new Map<string, Weighted<S>>();
    // This round's ends are counted once the round is done: a round given up half-way counts none of them.
    const ended: Array<{ end: CombatEnd; p: number }> = [];
    try {
      for (const [key, { state: s, p }] of layer) {
        const t = transitionOf(chain, s, key, cap);
        for (const e of t.ended) ended.push({ end: e.end, p: p * e.p });
        for (const n of t.next) {
          const seen = nextLayer.get(n.key);
          if (seen) seen.p += p * n.p;
          else nextLayer.set(n.key, { state: n.state, p: p * n.p });
        }
        if (chunkFull(chunkFrom)) {
          yield;
          chunkFrom = workSpent();
        }
      }
    } catch (error) {
      if (error instanceof AnalysisTooLargeError) throw givenUp();
      throw error;
    }
    for (const e of ended) tally.add(e.end, round, e.p);
    last = { states: layer.size, work: workSpent() - spentBefore };
    layer = nextLayer;
  }
  return tally.odds(namesOf(chain, state), { exact: true, fromRound, maxRounds: limit });
}

/**
 * The whole combat's odds as the host and the command line give them: exact within the work
 * budget (budget.ts), else estimated from play-outs within the same budget and what the exact
 * chain left of its own when it gave up early. Throws AnalysisTooLargeError only when not even the
 * estimate can be made.
 */
export function wholeCombatOdds<S>(
  chain: CombatChain<S>,
  state: S,
  maxRounds = MAX_ROUNDS,
  limit = ANALYSIS_WORK_LIMIT,
): WholeCombatOdds {
  return runToEnd(wholeCombatInChunks(chain, state, maxRounds, limit));
}

/**
 * The same, in chunks (chunked.ts): the exact chain and the estimate each against a meter of their
 * own, kept across chunks. The estimate gets `estimateLimit` (by default the chain's `limit`) and
 * what the chain left unspent of as much, so a chain that gave up early leaves its work to the
 * play-outs.
 */
export function* wholeCombatInChunks<S>(
  chain: CombatChain<S>,
  state: S,
  maxRounds = MAX_ROUNDS,
  limit = ANALYSIS_WORK_LIMIT,
  estimateLimit = limit,
): Chunked<WholeCombatOdds> {
  const exact = newMeter(() => CANNOT_FINISH, limit);
  let soFar: ExactSoFar<S> | undefined;
  try {
    // A system's compact round model where it has one (model.ts), else the engine's own walk.
    const counted = chain.model
      ? modelChainInChunks(chain, chain.model, state, maxRounds, limit)
      : exactInChunks(chain, state, maxRounds, limit);
    return yield* meteredChunks(exact, counted);
  } catch (error) {
    if (!(error instanceof AnalysisTooLargeError)) throw error;
    if (error instanceof CannotFinish) soFar = error.soFar as ExactSoFar<S>;
  }
  return yield* estimateInChunks(
    chain,
    state,
    Math.max(maxRounds, chain.round(state)),
    estimateLimit + Math.max(0, Math.min(limit, estimateLimit) - exact.spent),
    soFar,
  );
}
