import { spend, workSpent } from '../../../../analysis/budget';
import type { ModelTransition, RoundModel } from '../../../../analysis/combat/model';
import type { CombatEnd } from '../../../../analysis/combat/tally';
import type { State } from '../../state';
import { MAX_ROUNDS } from '../../strikes';
import { afterBlows, type RoundOutcomes, type Stage } from './aftermath';
import { modelRoundOf, PAIR, type ModelRound } from './memory';
import { enterState, startPosition, type MidPosition, type Position, type StartPosition } from './position';
import { blowsFromStart, blowsFromState } from './strikes';

/**
 * 40k 7th edition's compact round model (core/analysis/combat/model.ts): a round from its start
 * (both units as multisets) or from any state part-way through it, in closed form — the blows
 * Initiative step by Initiative step (strikes.ts, over round.ts's binomial chains), then the
 * combat result, Morale, Sweeping Advance and the end of the round (aftermath.ts).
 */

/** A round from its start, remembered per setup and kind of round, with the work it took (charged again when reused). */
interface Remembered {
  /** The next round's starts: pairs of unit states (memory.ts PAIR). */
  next: Array<{ pair: number; p: number }>;
  ended: Array<{ end: CombatEnd; p: number }>;
  work: number;
}
const remembered = new WeakMap<ModelRound, Map<string, Remembered>>();
const MAX_REMEMBERED = 50_000;

function toRemembered(out: RoundOutcomes, work: number): Remembered {
  const next = [...out.next].map(([pair, p]) => ({ pair, p }));
  return { next, ended: [...out.ended].map(([end, p]) => ({ end, p })), work };
}

/** The outcomes of a round from its start (both units as they stand), memoised: rounds after the first are alike but for the last a game allows. */
function fromStart(position: StartPosition): Remembered {
  const mr = modelRoundOf(position.setup, position.round);
  const a = mr.id('attacker', position.a);
  const d = mr.id('defender', position.d);
  let memo = remembered.get(mr);
  if (!memo) remembered.set(mr, (memo = new Map()));
  const key = `${a * PAIR + d}|${position.round >= MAX_ROUNDS ? 'last' : ''}`;
  const seen = memo.get(key);
  if (seen) {
    spend(seen.work);
    return seen;
  }
  const before = workSpent();
  const start = { attacker: mr.factsOf('attacker', a).total, defender: mr.factsOf('defender', d).total };
  const out = afterBlows(mr, blowsFromStart(mr, a, d), { round: position.round, from: 'result', start });
  const t = toRemembered(out, workSpent() - before);
  if (memo.size >= MAX_REMEMBERED) memo.clear();
  memo.set(key, t);
  return t;
}

/** Where the rest of a round starts from, by the state's phase. */
const stageOf = (state: State): Stage =>
  state.phase === 'sweep' ? 'sweep' : state.phase === 'roundEnd' ? 'roundEnd' : 'result';

/** The outcomes of the rest of the round from a state part-way through it. */
function fromState(position: MidPosition): Remembered {
  const { state } = position;
  const mr = modelRoundOf(position.setup, position.round);
  const { attacker, defender } = mr.ctx.spaces;
  const start = {
    attacker: attacker.total(attacker.fromWounds(state.roundStart.attacker)),
    defender: defender.total(defender.fromWounds(state.roundStart.defender)),
  };
  const facts = { round: state.round, from: stageOf(state), start, lastWinner: state.result?.winner ?? null };
  return toRemembered(afterBlows(mr, blowsFromState(mr, state), facts), 0);
}

/** The start positions of round `round` by pair of unit states of `mr`, each made once (its key built once). */
const starts = new WeakMap<ModelRound, Map<number, Map<number, StartPosition>>>();
function startsOf(mr: ModelRound, round: number): Map<number, StartPosition> {
  let byRound = starts.get(mr);
  if (!byRound) starts.set(mr, (byRound = new Map()));
  let byPair = byRound.get(round);
  if (!byPair) byRound.set(round, (byPair = new Map()));
  return byPair;
}

function transition(position: Position): ModelTransition<Position> {
  const t = position.kind === 'start' ? fromStart(position) : fromState(position);
  // Each next position is added to the chain's next layer by its key: a few units each.
  spend(6 * (t.next.length + t.ended.length));
  const mr = modelRoundOf(position.setup, position.round);
  const round = position.round + 1;
  const byPair = startsOf(mr, round);
  const next = new Array<{ position: Position; p: number }>(t.next.length);
  for (let i = 0; i < t.next.length; i++) {
    const { pair, p } = t.next[i]!;
    let start = byPair.get(pair);
    if (!start) {
      const a = Math.floor(pair / PAIR);
      const ua = mr.factsOf('attacker', a);
      const ud = mr.factsOf('defender', pair - a * PAIR);
      byPair.set(pair, (start = startPosition(mr.setup, round, ua.u, ua.key, ud.u, ud.key)));
    }
    next[i] = { position: start, p };
  }
  return { next, ended: t.ended };
}

export const wh40k7eModel: RoundModel<State, Position> = {
  enter: enterState,
  key: (position) => position.key,
  round: (position) => position.round,
  transition,
};

export type { Position } from './position';
