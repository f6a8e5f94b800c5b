import { spend } from '../../../../analysis/budget';
import type { ModelTransition } from '../../../../analysis/combat/model';
import type { CombatEnd } from '../../../../analysis/combat/tally';
import { perOwner } from '../../../../combat/memo';
import { agilitySteps } from '../../flow';
import { CATCH_CHANCE } from '../../tables';
import { otherRole, type UnitStatus } from '../../state';
import { isLastRound } from './aftermath';
import { closeRound } from './close';
import { EndSums } from './endSums';
import { aliveMask, chargeIndex, lostOf, type ModelContext } from './context';
import { endById, endId } from './ends';
import { NodeTable } from './nodeTable';
import { startsIn, type NaPosition } from './position';
import { renewStore, storeLimits, storeOf, type Template } from './store';
import { digitOf, effectOf, spread } from './spread';
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

/** A template's ends as the chain counts them. */
function endedOf(ctx: ModelContext, t: Template): Array<{ end: CombatEnd; p: number }> {
  const { endIds, endP } = t.chunk;
  const ended = new Array<{ end: CombatEnd; p: number }>(t.endTo - t.endFrom);
  for (let k = t.endFrom; k < t.endTo; k++) ended[k - t.endFrom] = { end: endById(ctx, endIds[k]!), p: endP[k]! };
  return ended;
}

/** Scratch tables of the programme (one round is worked out at a time). */
const tables = { a: new NodeTable(1024), b: new NodeTable(1024) };
const roundEnds = new EndSums();

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
    const effect = effectOf(damages, from.memory);
    spread(ctx, nodes, other, { at: () => effect });
    [nodes, other] = [other, nodes];
  }
  for (const agility of steps) {
    spread(ctx, nodes, other, stepKind(ctx, round, asks, agility));
    const swap = nodes;
    nodes = other;
    other = swap;
  }
  return nodes;
}

/** The round closed at every node (close.ts), as a template (store.ts); `atRoundEnd`: the players are at the round's end. */
function closed(ctx: ModelContext, round: number, start: number, nodes: NodeTable, atRoundEnd = false): Template {
  const store = storeOf(ctx);
  const from = closeRound(ctx, round, start, nodes, store, roundEnds, atRoundEnd);
  return store.close(from, roundEnds);
}

/**
 * The Agility steps of a round from its start (flow.ts agilitySteps: every part standing with
 * attacks, highest first, chargers +1 in the round of the charge), once per set of such parts.
 */
export function stepsOfRound(ctx: ModelContext, round: number, code: number): readonly number[] {
  const charge = chargeIndex(round);
  let striking = 0;
  for (let i = 0; i < ctx.pools.length; i++) {
    const p = ctx.pools[i]!;
    if (p.attacks[digitOf(code, p.stride, p.full + 1)]! > 0) striking |= 1 << i;
  }
  const steps = stepsOf(ctx)[charge]!;
  return (steps[striking] ??= agilitySteps({ setup: ctx.setup, lost: lostOf(ctx, code), round }));
}
const stepsOf = perOwner((_ctx: ModelContext): Array<Array<readonly number[] | undefined>> => [[], []]);

/** A round asks for allocations in its first round, and when the players chose to allocate anew (flow.ts agilityKind). */
const asksIn = (round: number, anew: boolean) => round === 1 || anew;

/**
 * Remembered templates of round starts, per combat and kind of round (bounded by their store's
 * entries: forgetIfFull), by their start's place in a node table (nodeTable.ts: cheaper than a Map).
 */
interface Templates {
  index: NodeTable;
  list: Template[];
}
const templatesOf = perOwner((_ctx: ModelContext) => ({ kinds: new Map<number, Templates>() }));

/** The kind of a round for its template: the charge, the game's last round, asking for allocations. */
const kindOfRound = (round: number, asks: boolean) =>
  chargeIndex(round) * 4 + (isLastRound(round) ? 2 : 0) + (asks ? 1 : 0);

/**
 * The templates remembered forgotten, once they are too many: only between rounds (a layer's
 * templates are all read from one store: layer.ts), so a round's own may pass the bound.
 */
export function forgetIfFull(ctx: ModelContext): void {
  if (storeOf(ctx).entries <= storeLimits.entries) return;
  for (const m of templatesOf(ctx).kinds.values()) {
    m.index.clear(ctx.nodes);
    m.list.length = 0;
  }
  renewStore(ctx);
}

/** The templates of one kind of round (see Template), by node: looked up once per round of the chain. */
export function templatesIn(ctx: ModelContext, round: number, anew: boolean): (node: number) => Template {
  const asks = asksIn(round, anew);
  const remembered = templatesOf(ctx);
  const kind = kindOfRound(round, asks);
  let met = remembered.kinds.get(kind);
  if (!met) remembered.kinds.set(kind, (met = { index: new NodeTable(1024).clear(ctx.nodes), list: [] }));
  const { index, list } = met;
  return (node) => {
    const at = index.indexOf(node);
    const seen = list[at];
    if (seen) return seen;
    const memory = Math.floor(node / ctx.size);
    const code = node - memory * ctx.size;
    const nodes = strikes(ctx, round, asks, { memory, code }, null, stepsOfRound(ctx, round, code));
    return (list[at] = closed(ctx, round, code, nodes));
  };
}

/** The round from a round's start (see Template), worked out once per kind of round. */
export const templateAt = (ctx: ModelContext, p: Extract<NaPosition, { kind: 'start' }>): Template =>
  templatesIn(ctx, p.round, p.anew)(p.memory * ctx.size + p.code);

/** Work units a successor costs the chain of modelChain.ts besides the model's own work (see asTransition). */
const SUCCESSOR_WORK = 12;

/** The template's next round, as positions of round `round` + 1. */
function successorsOf(ctx: ModelContext, round: number, t: Template): Array<{ position: NaPosition; p: number }> {
  const next = new Array<{ position: NaPosition; p: number }>(t.to - t.from);
  const start = startsIn(ctx, round + 1);
  const { nodes, next: entries, p } = t.chunk;
  for (let k = t.from; k < t.to; k++) next[k - t.from] = { position: start(nodes, entries[k]!), p: p[k]! };
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
  spend(SUCCESSOR_WORK * (t.to - t.from) + ended.length);
  return {
    get next() {
      return successorsOf(ctx, round, t);
    },
    ended,
  };
}

export function transitionOf(position: NaPosition): ModelTransition<NaPosition> {
  forgetIfFull(position.ctx);
  return transitionAt(position);
}

/** The transition from `position`, the templates remembered kept (a layer's: layer.ts). */
export function transitionAt(position: NaPosition): ModelTransition<NaPosition> {
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
