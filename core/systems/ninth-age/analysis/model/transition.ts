import { spend } from '../../../../analysis/budget';
import type { ModelTransition } from '../../../../analysis/combat/model';
import type { CombatEnd } from '../../../../analysis/combat/tally';
import { perOwner } from '../../../../combat/memo';
import { agilitySteps } from '../../flow';
import { CATCH_CHANCE } from '../../tables';
import { otherRole, type UnitStatus } from '../../state';
import {
  closeOf,
  isLastRound,
  roundEndOf,
  standingsAt,
  standingsMet,
  type RoundClose,
  type Standings,
} from './aftermath';
import { aliveMask, chargeIndex, leftIn, lostOf, type ModelContext } from './context';
import { endById, endId } from './ends';
import { nextRoundMemories } from './memory';
import { NodeTable } from './nodeTable';
import { startsIn, type NaPosition } from './position';
import { spread } from './spread';
import { damagesOf, stepKind, type Group } from './steps';

/**
 * A round from a position to the start of the next (model.ts): the Agility steps still to come as a
 * dynamic programme over the HP every pool has left (spread.ts, steps.ts), then at every node the
 * Combat Score, the Break Test, flee and pursuit (aftermath.ts): the chance the melee goes on, to
 * the next round's start, and the ends it meets.
 *
 * What a round does from the start of a round depends on the round only through the charge (the
 * first round) and the game's last round: worked out once (a "template") and reused round after round.
 */

/** A round's outcome from one position, whichever round it is: the next round's nodes (memory × size + code) and the ends. */
export interface Template {
  next: Float64Array;
  p: Float64Array;
  ended: ReadonlyArray<{ end: CombatEnd; p: number }>;
}

/** Scratch tables of the programme (one round is worked out at a time). */
const tables = { a: new NodeTable(1024), b: new NodeTable(1024), next: new NodeTable(1024) };

/** The round's remaining attacks from one node: the current step as allocated, then every step still to begin. */
function strikes(
  ctx: ModelContext,
  round: number,
  asks: boolean,
  from: { memory: number; code: number },
  current: readonly Group[] | null,
  steps: readonly number[],
): NodeTable {
  let nodes = tables.a.clear();
  let other = tables.b;
  nodes.add(from.memory * ctx.size + from.code, 1);
  if (current) {
    const damages = damagesOf(ctx, current);
    spread(ctx, nodes, other, (memory) => ({ damages, memory }));
    [nodes, other] = [other, nodes];
  }
  for (const agility of steps) {
    const kind = stepKind(ctx, round, asks, agility);
    spread(ctx, nodes, other, (memory, code) => kind.at(memory, code));
    [nodes, other] = [other, nodes];
  }
  return nodes;
}

/** How the round closes at a node: its standings and this round's score difference (`difference`). */
type CloseAt = (s: Standings, difference: number) => RoundClose;

/** Every node's close summed: the next round's nodes and the ends (`start`: the code when the round began). */
function closed(ctx: ModelContext, round: number, start: number, nodes: NodeTable, closeAt: CloseAt): Template {
  const { pools, size } = ctx;
  const startLeft = pools.map((_, i) => leftIn(ctx, start, i));
  const charge = chargeIndex(round);
  const met = standingsMet(ctx, charge);
  const models = ctx.setup.defender.unit.models + 1;
  const masks = 2 ** pools.length;
  const ends = new Map<number, number>();
  const next = tables.next.clear();
  const nextMemory = nextRoundMemories(ctx);
  for (let n = 0; n < nodes.count; n++) {
    const node = nodes.keys[n]!;
    const p = nodes.probs[n]!;
    const memory = Math.floor(node / size);
    const code = node - memory * size;
    let rfA = 0;
    let rfD = 0;
    let lost = 0;
    let alive = 0;
    for (let i = 0; i < pools.length; i++) {
      const pool = pools[i]!;
      const left = Math.floor(code / pool.stride) % (pool.full + 1);
      if (left > 0) alive |= 1 << i;
      // RULES §5: +1 Combat Score per HP the enemy lost this round (attacker's losses count against it).
      lost += (pool.side === 0 ? -1 : 1) * (startLeft[i]! - left);
      if (pool.ref.who === 'rf') {
        if (pool.side === 0) rfA = Math.ceil(left / pool.hp);
        else rfD = Math.ceil(left / pool.hp);
      }
    }
    const s = standingsAt(ctx, met, charge, (rfA * models + rfD) * masks + alive, rfA, rfD, alive);
    const close = closeAt(s, s.fixed[0] - s.fixed[1] + lost);
    for (const e of close.ends) ends.set(e.id, (ends.get(e.id) ?? 0) + p * e.p);
    if (close.goOn > 0) next.add(nextMemory(memory, alive) * size + code, p * close.goOn);
  }
  spend(nodes.count * (pools.length + 4));
  return {
    next: next.keys.slice(0, next.count),
    p: next.probs.slice(0, next.count),
    ended: [...ends].map(([id, p]) => ({ end: endById(ctx, id), p })),
  };
}

/** The Agility steps of a round from its start (flow.ts agilitySteps: every part standing with attacks, highest first). */
export const stepsOfRound = (ctx: ModelContext, round: number, code: number): number[] =>
  agilitySteps({ setup: ctx.setup, lost: lostOf(ctx, code), round });

/** A round asks for allocations in its first round, and when the players chose to allocate anew (flow.ts agilityKind). */
const asksIn = (round: number, anew: boolean) => round === 1 || anew;

/** The round's close as the rules have it after the attacks: score, Break Test, flee and pursuit. */
const afterAttacks =
  (ctx: ModelContext, round: number): CloseAt =>
  (s, difference) =>
    closeOf(ctx, s, difference, isLastRound(round));

/** Remembered templates of round starts, per combat (bounded: a combat's are a few thousand). */
const templatesOf = perOwner((_ctx: ModelContext) => ({ map: new Map<string, Template>(), entries: 0 }));
const MAX_TEMPLATE_ENTRIES = 4_000_000;

/** The round from a round's start (see Template), worked out once per kind of round. */
export function templateAt(ctx: ModelContext, p: Extract<NaPosition, { kind: 'start' }>): Template {
  const asks = asksIn(p.round, p.anew);
  const key = `${chargeIndex(p.round)}${isLastRound(p.round) ? 1 : 0}${asks ? 1 : 0}:${p.memory}:${p.code}`;
  const remembered = templatesOf(ctx);
  const seen = remembered.map.get(key);
  if (seen) return seen;
  const nodes = strikes(ctx, p.round, asks, p, null, stepsOfRound(ctx, p.round, p.code));
  const t = closed(ctx, p.round, p.code, nodes, afterAttacks(ctx, p.round));
  if (remembered.entries > MAX_TEMPLATE_ENTRIES) {
    remembered.map.clear();
    remembered.entries = 0;
  }
  remembered.map.set(key, t);
  remembered.entries += t.next.length + 1;
  return t;
}

/** The template's next round, as positions of round `round` + 1. */
function asTransition(ctx: ModelContext, round: number, t: Template): ModelTransition<NaPosition> {
  const next = new Array<{ position: NaPosition; p: number }>(t.next.length);
  const start = startsIn(ctx, round + 1);
  for (let k = 0; k < t.next.length; k++) next[k] = { position: start(t.next[k]!), p: t.p[k]! };
  spend(next.length + t.ended.length);
  return { next, ended: t.ended };
}

export function transitionOf(position: NaPosition): ModelTransition<NaPosition> {
  const { ctx, round } = position;
  switch (position.kind) {
    case 'start':
      return asTransition(ctx, round, templateAt(ctx, position));
    case 'strikes': {
      const asks = asksIn(round, position.anew);
      const nodes = strikes(ctx, round, asks, position, position.current, position.steps);
      return asTransition(ctx, round, closed(ctx, round, position.start, nodes, afterAttacks(ctx, round)));
    }
    case 'roundEnd': {
      const nodes = tables.a.clear();
      nodes.add(position.memory * ctx.size + position.code, 1);
      const close: CloseAt = (s, difference) => roundEndOf(ctx, s, difference, isLastRound(round));
      return asTransition(ctx, round, closed(ctx, round, position.start, nodes, close));
    }
    case 'flee':
      return fled(ctx, position);
  }
}

/** A broken unit flees 2D6; pursuers roll 2D6 at the same moment: equal or more catches and destroys it (RULES §5). */
function fled(ctx: ModelContext, position: Extract<NaPosition, { kind: 'flee' }>): ModelTransition<NaPosition> {
  const alive = aliveMask(ctx, position.code);
  const l = position.loser === 'attacker' ? 0 : 1;
  const status: [UnitStatus, UnitStatus] = ['fighting', 'fighting'];
  status[1 - l] = position.winnerDestroyed ? 'destroyed' : position.pursues ? 'pursuing' : 'fighting';
  const outcome = (fate: UnitStatus, p: number) => {
    const s: [UnitStatus, UnitStatus] = [...status];
    s[l] = fate;
    return { end: endById(ctx, endId(ctx, s, otherRole(position.loser), alive)), p };
  };
  const caught = position.pursues ? CATCH_CHANCE : 0;
  return {
    next: [],
    ended: [outcome('caught', caught), outcome('fled', 1 - caught)].filter((e) => e.p > 0),
  };
}
