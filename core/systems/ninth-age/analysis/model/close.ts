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
  // The chance of each close met, summed here; their ends once the nodes are done (endsOfCloses):
  // a template's nodes meet a few dozen closes, each with up to three ends.
  let mass = closeMass;
  let met = 0;
  // The nodes of a round that asks no allocation keep the round start's memory: no division for most.
  const startMemory = Math.floor(keys[0]! / size);
  const low = startMemory * size;
  let { closes } = table;
  const { width } = table;
  const offset = ctx.differences;
  // The closes by standings and difference (closeTable.ts closeAt), read here (a new standings grows them).
  let row = table.rowOf(kind);
  for (let k = 0; k < n; k++) {
    const node = keys[k]!;
    const p = probs[k]!;
    const memory = node >= low && node < low + size ? startMemory : Math.floor(node / size);
    const code = node - memory * size;
    let s: number;
    let difference: number;
    if (byCode) {
      s = byCode[4 * code]! - 1;
      if (s < 0) {
        s = table.fill(code);
        row = table.rowOf(kind);
      }
      difference = byCode[4 * code + 1]! + fromStart;
    } else {
      s = table.at(code);
      row = table.rowOf(kind);
      difference = table.base + fromStart;
    }
    let id = row[s * width + difference + offset]! - 1;
    if (id < 0) {
      id = table.closeAt(s, kind, difference);
      closes = table.closes;
      row = table.rowOf(kind);
    }
    if (id >= mass.length) mass = moreMass(id);
    const before = mass[id]!;
    const after = before + p;
    mass[id] = after;
    // A close is listed once: when its sum leaves 0 (chances are never below 0).
    if (before === 0 && after !== 0) metCloses[met++] = id;
    const goOn = closes[CLOSE * id]!;
    if (goOn > 0) {
      next[at] = table.nextEntry(registry, s, memory, code);
      chances[at++] = p * goOn;
    }
  }
  store.size = at;
  endsOfCloses(closes, met, ends);
  // About 60 ns a node (measured on the example: a million nodes, a quarter of its 0.2 s): its standings, close, ends and next node.
  spend(12 * n);
  return from;
}

/** Scratch of closeRound: the chance of each close by number (0 between rounds), and the closes met. */
let closeMass = new Float64Array(256);
let metCloses = new Int32Array(256);

/** Room for close number `id` in closeRound's scratch. */
function moreMass(id: number) {
  const size = Math.max(2 * closeMass.length, id + 1);
  const mass = new Float64Array(size);
  mass.set(closeMass);
  closeMass = mass;
  const met = new Int32Array(size);
  met.set(metCloses);
  metCloses = met;
  return mass;
}

/** The ends of the `met` closes in metCloses, each by its chance in closeMass (emptied), summed into `ends`. */
function endsOfCloses(closes: Float64Array, met: number, ends: EndSums): void {
  let { sums, touched, count } = ends;
  for (let i = 0; i < met; i++) {
    const id = metCloses[i]!;
    const p = closeMass[id]!;
    closeMass[id] = 0;
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
  }
  ends.count = count;
}
