import type { CombatEnd } from './tally';

/**
 * A system's compact model of its combat, for the exact whole-combat chain (modelChain.ts): a
 * Markov chain over what the rules carry from one round to the next, not over engine states.
 *
 * A position (`P`) holds only what the rules read from there on, aggregated — models and wounds
 * left per group or pool, the place in the allocation order, characters, markers, the round where
 * a rule reads it, last round's winner where a tie reads it — and its `transition` gives the JOINT
 * distribution of where the round leads: the next round's start positions and the ends of the
 * combat (winner and every unit's fate), worked out from the dice's closed forms (binomials and
 * their convolutions), not by walking the engine's steps.
 *
 * The engine stays the authority: a system's tests hold its model equal to the engine's exact walk
 * (roundWalk.ts) on small combats and to the engine's seeded play-outs on large ones.
 */
export interface RoundModel<S, P> {
  /**
   * The position an engine state stands at, where the model can take over from it: at least every
   * state at the start of a round; also states part-way through a round, where the model can
   * finish that round. Null elsewhere: the chain walks the engine's own steps from such a state
   * until each of its paths reaches a state the model takes (or the combat ends).
   */
  enter(state: S): P | null;
  /** The position as a string: two positions with equal keys play out alike (the chain counts them once). */
  key(position: P): string;
  /**
   * Optional: the key as one whole number (a safe integer, one per key), where the model can say it
   * so — the chain then numbers the million successors of a large combat without building a string
   * for each one it has met before.
   */
  code?(position: P): number;
  /** The combat round the position is in (1 for the first). */
  round(position: P): number;
  /**
   * From `position` to the start of the next round: every position the next round can start from
   * and every end of the combat in this round, each with its chance (together they sum to 1).
   * Spends its work on the current meter as it goes (budget.ts `spend`, about one unit per
   * multiply-add), so a combat too large to count throws AnalysisTooLargeError instead of hanging.
   * Choices met on the way are taken as the rules' default (the option a step marks suggested),
   * as "Roll for me" and the engine's walk take them.
   */
  transition(position: P): ModelTransition<P>;
  /**
   * Where present, the chain hands the model a round's whole layer at once — every position of the
   * round with its chance — and takes the next round's positions and the ends with chances
   * absolute: for a model that works a round out for all its positions together, where one
   * transition object per position would cost more than the rounds (millions of successors).
   */
  layer?(positions: ReadonlyArray<{ position: P; p: number }>): ModelTransition<P>;
  /**
   * Where present, two positions with the same key are one: `merge` makes it from both and their
   * chances (the chain adds the chances). For a model whose key leaves out what it carries along
   * without the rules reading it — which of several alike units is which, as chances — so the
   * chain counts positions by what the rules read. The chain then remembers no transition by key
   * (two positions of one key may carry different things); the model remembers what it can itself.
   */
  merge?(a: P, pa: number, b: P, pb: number): P;
}

export interface ModelTransition<P> {
  next: ReadonlyArray<{ position: P; p: number }>;
  ended: ReadonlyArray<{ end: CombatEnd; p: number }>;
}
