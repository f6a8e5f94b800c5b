import { AnalysisTooLargeError, spend, workSpent } from '../budget';
import { chunkFull, type Chunked } from '../chunked';
import type { ModelTransition, RoundModel } from './model';
import { Masses, ModelGraph } from './modelGraph';
import { projectedOver } from './projection';
import { branches, MAX_STEPS_PER_ROUND, stepWorkOf } from './roundWalk';
import { endOf, namesOf, Tally, type CombatEnd } from './tally';
import type { CombatChain, WholeCombatOdds } from './types';

/**
 * The whole combat's exact odds over a system's compact model (model.ts): a Markov chain over the
 * positions rounds start from, each round's transition worked out in closed form and remembered by
 * its position's key, the chances of equal positions added up, round after round, until no combat
 * is left or the chain is cut after `maxRounds` (what is still fighting then is `pUnfinished`).
 *
 * From a state the model does not take (part-way through a round, where only the engine knows what
 * comes next), the engine's own steps are walked — every roll by its outcomes, every choice by the
 * suggested option, as in roundWalk.ts — until each path reaches a state the model takes.
 */

type Layer<P> = Map<string, { position: P; p: number }>;

/** Each combat setup's graph of positions (a WeakMap: it goes with the combat), started afresh past a bound. */
const graphs = new WeakMap<object, ModelGraph<unknown>>();
const MAX_GRAPH_POSITIONS = 2_000_000;

/** Adds `p` to the position `key` of round `round`'s layer (merged by the model where it merges positions). */
function addPosition<P>(
  layers: Map<number, Layer<P>>,
  model: Pick<RoundModel<unknown, P>, 'merge'>,
  round: number,
  key: string,
  position: P,
  p: number,
): void {
  let layer = layers.get(round);
  if (!layer) layers.set(round, (layer = new Map()));
  const seen = layer.get(key);
  if (!seen) return void layer.set(key, { position, p });
  if (model.merge) seen.position = model.merge(seen.position, seen.p, position, p);
  seen.p += p;
}

/** Where the engine's walk from a state leads: the positions the model takes, by round, and the ends met first. */
interface Entered<P> {
  layers: Map<number, Layer<P>>;
  ended: Array<{ end: CombatEnd; round: number; p: number }>;
}

/** Walks the engine's steps from `state` until every path is finished or taken by the model (see above). */
export function enterModel<S, P>(chain: CombatChain<S>, model: RoundModel<S, P>, state: S): Entered<P> {
  const entered: Entered<P> = { layers: new Map(), ended: [] };
  let frontier = new Map<string, { state: S; p: number }>([[chain.key(state), { state: chain.shed(state), p: 1 }]]);
  for (let steps = 0; frontier.size > 0; steps++) {
    if (steps > MAX_STEPS_PER_ROUND)
      throw new AnalysisTooLargeError('a combat round with too many steps to follow exactly');
    const after = new Map<string, { state: S; p: number }>();
    for (const { state: s, p } of frontier.values()) {
      const step = chain.rules.next(s);
      if (step.kind === 'outcome' && step.final) {
        entered.ended.push({ end: endOf(chain, s), round: chain.round(s), p });
        continue;
      }
      const position = model.enter(s);
      if (position !== null) {
        addPosition(entered.layers, model, model.round(position), model.key(position), position, p);
        continue;
      }
      for (const b of branches(s, step)) {
        if (b.p === 0) continue;
        spend(stepWorkOf(chain));
        const s2 = chain.shed(chain.rules.apply(s, b.input, step));
        const key = chain.key(s2);
        const seen = after.get(key);
        if (seen) seen.p += p * b.p;
        else after.set(key, { state: s2, p: p * b.p });
      }
    }
    frontier = after;
  }
  return entered;
}

/**
 * One round's layer worked out, for a model that takes a whole layer at once (`layer`) or merges
 * positions (`merge`: each position's transition, none remembered) — ends and next positions with
 * their chances absolute.
 */
function layerOf<P>(model: RoundModel<unknown, P>, layer: Layer<P>): ModelTransition<P> {
  if (model.layer) return model.layer([...layer.values()]);
  const next: Array<{ position: P; p: number }> = [];
  const ended: ModelTransition<P>['ended'][number][] = [];
  for (const { position, p } of layer.values()) {
    const t = model.transition(position);
    for (const e of t.ended) ended.push({ end: e.end, p: p * e.p });
    for (const n of t.next) next.push({ position: n.position, p: p * n.p });
  }
  return { next, ended };
}

/**
 * The chain over the model from `state`, in chunks (chunked.ts: it yields once a chunk's work is
 * spent). Throws AnalysisTooLargeError past the current meter. `states` in the answer counts the
 * positions whose round was worked out. Over the model's graph of numbered positions
 * (modelGraph.ts), unless the model takes whole layers or merges positions.
 */
export function modelChainInChunks<S, P>(
  chain: CombatChain<S>,
  model: RoundModel<S, P>,
  state: S,
  maxRounds: number,
  budget = Infinity,
): Chunked<WholeCombatOdds> {
  return model.layer || model.merge
    ? layeredChainInChunks(chain, model, state, maxRounds, budget)
    : graphChainInChunks(chain, model, state, maxRounds, budget);
}

/**
 * Gives up, from counts, once the next round's positions at the last round's work each overshoot
 * what is left of `budget` twice over (wholeCombat.ts `projectedOver`): the estimate then gets the
 * work the chain would have wasted. The same counts give the same decision on any machine.
 */
class RoundMeter {
  private last: { states: number; work: number } | null = null;
  private from = 0;
  constructor(private readonly budget: number) {}

  /** At the start of a round of `states` positions. */
  begin(states: number): void {
    const spent = workSpent();
    // A round of one position (a combat's first, from its start) pays the model's cold start — the
    // tables every later round reuses — so its price per position says nothing of a later round's:
    // projections start from a round of several. The hard budget still bounds the work.
    if (this.last && this.last.states > 1 && projectedOver({ states }, this.last, spent, this.budget))
      throw new AnalysisTooLargeError('too many positions to follow the whole combat exactly');
    this.from = spent;
    this.last = { states, work: 0 };
  }

  end(): void {
    if (this.last) this.last.work = workSpent() - this.from;
  }
}

/**
 * What both chains start from: the round the state is in and the last one counted, the ends the
 * engine's walk into the model met first (tallied), the positions it reached by round, and the
 * answer from the tally once the rounds are done (`states`: the positions worked out).
 */
function chainStart<S, P>(chain: CombatChain<S>, model: RoundModel<S, P>, state: S, maxRounds: number) {
  const fromRound = chain.round(state);
  const limit = Math.max(maxRounds, fromRound);
  const tally = new Tally().track(chain.unitFates?.(state));
  const { layers, ended } = enterModel(chain, model, state);
  for (const e of ended) tally.add(e.end, e.round, e.p);
  const odds = (states: number): WholeCombatOdds => ({
    ...tally.odds(namesOf(chain, state), { exact: true, fromRound, maxRounds: limit }),
    states,
  });
  return { fromRound, limit, tally, layers, odds };
}

/**
 * The rounds of `byRound` from `fromRound` on, in order, each taken out as it is reached: working a
 * round out adds the later rounds it leads to, so what is left is looked at again each time.
 */
function* roundsFrom<L>(byRound: Map<number, L>, fromRound: number): Generator<[number, L]> {
  for (let round = fromRound; [...byRound.keys()].some((r) => r >= round); round++) {
    const here = byRound.get(round);
    byRound.delete(round);
    if (here) yield [round, here];
  }
}

/** The chain a round's layer at a time (see above). */
function* layeredChainInChunks<S, P>(
  chain: CombatChain<S>,
  model: RoundModel<S, P>,
  state: S,
  maxRounds: number,
  budget: number,
): Chunked<WholeCombatOdds> {
  const meter = new RoundMeter(budget);
  const { fromRound, limit, tally, layers, odds } = chainStart(chain, model, state, maxRounds);
  let states = 0;
  let chunkFrom = workSpent();
  for (const [round, layer] of roundsFrom(layers, fromRound)) {
    if (round > limit) {
      for (const { p } of layer.values()) tally.unfinished += p;
      continue;
    }
    states += layer.size;
    meter.begin(layer.size);
    const t = layerOf(model as RoundModel<unknown, P>, layer);
    for (const e of t.ended) tally.add(e.end, round, e.p);
    for (const n of t.next) {
      const next = model.round(n.position);
      if (next <= round) throw new Error(`a round model's transition from round ${round} led to round ${next}`);
      addPosition(layers, model, next, model.key(n.position), n.position, n.p);
    }
    meter.end();
    if (chunkFull(chunkFrom)) {
      yield;
      chunkFrom = workSpent();
    }
  }
  return odds(states);
}

/** The graph of `setup`'s positions under `model`, kept from one asking to the next. */
function graphOf<P>(setup: object, model: RoundModel<unknown, P>): ModelGraph<P> {
  let graph = graphs.get(setup) as ModelGraph<P> | undefined;
  if (!graph || graph.positions.length > MAX_GRAPH_POSITIONS) {
    graph = new ModelGraph(model);
    graphs.set(setup, graph as ModelGraph<unknown>);
  }
  return graph;
}

/**
 * One round over the graph: each position's chance carried along its edges into the next round's
 * masses, the round's ends added up by end. A position made in an earlier asking is charged the
 * work it took then, once a run (`charged`), so whether the odds are exact never depends on what
 * was kept.
 */
function graphRound<P>(
  graph: ModelGraph<P>,
  here: Masses,
  next: Masses,
  charged: Set<number>,
  ended: (end: CombatEnd, p: number) => void,
): void {
  for (const n of here.active) {
    const p = here.mass[n]!;
    if (p === 0) continue;
    const made = graph.nodes[n];
    const node = graph.node(n);
    if (!charged.has(n)) {
      charged.add(n);
      if (made) spend(node.work);
    }
    spend(node.next.length + node.ends.length);
    for (let i = 0; i < node.next.length; i++) next.add(node.next[i]!, p * node.nextP[i]!);
    for (let i = 0; i < node.ends.length; i++) ended(node.ends[i]!, p * node.endP[i]!);
  }
}

/** The chain over the model's graph (see above): a transition leads to the next round's start. */
function* graphChainInChunks<S, P>(
  chain: CombatChain<S>,
  model: RoundModel<S, P>,
  state: S,
  maxRounds: number,
  budget: number,
): Chunked<WholeCombatOdds> {
  const meter = new RoundMeter(budget);
  const graph = graphOf(chain.setup(state), model as RoundModel<unknown, P>);
  const { fromRound, limit, tally, layers, odds } = chainStart(chain, model, state, maxRounds);
  const rounds = new Map<number, Masses>();
  const massesOf = (round: number) => rounds.get(round) ?? rounds.set(round, new Masses()).get(round)!;
  for (const [round, layer] of layers)
    for (const [key, { position, p }] of layer) massesOf(round).add(graph.numberOf(key, position), p);
  const charged = new Set<number>();
  let states = 0;
  let chunkFrom = workSpent();
  for (const [round, here] of roundsFrom(rounds, fromRound)) {
    if (round > limit) {
      for (const n of here.active) tally.unfinished += here.mass[n]!;
      continue;
    }
    states += here.active.length;
    meter.begin(here.active.length);
    graphRound(graph, here, massesOf(round + 1), charged, (end, p) => tally.add(end, round, p));
    meter.end();
    if (chunkFull(chunkFrom)) {
      yield;
      chunkFrom = workSpent();
    }
  }
  return odds(states);
}
