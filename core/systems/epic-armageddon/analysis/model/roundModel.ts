import type { ModelTransition, RoundModel } from '../../../../analysis/combat/model';
import { waveGroups } from '../../dice';
import type { State, Wave } from '../../state';
import { epicArmageddonWalk } from '../walkChain';
import { contextOf, type Context } from './context';
import { endAt } from './ends';
import { LayerSums } from './layer';
import { divided, labelsOf, mergeLabels, type Labels } from './labels';
import { fromState } from './midRound';
import { charge, HANDED_ON, type RunWork } from './work';

/**
 * Epic Armageddon's compact round model (core/analysis/combat/model.ts): the exact whole-assault
 * odds as a chain over the positions rounds start from — how many units of each kind stand and
 * each war engine's damage capacity left (context.ts), which of alike units is which carried as
 * chances (labels.ts) — each round worked out from the dice's closed forms (side.ts, layer.ts),
 * not by walking the engine's steps.
 *
 * A position is a round's start (A3 after a draw, or A4 before any die of the round), or a state
 * part-way through a round, which the model finishes from where it stands (midRound.ts). The chain
 * hands the model a round's whole layer (`layer`), rolled once for the positions' sums by pair (the
 * round is not read); what the rolls of an assault share — each side's outcomes from a code and the
 * enemy's dice, the result from a pair — is remembered with the assault's context (the odds are
 * asked again after every step).
 */

interface Common {
  ctx: Context;
  /** The run of the chain it belongs to (work.ts `kept`: what the run has been charged for). */
  run: RunWork;
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
  const run: RunWork = { used: new Set() };
  const { pair, labels } = labelsOf(ctx, state.units);
  if (atStart(state)) return { kind: 'start', ctx, run, round: state.round, pair, key: `${ctx.id}|${pair}`, labels };
  const bare = epicArmageddonWalk.shed(state);
  const key = `${ctx.id}|w|${epicArmageddonWalk.key(bare)}`;
  return { kind: 'within', ctx, run, round: state.round, state: bare, pair, key, labels };
}

/**
 * A round's whole layer: the positions at a round's start summed by pair, those part-way through
 * one each through the rest of its round (midRound.ts) as far as supporting fire, the result or the
 * round's end; the rest of the round rolled once for the layer's sums (layer.ts).
 */
function layer(positions: ReadonlyArray<{ position: Position; p: number }>): ModelTransition<Position> {
  const sums = new LayerSums();
  const runs = new Map<Context, RunWork>();
  for (const { position, p } of positions) {
    if (position.kind === 'start') sums.start(position.ctx, position.pair, position.labels, p);
    else
      sums.add(position.ctx, position.pair, position.labels, p, fromState(position.ctx, position.run, position.state));
    if (!runs.has(position.ctx)) runs.set(position.ctx, position.run);
  }
  sums.resolve((ctx) => runs.get(ctx)!);
  const first = positions[0]?.position;
  const next = [...sums.next()].map((s) => ({
    position: {
      kind: 'start' as const,
      ctx: s.ctx,
      run: runs.get(s.ctx)!,
      round: first!.round + 1,
      pair: s.pair,
      key: `${s.ctx.id}|${s.pair}`,
      labels: s.labels,
    },
    p: s.mass,
  }));
  const ended = sums.ended().map((s) => ({ end: endAt(s.ctx, s.key, divided(s.alive, s.mass)), p: s.mass }));
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
