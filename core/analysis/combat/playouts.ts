import { drawStepDice } from '../../combat/rollGroups';
import type { Input } from '../../combat/steps';
import { seedState } from '../../dice/prng';
import { AnalysisTooLargeError, newMeter, spend, within } from '../budget';
import { CHUNK_WORK, runToEnd, type Chunked } from '../chunked';
import { stepWorkOf, suggestedOption } from './roundWalk';
import { endOf, namesOf, Tally } from './tally';
import type { CombatChain, WholeCombatOdds } from './types';

/**
 * The whole combat's odds estimated, when the exact walk is over budget: the engine's own seeded
 * play-outs from the state ("Roll for me" on every roll, the suggested option on every choice), as
 * many as the work budget allows up to `PLAYOUTS`. Seeded from the state's key, so the same state
 * gives the same estimate. The standard error given is the largest of the estimated chances'.
 */

export const PLAYOUTS = 2000;
/** At least this many, or the estimate is itself refused (too large even to play out). */
const MIN_PLAYOUTS = 50;

/** A 32-bit hash of the state's key: the seed of its play-outs. */
function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h | 0;
}

/** One play-out from `state`: how it ended and in which round, or unfinished past `maxRounds`. */
function playOut<S>(chain: CombatChain<S>, state: S, rng: readonly number[], maxRounds: number): { s: S; rng: readonly number[]; unfinished: boolean } {
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

export function estimateWholeCombat<S>(chain: CombatChain<S>, state: S, maxRounds: number, limit?: number): WholeCombatOdds {
  return runToEnd(estimateInChunks(chain, state, maxRounds, limit));
}

/** The estimate in chunks (core/analysis/chunked.ts): it yields between play-outs once a chunk's work is spent. */
export function* estimateInChunks<S>(chain: CombatChain<S>, state: S, maxRounds: number, limit?: number): Chunked<WholeCombatOdds> {
  const tally = new Tally().track(chain.unitFates?.(state));
  const meter = newMeter(() => 'too many steps to play the combat out', limit);
  let rng: readonly number[] = seedState(hashOf(chain.key(state)));
  let played = 0;
  let chunkFrom = 0;
  for (; played < PLAYOUTS; played++) {
    let r: ReturnType<typeof playOut<S>>;
    try {
      r = within(meter, () => playOut(chain, state, rng, maxRounds));
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
  const odds = tally.odds(namesOf(chain, state), { exact: false, fromRound: chain.round(state), maxRounds }, played);
  const chances = [odds.pAttackerWins, odds.pDefenderWins, odds.pDraw, odds.pUnfinished, ...[odds.attacker, odds.defender, ...(odds.units ?? [])].flatMap((u) => [u.pDestroyed, u.pFlees, u.pCaught])];
  const standardError = Math.max(...chances.map((q) => Math.sqrt((q * (1 - q)) / played)));
  return { ...odds, playouts: played, standardError };
}
