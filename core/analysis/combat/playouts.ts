import { drawStepDice } from '../../combat/rollGroups';
import type { Input } from '../../combat/steps';
import { drawDice, seedState } from '../../dice/prng';
import { AnalysisTooLargeError, newMeter, spend, within } from '../budget';
import { CHUNK_WORK, runToEnd, type Chunked } from '../chunked';
import { stepWorkOf, suggestedOption, type Weighted } from './roundWalk';
import type { ExactSoFar } from './soFar';
import { endOf, namesOf, Tally } from './tally';
import type { CombatChain, WholeCombatOdds } from './types';

/**
 * The whole combat's odds estimated, when the exact walk is over budget: the engine's own seeded
 * play-outs ("Roll for me" on every roll, the suggested option on every choice) from the state, or
 * from the positions the exact chain reached before it gave up (soFar.ts), as many as the work
 * budget allows up to what the share still to play out needs (`playoutsFor`). Seeded from the
 * state's key, so the same state gives the same estimate. The standard error given is the largest
 * of the estimated chances'.
 */

export const PLAYOUTS = 2000;
/** At least this many, or the estimate is itself refused (too large even to play out). */
const MIN_PLAYOUTS = 50;
/**
 * The standard error the play-outs aim at, at worst: where the exact chain followed most of the
 * combat, a few hundred play-outs of the rest reach it, and more would not change a shown figure.
 */
export const TARGET_ERROR = 0.0025;
/** A position of the exact chain's last round is drawn as one face of a die this large (a uniform draw, exact to a billionth). */
const DRAW_SIDES = 2 ** 30;

/** A 32-bit hash of the state's key: the seed of its play-outs. */
function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h | 0;
}

/** One play-out from `state`: how it ended and in which round, or unfinished past `maxRounds` (also the round models' check). */
export function playOut<S>(
  chain: CombatChain<S>,
  state: S,
  rng: readonly number[],
  maxRounds: number,
): { s: S; rng: readonly number[]; unfinished: boolean } {
  let s = state;
  let at = rng;
  const stepWork = stepWorkOf(chain);
  for (;;) {
    if (chain.round(s) > maxRounds) return { s, rng: at, unfinished: true };
    const step = chain.rules.next(s);
    if (step.kind === 'outcome' && step.final) return { s, rng: at, unfinished: false };
    let input: Input;
    if (step.kind === 'roll') {
      const drawn = drawStepDice(at, step);
      at = drawn.state;
      input = { kind: 'roll', stepId: step.id, dice: drawn.faces, by: 'rolled' };
    } else if (step.kind === 'choose') input = { kind: 'choose', stepId: step.id, option: suggestedOption(step) };
    else input = { kind: 'continue', stepId: step.id };
    spend(stepWork);
    // Shed as the walk does: a play-out keeps no history, so no step copies a log grown over the whole combat.
    s = chain.shed(chain.rules.apply(s, input, step));
  }
}

export function estimateWholeCombat<S>(
  chain: CombatChain<S>,
  state: S,
  maxRounds: number,
  limit?: number,
  soFar?: ExactSoFar<S>,
): WholeCombatOdds {
  return runToEnd(estimateInChunks(chain, state, maxRounds, limit, soFar));
}

/**
 * Play-outs wanted for the share `still` of the combat left to play out: enough that no figure's
 * standard error passes `TARGET_ERROR` (at worst, a chance of one half), at least `MIN_PLAYOUTS`,
 * at most `PLAYOUTS`. The whole combat always gets `PLAYOUTS`; a tenth of it, a few hundred.
 */
export function playoutsFor(still: number): number {
  return Math.min(PLAYOUTS, Math.max(MIN_PLAYOUTS, Math.ceil((still / (2 * TARGET_ERROR)) ** 2)));
}

/** One of `layer`'s positions, drawn by its chance (of `total`), and the generator after the draw; one position is taken without a draw. */
function drawFrom<S>(
  layer: ReadonlyArray<Weighted<S>>,
  total: number,
  rng: readonly number[],
): { state: S; rng: readonly number[] } {
  if (layer.length === 1) return { state: layer[0]!.state, rng };
  const drawn = drawDice(rng, 1, DRAW_SIDES);
  let left = ((drawn.faces[0]! - 0.5) / DRAW_SIDES) * total;
  for (const w of layer) {
    left -= w.p;
    if (left < 0) return { state: w.state, rng: drawn.state };
  }
  return { state: layer[layer.length - 1]!.state, rng: drawn.state };
}

/**
 * The estimate in chunks (core/analysis/chunked.ts): it yields between play-outs once a chunk's work
 * is spent. With `soFar` (the exact chain gave up, soFar.ts) the rounds it counted stay exact and
 * each play-out starts from one of the positions it reached, drawn by its chance; each figure is
 * then the exact part plus the share still fighting times the play-outs' own figure, and so is its
 * standard error scaled.
 */
export function* estimateInChunks<S>(
  chain: CombatChain<S>,
  state: S,
  maxRounds: number,
  limit?: number,
  soFar?: ExactSoFar<S>,
): Chunked<WholeCombatOdds> {
  const units = chain.unitFates?.(state);
  const exact = soFar?.tally ?? new Tally().track(units);
  const layer = soFar?.layer ?? [{ state, p: 1 }];
  const still = layer.reduce((sum, w) => sum + w.p, 0);
  const wanted = playoutsFor(still);
  const tally = new Tally().track(units);
  const meter = newMeter(() => 'too many steps to play the combat out', limit);
  let rng: readonly number[] = seedState(hashOf(chain.key(state)));
  let played = 0;
  let chunkFrom = 0;
  for (; played < wanted; played++) {
    let r: ReturnType<typeof playOut<S>>;
    try {
      const from = drawFrom(layer, still, rng);
      r = within(meter, () => playOut(chain, from.state, from.rng, maxRounds));
    } catch (error) {
      if (!(error instanceof AnalysisTooLargeError) || played < MIN_PLAYOUTS) throw error;
      break;
    }
    rng = r.rng;
    if (r.unfinished) tally.unfinished += 1;
    else tally.add(endOf(chain, r.s), chain.round(r.s), 1);
    if (meter.spent - chunkFrom >= CHUNK_WORK) {
      yield;
      chunkFrom = meter.spent;
    }
  }
  const info = { exact: false, fromRound: chain.round(state), maxRounds };
  const names = namesOf(chain, state);
  const own = tally.odds(names, info, played);
  const odds = exact.plus(tally, still / played).odds(names, info);
  return {
    ...odds,
    playouts: played,
    standardError: still * largestError(own, played),
    exactRounds: soFar ? soFar.round - info.fromRound : 0,
  };
}

/** The largest standard error of the chances `odds` estimates from `played` play-outs. */
function largestError(odds: WholeCombatOdds, played: number): number {
  const chances = [
    odds.pAttackerWins,
    odds.pDefenderWins,
    odds.pDraw,
    odds.pUnfinished,
    ...[odds.attacker, odds.defender, ...(odds.units ?? [])].flatMap((u) => [u.pDestroyed, u.pFlees, u.pCaught]),
  ];
  return Math.max(...chances.map((q) => Math.sqrt((q * (1 - q)) / played)));
}
