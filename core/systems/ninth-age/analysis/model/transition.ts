import { spend } from '../../../../analysis/budget';
import type { ModelTransition } from '../../../../analysis/combat/model';
import type { CombatEnd } from '../../../../analysis/combat/tally';
import { perOwner } from '../../../../combat/memo';
import { agilitySteps } from '../../flow';
import { CATCH_CHANCE } from '../../tables';
import { otherRole, type UnitStatus } from '../../state';
import { isLastRound } from './aftermath';
import { closeRound } from './close';
import { aliveMask, chargeIndex, lostOf, type ModelContext } from './context';
import { endById, endId } from './ends';
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
  /** The ends by number (ends.ts) and their chances. */
  endIds: Int32Array;
  endP: Float64Array;
  /** The ends as the chain counts them, once asked for (endedOf). */
  ended?: ReadonlyArray<{ end: CombatEnd; p: number }>;
}

/** A template's ends as the chain counts them. */
export const endedOf = (ctx: ModelContext, t: Template): ReadonlyArray<{ end: CombatEnd; p: number }> =>
  (t.ended ??= Array.from(t.endIds, (id, k) => ({ end: endById(ctx, id), p: t.endP[k]! })));

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
  let nodes = tables.a.clear(ctx.nodes);
  let other = tables.b;
  nodes.add(from.memory * ctx.size + from.code, 1);
  if (current) {
    const damages = damagesOf(ctx, current);
    const effect = { damages, memory: from.memory };
    spread(ctx, nodes, other, () => effect);
    [nodes, other] = [other, nodes];
  }
  for (const agility of steps) {
    const kind = stepKind(ctx, round, asks, agility);
    spread(ctx, nodes, other, (memory, code) => kind.at(memory, code));
    [nodes, other] = [other, nodes];
  }
  return nodes;
}

/** The round closed at every node (close.ts), as a template; `atRoundEnd`: the players are at the round's end. */
function closed(ctx: ModelContext, round: number, start: number, nodes: NodeTable, atRoundEnd = false): Template {
  const next = tables.next;
  const ends = closeRound(ctx, round, start, nodes, next, atRoundEnd);
  return { next: next.keys.slice(0, next.count), p: next.probs.slice(0, next.count), endIds: ends.ids, endP: ends.p };
}

/**
 * The Agility steps of a round from its start (flow.ts agilitySteps: every part standing with
 * attacks, highest first, chargers +1 in the round of the charge), once per set of such parts.
 */
export function stepsOfRound(ctx: ModelContext, round: number, code: number): readonly number[] {
  const charge = chargeIndex(round);
  let striking = 0;
  ctx.pools.forEach((p, i) => {
    if (p.attacks[Math.floor(code / p.stride) % (p.full + 1)]! > 0) striking |= 1 << i;
  });
  const steps = stepsOf(ctx)[charge]!;
  return (steps[striking] ??= agilitySteps({ setup: ctx.setup, lost: lostOf(ctx, code), round }));
}
const stepsOf = perOwner((_ctx: ModelContext): Array<Array<readonly number[] | undefined>> => [[], []]);

/** A round asks for allocations in its first round, and when the players chose to allocate anew (flow.ts agilityKind). */
const asksIn = (round: number, anew: boolean) => round === 1 || anew;

/** Remembered templates of round starts, per combat and kind of round (bounded: a combat's are a few thousand). */
const templatesOf = perOwner((_ctx: ModelContext) => ({ kinds: new Map<number, Map<number, Template>>(), entries: 0 }));
const MAX_TEMPLATE_ENTRIES = 4_000_000;

/** The kind of a round for its template: the charge, the game's last round, asking for allocations. */
const kindOfRound = (round: number, asks: boolean) =>
  chargeIndex(round) * 4 + (isLastRound(round) ? 2 : 0) + (asks ? 1 : 0);

/** The templates of one kind of round (see Template), by node: looked up once per round of the chain. */
export function templatesIn(ctx: ModelContext, round: number, anew: boolean): (node: number) => Template {
  const asks = asksIn(round, anew);
  const remembered = templatesOf(ctx);
  const kind = kindOfRound(round, asks);
  let byNode = remembered.kinds.get(kind);
  if (!byNode) remembered.kinds.set(kind, (byNode = new Map()));
  const met = byNode;
  return (node) => {
    const seen = met.get(node);
    if (seen) return seen;
    const memory = Math.floor(node / ctx.size);
    const code = node - memory * ctx.size;
    const nodes = strikes(ctx, round, asks, { memory, code }, null, stepsOfRound(ctx, round, code));
    const t = closed(ctx, round, code, nodes);
    if (remembered.entries > MAX_TEMPLATE_ENTRIES) {
      for (const m of remembered.kinds.values()) m.clear();
      remembered.entries = 0;
    }
    met.set(node, t);
    remembered.entries += t.next.length + 1;
    return t;
  };
}

/** The round from a round's start (see Template), worked out once per kind of round. */
export const templateAt = (ctx: ModelContext, p: Extract<NaPosition, { kind: 'start' }>): Template =>
  templatesIn(ctx, p.round, p.anew)(p.memory * ctx.size + p.code);

/** Work units a successor costs the chain of modelChain.ts besides the model's own work (see asTransition). */
const SUCCESSOR_WORK = 12;

/** The template's next round, as positions of round `round` + 1. */
function successorsOf(ctx: ModelContext, round: number, t: Template): Array<{ position: NaPosition; p: number }> {
  const next = new Array<{ position: NaPosition; p: number }>(t.next.length);
  const start = startsIn(ctx, round + 1);
  for (let k = 0; k < t.next.length; k++) next[k] = { position: start(t.next[k]!), p: t.p[k]! };
  return next;
}

/**
 * The template as a transition. Its successors are built when read, not kept: the chain remembers
 * every transition (modelChain.ts), and the example's eight million successor objects held there
 * would take half a gigabyte; the template they are built from is a tenth of that.
 */
function asTransition(ctx: ModelContext, round: number, t: Template): ModelTransition<NaPosition> {
  const ended = endedOf(ctx, t);
  // The chain's part: a key, a map entry and an object per successor (about 60 ns each, measured
  // with the example: 8 million successors in 0.5 s), charged here, as the chain charges none.
  spend(SUCCESSOR_WORK * t.next.length + ended.length);
  return {
    get next() {
      return successorsOf(ctx, round, t);
    },
    ended,
  };
}

export function transitionOf(position: NaPosition): ModelTransition<NaPosition> {
  const { ctx, round } = position;
  switch (position.kind) {
    case 'start':
      return asTransition(ctx, round, templateAt(ctx, position));
    case 'strikes': {
      const asks = asksIn(round, position.anew);
      const nodes = strikes(ctx, round, asks, position, position.current, position.steps);
      return asTransition(ctx, round, closed(ctx, round, position.start, nodes));
    }
    case 'roundEnd': {
      const nodes = tables.a.clear(ctx.nodes);
      nodes.add(position.memory * ctx.size + position.code, 1);
      return asTransition(ctx, round, closed(ctx, round, position.start, nodes, true));
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
