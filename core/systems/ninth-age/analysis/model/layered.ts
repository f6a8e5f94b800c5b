import { spend, workSpent } from '../../../../analysis/budget';
import { chunkFull, type Chunked } from '../../../../analysis/chunked';
import type { ModelTransition, RoundModel } from '../../../../analysis/combat/model';
import { enterModel } from '../../../../analysis/combat/modelChain';
import { namesOf, Tally } from '../../../../analysis/combat/tally';
import type { CombatChain, WholeCombatOdds } from '../../../../analysis/combat/types';

/**
 * The whole-combat chain over a model that can take a round's whole layer at once (`layer`): the
 * chain of core/analysis/combat/modelChain.ts — the same entry by the engine's steps, the same
 * layers by round, the same tally — with one call per round instead of one transition per
 * position. Kept here as the change proposed for modelChain.ts (issue 34): there the positions'
 * successors are met one object and one map entry at a time, which in the Ninth Age's example
 * (a million successors a round) costs more than the rounds themselves and holds them all in memory.
 */

/** A round model that also takes a whole layer: the positions of one round with their chances, to the next round's and the ends, chances absolute. */
export interface LayeredModel<S, P> extends RoundModel<S, P> {
  layer(positions: ReadonlyArray<{ position: P; p: number }>): ModelTransition<P>;
}

type Layer<P> = Map<string, { position: P; p: number }>;

function addPosition<P>(layers: Map<number, Layer<P>>, round: number, key: string, position: P, p: number): void {
  let layer = layers.get(round);
  if (!layer) layers.set(round, (layer = new Map()));
  const seen = layer.get(key);
  if (seen) seen.p += p;
  else layer.set(key, { position, p });
}

/** The chain by layers from `state` (see above), in chunks; `states` counts the positions whose round was worked out. */
export function* layeredChainInChunks<S, P>(
  chain: CombatChain<S>,
  model: LayeredModel<S, P>,
  state: S,
  maxRounds: number,
): Chunked<WholeCombatOdds> {
  const fromRound = chain.round(state);
  const limit = Math.max(maxRounds, fromRound);
  const tally = new Tally().track(chain.unitFates?.(state));
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
    const t = model.layer([...layer.values()]);
    for (const e of t.ended) tally.add(e.end, round, e.p);
    for (const n of t.next) {
      const next = model.round(n.position);
      if (next <= round) throw new Error(`a round model's layer from round ${round} led to round ${next}`);
      addPosition(layers, next, model.key(n.position), n.position, n.p);
    }
    spend(t.next.length + t.ended.length);
    if (chunkFull(chunkFrom)) {
      yield;
      chunkFrom = workSpent();
    }
  }
  return { ...tally.odds(namesOf(chain, state), { exact: true, fromRound, maxRounds: limit }), states };
}
