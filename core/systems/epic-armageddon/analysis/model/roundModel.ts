import type { ModelTransition, RoundModel } from '../../../../analysis/combat/model';
import { waveGroups } from '../../dice';
import type { State, Wave } from '../../state';
import { epicArmageddonWalk } from '../walkChain';
import { codeOf, contextOf, pairOf, type Context } from './context';
import { endAt } from './ends';
import { fromStart, fromState } from './midRound';
import type { Found } from './stages';
import { charge, charged, HANDED_ON } from './work';

/**
 * Epic Armageddon's compact round model (core/analysis/combat/model.ts): the exact whole-assault
 * odds as a chain over the positions rounds start from — each unit standing or not, each war
 * engine's damage capacity left (context.ts) — each round worked out from the dice's closed forms
 * (side.ts, stages.ts), not by walking the engine's steps.
 *
 * A position is a round's start (A3 after a draw, or A4 before any die of the round), or a state
 * part-way through a round, which the model finishes from where it stands (midRound.ts).
 */

export type Position =
  | { kind: 'start'; ctx: Context; round: number; pair: number; key: string }
  | { kind: 'within'; ctx: Context; round: number; state: State; key: string };

/** The start of round `round` at this pair of codes, one object per context, round and pair (their keys are worked out once). */
function startAt(ctx: Context, round: number, pair: number): Position {
  let byPair = ctx.positions.get(round);
  if (!byPair) ctx.positions.set(round, (byPair = new Map()));
  let p = byPair.get(pair) as Position | undefined;
  if (!p) byPair.set(pair, (p = { kind: 'start', ctx, round, pair, key: `${ctx.id}|${round}|${pair}` }));
  return p;
}

/** A wave no die of which is rolled yet, nothing allocated. */
function untouched(wave: Wave, fresh: Wave['groups']): boolean {
  const quiet = (['attacker', 'defender'] as const).every((r) => {
    const on = wave.on[r];
    return on.hits.macro + on.hits.normal === 0 && on.given === null && on.saves === null;
  });
  return quiet && JSON.stringify(wave.groups) === JSON.stringify(fresh);
}

/**
 * Whether a state stands at its round's start: at A3 after a draw (the suggested answers keep every
 * unit engaged as before), or at the First Strike wave before any die — or at the other combat
 * attacks before any die when no unit has First Strike attacks to make.
 */
function atStart(state: State): boolean {
  const phase = state.phase;
  if (phase.at === 'a3') return true;
  if (phase.at !== 'wave') return false;
  const { kind } = phase.wave;
  if (kind === 'support') return false;
  const firstStrike = waveGroups(state.setup, state.units, 'firstStrike').groups;
  if (kind === 'firstStrike') return untouched(phase.wave, firstStrike);
  return firstStrike.length === 0 && untouched(phase.wave, waveGroups(state.setup, state.units, 'main').groups);
}

function enter(state: State): Position | null {
  if (state.phase.at === 'end') return null;
  const ctx = contextOf(state);
  if (!ctx) return null;
  if (atStart(state))
    return startAt(
      ctx,
      state.round,
      pairOf(ctx, codeOf(ctx.sides.attacker, state.units.attacker), codeOf(ctx.sides.defender, state.units.defender)),
    );
  const bare = epicArmageddonWalk.shed(state);
  return { kind: 'within', ctx, round: state.round, state: bare, key: `${ctx.id}|w|${epicArmageddonWalk.key(bare)}` };
}

/** A round's start does not read the round: its round is worked out once per pair of codes (and charged each time). */
const foundFrom = (ctx: Context, pair: number): Found =>
  charged(ctx.rounds, pair, () => {
    const found: Found = { next: new Map(), ended: new Map() };
    fromStart(ctx, pair, found);
    return found;
  }) as Found;

function transition(position: Position): ModelTransition<Position> {
  const { ctx } = position;
  let found: Found;
  if (position.kind === 'start') found = foundFrom(ctx, position.pair);
  else fromState(ctx, position.state, (found = { next: new Map(), ended: new Map() }));
  charge(HANDED_ON * (found.next.size + found.ended.size));
  return {
    next: [...found.next].map(([pair, p]) => ({ position: startAt(ctx, position.round + 1, pair), p })),
    ended: [...found.ended].map(([key, p]) => ({ end: endAt(ctx, key), p })),
  };
}

export const epicArmageddonModel: RoundModel<State, Position> = {
  enter,
  key: (p) => p.key,
  round: (p) => p.round,
  transition,
};
