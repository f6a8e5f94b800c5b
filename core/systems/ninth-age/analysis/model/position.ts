import { perOwner } from '../../../../combat/memo';
import type { Role } from '../../state';
import type { ModelContext } from './context';
import type { NodeTable } from './nodeTable';
import { groupsText, type Group } from './steps';

/**
 * Where a Ninth Age melee stands, as much as the rules read from there on (context.ts: `code` the
 * HP every pool has left; memory.ts: `memory` the allocations kept). Most positions are the start
 * of a round; the others are the points inside a round where the players can stop and ask:
 *
 * - `start`: no die of the round rolled yet. `anew`: the players chose to allocate anew this round
 *   (from the second round; the first always asks).
 * - `strikes`: part-way through the attacks: `start` the code when the round began (the Combat
 *   Score counts this round's losses), `current` the Agility step begun with every attack of it
 *   allocated (null: none begun), `steps` the Agility steps still to begin, highest first.
 * - `roundEnd`: both units still fight and the score is read: the next round, or a stop.
 * - `flee`: a unit broke: it flees, and its enemy pursues (`pursues`) or not.
 */

interface Common {
  /** The combat's setup as the model reads it (the same object for every position of a combat; not in the key). */
  ctx: ModelContext;
  round: number;
  code: number;
  memory: number;
  /** The key, where worked out once (the round starts the chain meets again and again). */
  key?: string;
}

export type NaPosition =
  | (Common & { kind: 'start'; anew: boolean })
  | (Common & {
      kind: 'strikes';
      anew: boolean;
      start: number;
      current: readonly Group[] | null;
      steps: readonly number[];
    })
  | (Common & { kind: 'roundEnd'; start: number })
  | (Common & { kind: 'flee'; loser: Role; pursues: boolean; winnerDestroyed: boolean });

/** The position as a string (the round first: the chain remembers transitions by key). */
export function keyOf(p: NaPosition): string {
  if (p.key !== undefined) return p.key;
  const head = `${p.round}:${p.memory}:${p.code}`;
  switch (p.kind) {
    case 'start':
      return p.anew ? `${head}:anew` : head;
    case 'strikes':
      return `${head}:s:${p.start}:${p.anew ? 1 : 0}:${p.current ? groupsText(p.current) : '-'}:${p.steps.join('/')}`;
    case 'roundEnd':
      return `${head}:e:${p.start}`;
    case 'flee':
      return `${head}:f:${p.loser}:${p.pursues ? 1 : 0}:${p.winnerDestroyed ? 1 : 0}`;
  }
}

/**
 * Round starts met, per combat: one object (and one key string) for each, however often the chain
 * meets it — by round, each start by its node's entry in the registry of the combat's store of
 * templates (store.ts: the nodes every template leads to), an array read where a Map of node
 * numbers costs more (a fresh combat meets some 40,000 starts). Forgotten with the store.
 */
interface Starts {
  byRound: Map<number, { registry: NodeTable | null; positions: Array<NaPosition | null> }>;
  count: number;
}
const startsOf = perOwner((_ctx: ModelContext): Starts => ({ byRound: new Map(), count: 0 }));
const MAX_STARTS = 1_000_000;

/**
 * The starts of round `round` by their node's entry in `registry` (store.ts), the players
 * allocating as last round: one object each.
 */
export function startsIn(ctx: ModelContext, round: number): (registry: NodeTable, entry: number) => NaPosition {
  const starts = startsOf(ctx);
  let met = starts.byRound.get(round);
  if (!met) starts.byRound.set(round, (met = { registry: null, positions: [] }));
  const at = met;
  return (registry, entry) => {
    if (at.registry !== registry) {
      // Another store's entries (the templates were forgotten): the starts met are forgotten too.
      at.registry = registry;
      at.positions = [];
    }
    const { positions } = at;
    // Room for every entry of the registry, filled in order (an array with holes may turn into a dictionary).
    while (positions.length <= entry) positions.push(null);
    return positions[entry] ?? started(ctx, starts, positions, round, registry.keys[entry]!, entry);
  };
}

function started(
  ctx: ModelContext,
  starts: Starts,
  positions: Array<NaPosition | null>,
  round: number,
  node: number,
  entry: number,
): NaPosition {
  if (starts.count >= MAX_STARTS) {
    // Forgotten, not lost: a start met again is made again, with the same key.
    for (const met of starts.byRound.values()) met.positions.fill(null);
    starts.count = 0;
  }
  const memory = Math.floor(node / ctx.size);
  const code = node - memory * ctx.size;
  // The key made with the object (one shape for every start), then set as keyOf makes it.
  const p: NaPosition = { ctx, kind: 'start', round, memory, code, anew: false, key: undefined };
  p.key = keyOf(p);
  positions[entry] = p;
  starts.count++;
  return p;
}
