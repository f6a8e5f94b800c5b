import { spend } from '../../../../analysis/budget';
import type { ModelTransition } from '../../../../analysis/combat/model';
import type { CombatEnd } from '../../../../analysis/combat/tally';
import { endById } from './ends';
import { EndSums } from './endSums';
import type { NodeTable } from './nodeTable';
import { startsIn, type NaPosition } from './position';
import { storeOf, type Template } from './store';
import { forgetIfFull, templatesIn, transitionAt } from './transition';

/**
 * A whole round at once (model.ts `layer`): every position a round starts from, with its chance, to
 * the next round's positions and the ends, chances absolute. The same sums the chain makes over
 * `transition` one position at a time (modelChain.ts), made as one sparse product: the round
 * starts' templates (transition.ts) name the next round's nodes by their entry in the combat's
 * registry, so a round's millions of successors (the example: some 6,000 positions a round, 187
 * successors each) are summed into an array by entry — no key, no object, no map per successor.
 * Any other position (part-way through a round) takes its transition.
 */

/**
 * The next round's chance by registry entry (grown as needed): emptied for every entry before a
 * layer, read for every entry after it — the registry's entries are the nodes the combat's
 * templates lead to, a few thousand, while a layer adds millions of chances.
 */
let sums = new Float64Array(1024);

/** Work units a position costs the chain and the model besides its round (see layerOf). */
const POSITION_WORK = 40;

function room(entries: number): void {
  if (sums.length >= entries) return;
  sums = new Float64Array(Math.max(entries, 2 * sums.length));
}

export function layerOf(positions: ReadonlyArray<{ position: NaPosition; p: number }>): ModelTransition<NaPosition> {
  if (positions.length === 0) return { next: [], ended: [] };
  const { ctx, round } = positions[0]!.position;
  const ends = new EndSums();
  const others: Array<{ end: CombatEnd; p: number }> = [];
  const nextOthers: Array<{ position: NaPosition; p: number }> = [];
  forgetIfFull(ctx);
  const templates = templatesIn(ctx, round, false);
  // Every template first (working one out may number new nodes), then the sums.
  const starts: Template[] = [];
  const weights = new Float64Array(positions.length);
  for (const { position, p } of positions) {
    if (position.round !== round) throw new Error('a layer’s positions are all of one round');
    if (position.kind === 'start' && !position.anew) {
      weights[starts.length] = p;
      starts.push(templates(position.memory * ctx.size + position.code));
    } else {
      const t = transitionAt(position);
      for (const n of t.next) nextOthers.push({ position: n.position, p: p * n.p });
      for (const e of t.ended) others.push({ end: e.end, p: p * e.p });
    }
  }
  // Every template of the layer reads the combat's store as it is now (forgotten only between layers).
  const store = storeOf(ctx);
  const entries = store.nodes.count;
  room(entries);
  sums.fill(0, 0, entries);
  let work = 2 * entries;
  // The sums held in a local: the loop below runs millions of times.
  const into = sums;
  for (let i = 0; i < starts.length; i++) {
    const t = starts[i]!;
    const p = weights[i]!;
    const { next, p: q, endIds, endP } = t.chunk;
    for (let k = t.from, to = t.to; k < to; k++) into[next[k]!]! += p * q[k]!;
    ends.add(endIds, endP, t.endFrom, t.endTo, weights, i);
    work += t.to - t.from + t.endTo - t.endFrom;
  }
  // The chain's part besides the sums (modelChain.ts): a key, a map entry and an object for every
  // position met and returned, some 0.2 µs each (measured on the example: 44,000 positions).
  spend(work + POSITION_WORK * positions.length);
  const next = nextOf(ctx, round, store.nodes);
  for (const n of nextOthers) next.push(n);
  spend(POSITION_WORK * next.length);
  return {
    next,
    ended: [...others, ...endsOf(ctx, ends)],
  };
}

/** The next round's positions summed (every entry with a chance above 0). */
function nextOf(ctx: NaPosition['ctx'], round: number, registry: NodeTable) {
  const start = startsIn(ctx, round + 1);
  const next: Array<{ position: NaPosition; p: number }> = [];
  for (let entry = 0; entry < registry.count; entry++)
    if (sums[entry]! > 0) next.push({ position: start(registry, entry), p: sums[entry]! });
  return next;
}

function endsOf(ctx: NaPosition['ctx'], ends: EndSums): Array<{ end: CombatEnd; p: number }> {
  const taken = ends.take();
  return Array.from(taken.ids, (id, k) => ({ end: endById(ctx, id), p: taken.p[k]! }));
}
