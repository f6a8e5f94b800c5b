import { perOwner } from '../../../../combat/memo';
import type { Role } from '../../state';
import type { ModelContext } from './context';
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

/** Round starts met, per combat: one object (and one key string) for each, however often the chain meets it. */
const startsOf = perOwner((_ctx: ModelContext) => ({ byRound: new Map<number, Map<number, NaPosition>>(), count: 0 }));
const MAX_STARTS = 1_000_000;

/** The starts of round `round` by node (memory × size + code), the players allocating as last round: one object each. */
export function startsIn(ctx: ModelContext, round: number): (node: number) => NaPosition {
  const starts = startsOf(ctx);
  let byNode = starts.byRound.get(round);
  if (!byNode) starts.byRound.set(round, (byNode = new Map()));
  const met = byNode;
  return (node) => met.get(node) ?? started(ctx, starts, met, round, node);
}

function started(
  ctx: ModelContext,
  starts: ReturnType<typeof startsOf>,
  met: Map<number, NaPosition>,
  round: number,
  node: number,
): NaPosition {
  if (starts.count >= MAX_STARTS) {
    // Forgotten, not lost: a start met again is made again, with the same key.
    for (const byNode of starts.byRound.values()) byNode.clear();
    starts.count = 0;
  }
  const memory = Math.floor(node / ctx.size);
  const code = node - memory * ctx.size;
  const p: NaPosition = { ctx, kind: 'start', round, memory, code, anew: false };
  p.key = keyOf(p);
  met.set(node, p);
  starts.count++;
  return p;
}
