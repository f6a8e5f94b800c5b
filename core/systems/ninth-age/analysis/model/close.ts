import { spend } from '../../../../analysis/budget';
import { isLastRound } from './aftermath';
import { CLOSE, closeTable, kindOf } from './closeTable';
import { chargeIndex, type ModelContext } from './context';
import type { EndSums } from './endSums';
import type { NodeTable } from './nodeTable';
import type { TemplateStore } from './store';

/**
 * A round's close at every node of its programme: the Combat Score, the Break Test, flee and
 * pursuit (aftermath.ts: the rules, each worked out once per standings and difference in
 * closeTable.ts), summed over the nodes straight into the store of templates — the loop a fresh
 * combat runs a million times (the example), so it reads numbers from flat arrays only.
 */

/**
 * Every node's close summed (`start` the code when the round began; `atRoundEnd`: the score is
 * read and the players are at the round's end, else the attacks are just over): the next round's
 * nodes appended to the store (store.ts: a template's range, an entry per node — two nodes of one
 * next node, where the allocations kept make them one, are summed where the range is read), and
 * the ends into `ends`. Where the round's nodes start in the store's chunk.
 */
export function closeRound(
  ctx: ModelContext,
  round: number,
  start: number,
  nodes: NodeTable,
  store: TemplateStore,
  ends: EndSums,
  atRoundEnd = false,
): number {
  const table = closeTable(ctx, chargeIndex(round));
  const kind = kindOf(atRoundEnd, isLastRound(round));
  table.at(start);
  // RULES §5: +1 Combat Score per HP the enemy lost this round — a node's difference is its code's
  // base (closeTable.ts) and the HP the defender led by at the round's start.
  const fromStart = table.lead;
  const { size } = ctx;
  const { keys, probs, count: n } = nodes;
  const { byCode } = table;
  const registry = store.nodes;
  const from = store.open(n);
  let at = from;
  const { next, p: chances } = store.chunk;
  // The ends summed here, in the loop (the engine boxes a chance handed to a call it does not inline).
  let { sums, touched, count } = ends;
  // The nodes of a round that asks no allocation keep the round start's memory: no division for most.
  const startMemory = Math.floor(keys[0]! / size);
  const low = startMemory * size;
  let { closes } = table;
  const { width } = table;
  const offset = ctx.differences;
  for (let k = 0; k < n; k++) {
    const node = keys[k]!;
    const p = probs[k]!;
    const memory = node >= low && node < low + size ? startMemory : Math.floor(node / size);
    const code = node - memory * size;
    let s: number;
    let difference: number;
    if (byCode) {
      s = byCode[4 * code]! - 1;
      if (s < 0) s = table.fill(code);
      difference = byCode[4 * code + 1]! + fromStart;
    } else {
      s = table.at(code);
      difference = table.base + fromStart;
    }
    // The closes by standings and difference (closeTable.ts closeAt), read here (a new standings grows them).
    let id = table.rowOf(kind)[s * width + difference + offset]! - 1;
    if (id < 0) {
      id = table.closeAt(s, kind, difference);
      closes = table.closes;
    }
    const c = CLOSE * id;
    const endsTo = c + 2 + 2 * closes[c + 1]!;
    for (let e = c + 2; e < endsTo; e += 2) {
      const end = closes[e]!;
      if (end >= sums.length) {
        ends.reserve(end);
        ({ sums, touched } = ends);
      }
      const before = sums[end]!;
      const after = before + p * closes[e + 1]!;
      sums[end] = after;
      // A sum is touched once: when it leaves 0 (chances are never below 0).
      if (before === 0 && after !== 0) touched[count++] = end;
    }
    const goOn = closes[c]!;
    if (goOn > 0) {
      next[at] = table.entryOf(registry, table.nextMemory(s, memory), code);
      chances[at++] = p * goOn;
    }
  }
  store.size = at;
  ends.count = count;
  // About 60 ns a node (measured on the example: a million nodes, a quarter of its 0.2 s): its standings, close, ends and next node.
  spend(12 * n);
  return from;
}
