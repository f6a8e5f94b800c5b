import type { ModelTransition, RoundModel } from '../../../../analysis/combat/model';
import { waveGroups } from '../../dice';
import type { State, Wave } from '../../state';
import { epicArmageddonWalk } from '../walkChain';
import { contextOf, type Context } from './context';
import { endAt } from './ends';
import { LayerSums } from './layer';
import { divided, labelsOf, mergeLabels, type Labels } from './labels';
import type { Worked } from './entries';
import { fromStart, fromState } from './midRound';
import { sideMemo } from './side';
import type { Memos } from './stages';
import { charge, HANDED_ON } from './work';

/**
 * Epic Armageddon's compact round model (core/analysis/combat/model.ts): the exact whole-assault
 * odds as a chain over the positions rounds start from — how many units of each kind stand and
 * each war engine's damage capacity left (context.ts), which of alike units is which carried as
 * chances (labels.ts) — each round worked out from the dice's closed forms (side.ts, stages.ts),
 * not by walking the engine's steps.
 *
 * A position is a round's start (A3 after a draw, or A4 before any die of the round), or a state
 * part-way through a round, which the model finishes from where it stands (midRound.ts). The chain
 * hands the model a round's whole layer (`layer`): a round from a pair of codes is worked out once
 * per run (the positions of every round share it: the round is not read), and each position's
 * labels are moved through it.
 */

/** One run of the chain (from one state the model entered): what its rounds work out, remembered for its later rounds. */
interface Run {
  memos: Map<Context, { sides: Memos; rounds: Map<number, Worked> }>;
}

interface Common {
  ctx: Context;
  run: Run;
  round: number;
  key: string;
  /** Its pair of codes (a state part-way: where its units stand now), and which of alike units is which (labels.ts). */
  pair: number;
  labels: Labels;
}

export type Position = (Common & { kind: 'start' }) | (Common & { kind: 'within'; state: State });

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
  const run: Run = { memos: new Map() };
  const { pair, labels } = labelsOf(ctx, state.units);
  if (atStart(state)) return { kind: 'start', ctx, run, round: state.round, pair, key: `${ctx.id}|${pair}`, labels };
  const bare = epicArmageddonWalk.shed(state);
  const key = `${ctx.id}|w|${epicArmageddonWalk.key(bare)}`;
  return { kind: 'within', ctx, run, round: state.round, state: bare, pair, key, labels };
}

/** The run's memos for a context. */
function memosOf(run: Run, ctx: Context) {
  let m = run.memos.get(ctx);
  if (!m) run.memos.set(ctx, (m = { sides: { attacker: sideMemo(), defender: sideMemo() }, rounds: new Map() }));
  return m;
}

/** The round from a position: from a round's start, once per run and pair of codes; from a state part-way, afresh. */
function workedOf(p: Position): Worked {
  const m = memosOf(p.run, p.ctx);
  if (p.kind === 'within') return fromState(p.ctx, m.sides, p.state);
  let w = m.rounds.get(p.pair);
  if (!w) m.rounds.set(p.pair, (w = fromStart(p.ctx, m.sides, p.pair)));
  return w;
}

/**
 * A round's whole layer: every position's round to the end of its combat attacks, its labels moved
 * through it and summed by pair; supporting fire and the result for the layer's sums (layer.ts).
 */
function layer(positions: ReadonlyArray<{ position: Position; p: number }>): ModelTransition<Position> {
  const sums = new LayerSums();
  const runs = new Map<Context, Run>();
  for (const { position, p } of positions) {
    sums.add(position.ctx, position.pair, position.labels, p, workedOf(position));
    if (!runs.has(position.ctx)) runs.set(position.ctx, position.run);
  }
  sums.resolve((ctx) => memosOf(runs.get(ctx)!, ctx).sides);
  const first = positions[0]?.position;
  const next = [...sums.next.values()]
    .flatMap((m) => [...m.values()])
    .map((s) => ({
      position: {
        kind: 'start' as const,
        ctx: s.ctx,
        run: runs.get(s.ctx)!,
        round: first!.round + 1,
        pair: s.pair,
        key: `${s.ctx.id}|${s.pair}`,
        labels: divided(s.v, s.mass),
      },
      p: s.mass,
    }));
  const ended = [...sums.ended.values()]
    .flatMap((m) => [...m.values()])
    .map((s) => ({ end: endAt(s.ctx, s.key, divided(s.alive, s.mass)), p: s.mass }));
  charge(HANDED_ON * (next.length + ended.length));
  return { next, ended };
}

/** Two positions of one key: one position, its labels averaged (a state part-way is the same state). */
function merge(a: Position, pa: number, b: Position, pb: number): Position {
  return a.kind === 'start' ? { ...a, labels: mergeLabels(a.labels, pa, b.labels, pb) } : a;
}

export const epicArmageddonModel: RoundModel<State, Position> = {
  enter,
  key: (p) => p.key,
  round: (p) => p.round,
  transition: (position) => layer([{ position, p: 1 }]),
  layer,
  merge,
};
