import { spend } from '../../../../analysis/budget';
import type { ModelTransition } from '../../../../analysis/combat/model';
import type { CombatEnd } from '../../../../analysis/combat/tally';
import { EndSums } from './close';
import { endById } from './ends';
import { NodeTable } from './nodeTable';
import { startsIn, type NaPosition } from './position';
import { templatesIn, transitionOf } from './transition';

/**
 * A whole round at once: every position a round starts from, with its chance, to the next round's
 * positions and the ends, chances absolute. The same sums the chain makes over `transition` one
 * position at a time (modelChain.ts), made in one table of node numbers: where a position has
 * hundreds of successors (the example: some 6,000 positions a round, 180 successors each), the
 * chain's map of keys and an object per successor cost far more than the round's own arithmetic.
 * Round starts use their remembered templates (transition.ts); any other position its transition.
 */
/** The next round's nodes (one layer is worked out at a time). */
const scratch = new NodeTable(1024);

export function layerOf(positions: ReadonlyArray<{ position: NaPosition; p: number }>): ModelTransition<NaPosition> {
  if (positions.length === 0) return { next: [], ended: [] };
  const { ctx, round } = positions[0]!.position;
  const next = scratch.clear(ctx.nodes);
  const ends = new EndSums();
  const others = new Map<CombatEnd, number>();
  const templates = templatesIn(ctx, round, false);
  const nodeOf = (p: NaPosition) => p.memory * ctx.size + p.code;
  for (const { position, p } of positions) {
    if (position.round !== round) throw new Error('a layer’s positions are all of one round');
    if (position.kind === 'start' && !position.anew) {
      const t = templates(nodeOf(position));
      for (let k = 0; k < t.next.length; k++) next.add(t.next[k]!, p * t.p[k]!);
      ends.add(t.endIds, t.endP, p);
      spend(t.next.length + t.endIds.length);
    } else {
      const t = transitionOf(position);
      for (const n of t.next) next.add(nodeOf(n.position), p * n.p);
      for (const e of t.ended) others.set(e.end, (others.get(e.end) ?? 0) + p * e.p);
    }
  }
  const start = startsIn(ctx, round + 1);
  const taken = ends.take();
  return {
    next: Array.from({ length: next.count }, (_, k) => ({ position: start(next.keys[k]!), p: next.probs[k]! })),
    ended: [...others, ...Array.from(taken.ids, (id, k): [CombatEnd, number] => [endById(ctx, id), taken.p[k]!])].map(
      ([end, p]) => ({ end, p }),
    ),
  };
}
