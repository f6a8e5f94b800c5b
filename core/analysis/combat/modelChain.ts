import { AnalysisTooLargeError, spend, workSpent } from '../budget';
import { chunkFull, type Chunked } from '../chunked';
import type { ModelTransition, RoundModel } from './model';
import { branches, MAX_STEPS_PER_ROUND, stepWorkOf } from './roundWalk';
import { endOf, namesOf, Tally, type CombatEnd } from './tally';
import type { CombatChain, WholeCombatOdds } from './types';

/**
 * The whole combat's exact odds over a system's compact model (model.ts): a Markov chain over the
 * positions rounds start from, each round's transition worked out in closed form and remembered by
 * its position's key, the chances of equal positions added up, round after round, until no combat
 * is left or the chain is cut after `maxRounds` (what is still fighting then is `pUnfinished`).
 *
 * From a state the model does not take (part-way through a round, where only the engine knows what
 * comes next), the engine's own steps are walked — every roll by its outcomes, every choice by the
 * suggested option, as in roundWalk.ts — until each path reaches a state the model takes.
 */

type Layer<P> = Map<string, { position: P; p: number }>;

/** Remembered transitions, per combat setup (a WeakMap: they go with the combat), a bounded number each. */
const remembered = new WeakMap<object, Map<string, { t: ModelTransition<unknown>; work: number }>>();
const MAX_REMEMBERED = 50_000;

/** Adds `p` to the position `key` of round `round`'s layer (merged by the model where it merges positions). */
function addPosition<P>(
  layers: Map<number, Layer<P>>,
  model: Pick<RoundModel<unknown, P>, 'merge'>,
  round: number,
  key: string,
  position: P,
  p: number,
): void {
  let layer = layers.get(round);
  if (!layer) layers.set(round, (layer = new Map()));
  const seen = layer.get(key);
  if (!seen) return void layer.set(key, { position, p });
  if (model.merge) seen.position = model.merge(seen.position, seen.p, position, p);
  seen.p += p;
}

/** Where the engine's walk from a state leads: the positions the model takes, by round, and the ends met first. */
interface Entered<P> {
  layers: Map<number, Layer<P>>;
  ended: Array<{ end: CombatEnd; round: number; p: number }>;
}

/** Walks the engine's steps from `state` until every path is finished or taken by the model (see above). */
export function enterModel<S, P>(chain: CombatChain<S>, model: RoundModel<S, P>, state: S): Entered<P> {
  const entered: Entered<P> = { layers: new Map(), ended: [] };
  let frontier = new Map<string, { state: S; p: number }>([[chain.key(state), { state: chain.shed(state), p: 1 }]]);
  for (let steps = 0; frontier.size > 0; steps++) {
    if (steps > MAX_STEPS_PER_ROUND)
      throw new AnalysisTooLargeError('a combat round with too many steps to follow exactly');
    const after = new Map<string, { state: S; p: number }>();
    for (const { state: s, p } of frontier.values()) {
      const step = chain.rules.next(s);
      if (step.kind === 'outcome' && step.final) {
        entered.ended.push({ end: endOf(chain, s), round: chain.round(s), p });
        continue;
      }
      const position = model.enter(s);
      if (position !== null) {
        addPosition(entered.layers, model, model.round(position), model.key(position), position, p);
        continue;
      }
      for (const b of branches(s, step)) {
        if (b.p === 0) continue;
        spend(stepWorkOf(chain));
        const s2 = chain.shed(chain.rules.apply(s, b.input, step));
        const key = chain.key(s2);
        const seen = after.get(key);
        if (seen) seen.p += p * b.p;
        else after.set(key, { state: s2, p: p * b.p });
      }
    }
    frontier = after;
  }
  return entered;
}

/** The transition from `position`, remembered per setup; a remembered one is charged its work again, so a refusal never depends on the cache. */
function transitionOf<P>(model: RoundModel<unknown, P>, setup: object, key: string, position: P): ModelTransition<P> {
  let memo = remembered.get(setup);
  if (!memo) remembered.set(setup, (memo = new Map()));
  const seen = memo.get(key);
  if (seen) {
    spend(seen.work);
    return seen.t as ModelTransition<P>;
  }
  const before = workSpent();
  const t = model.transition(position);
  if (memo.size >= MAX_REMEMBERED) memo.clear();
  memo.set(key, { t: t as ModelTransition<unknown>, work: workSpent() - before });
  return t;
}

/**
 * One round's layer worked out: every position's transition, remembered by key (none where the
 * model merges positions), or the whole layer at once where the model takes it so (`layer`) —
 * ends and next positions with their chances absolute.
 */
function layerOf<P>(model: RoundModel<unknown, P>, setup: object, layer: Layer<P>): ModelTransition<P> {
  if (model.layer) return model.layer([...layer.values()]);
  const next: Array<{ position: P; p: number }> = [];
  const ended: ModelTransition<P>['ended'][number][] = [];
  for (const [key, { position, p }] of layer) {
    const t = model.merge ? model.transition(position) : transitionOf(model, setup, key, position);
    for (const e of t.ended) ended.push({ end: e.end, p: p * e.p });
    for (const n of t.next) next.push({ position: n.position, p: p * n.p });
  }
  return { next, ended };
}

/**
 * The chain over the model from `state`, in chunks (chunked.ts: it yields between rounds once a
 * chunk's work is spent). Throws AnalysisTooLargeError past the current meter. `states` in the
 * answer counts the positions whose round was worked out.
 */
export function* modelChainInChunks<S, P>(
  chain: CombatChain<S>,
  model: RoundModel<S, P>,
  state: S,
  maxRounds: number,
): Chunked<WholeCombatOdds> {
  const fromRound = chain.round(state);
  const limit = Math.max(maxRounds, fromRound);
  const tally = new Tally().track(chain.unitFates?.(state));
  const setup = chain.setup(state);
  const { layers, ended } = enterModel(chain, model, state);
  for (const e of ended) tally.add(e.end, e.round, e.p);
  let states = 0;
  let chunkFrom = workSpent();
  for (let round = fromRound; [...layers.keys()].some((r) => r >= round); round++) {
    const layer = layers.get(round);
    layers.delete(round);
    if (!layer) continue;
    if (round > limit) {
      for (const { p } of layer.values()) tally.unfinished += p;
      continue;
    }
    states += layer.size;
    const t = layerOf(model as RoundModel<unknown, P>, setup, layer);
    for (const e of t.ended) tally.add(e.end, round, e.p);
    for (const n of t.next) {
      const next = model.round(n.position);
      if (next <= round) throw new Error(`a round model's transition from round ${round} led to round ${next}`);
      addPosition(layers, model, next, model.key(n.position), n.position, n.p);
    }
    if (chunkFull(chunkFrom)) {
      yield;
      chunkFrom = workSpent();
    }
  }
  return { ...tally.odds(namesOf(chain, state), { exact: true, fromRound, maxRounds: limit }), states };
}
