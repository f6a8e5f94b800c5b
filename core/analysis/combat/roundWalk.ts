import type { Input, Step } from '../../combat/steps';
import { AnalysisTooLargeError, spend } from '../budget';
import { rollOutcomes } from './rollOutcomes';
import { endOf, type CombatEnd } from './tally';
import type { CombatChain } from './types';

/**
 * One combat round, exactly, by the engine's own rules: from a state, every way the round's steps
 * can go — each roll by its distinguishable outcomes (rollOutcomes.ts), each choice by the option
 * the app suggests (as "Roll for me" and `combat-companion resolve` play it), each outcome step
 * acknowledged — until the next round begins or the combat is over. Paths that reach a position
 * with the same key are merged, step by step, so the work grows with the positions a round can
 * reach, not with the paths to them.
 */

export interface Weighted<S> {
  state: S;
  p: number;
}

/** Where a round can lead: the states the next round starts from (with their keys), and the ends of the combat in this one. */
export interface RoundTransition<S> {
  next: Array<Weighted<S> & { key: string }>;
  ended: Array<{ end: CombatEnd; p: number }>;
  /** The work the walk spent, charged again whenever it is remembered (budget.ts: a refusal must not depend on what was cached). */
  work: number;
}

/**
 * Work units one engine step (`next`, `apply`, and in the walk a key) is charged: a count, never a
 * clock, so the same state gets the same answer on any machine. At about 5 ns a unit (budget.ts:
 * 2e8 units, about a second) 6,000 units are 30 µs. Measured after the walk and the play-outs were
 * made cheaper (CPU time of warm runs of the bundled code, the best of three, on the shared two-core
 * machine; test/bench/wholeCombat.bench.ts prints the play-outs' rate): a play-out step costs 11 to
 * 13 µs in WFB 6th, 20 to 26 in 40k 7th, 19 to 36 in the Ninth Age, 20 to 51 in Epic (the examples
 * the dearer); a walk step, with its key and roll outcomes, 21 to 58 µs. 30 µs is about the middle:
 * the whole budget is some 33,000 steps — under half a second for WFB 6th, about a second for the
 * dearest examples (before: 20,000 units for "50 to 100 µs", when a step already cost about 17 µs
 * in WFB 6th play-outs, so an estimate got a few hundred play-outs).
 */
export const STEP_WORK = 6_000;

/** What one engine step of `chain`'s system is charged: its own price, else the middle one. */
export const stepWorkOf = (chain: Pick<CombatChain<never>, 'stepWork'>): number => chain.stepWork ?? STEP_WORK;

/** What a round that passes `cap` is charged in all, walked or remembered alike: up to the step that passed it. */
export const overCap = (cap: number, stepWork: number): number => (Math.floor(cap / stepWork) + 1) * stepWork;

/** Steps one round may take along any path: a round that runs past it is a fault of the walk, said as too large. */
export const MAX_STEPS_PER_ROUND = 5000;

/** The suggested option, else the first: what the players do when they let the app decide. */
export function suggestedOption(step: Extract<Step, { kind: 'choose' }>): string {
  return (step.options.find((o) => o.suggested) ?? step.options[0]!).id;
}

/** A roll's outcomes as the walk counts them (rollOutcomes.ts), unless a system counts them by what its rules read. */
export type OutcomesOf<S> = (
  state: S,
  step: Extract<Step, { kind: 'roll' }>,
) => ReadonlyArray<{ dice: number[]; p: number }>;

const distinguishable: OutcomesOf<unknown> = (_, step) => rollOutcomes(step);

/** The inputs a step can take, each with its chance: a roll by its outcomes, a choice by the suggested option, an outcome acknowledged. */
export function branches<S>(
  state: S,
  step: Step,
  outcomesOf: OutcomesOf<S> = distinguishable,
): Array<{ input: Input; p: number }> {
  switch (step.kind) {
    case 'roll':
      return outcomesOf(state, step).map((o) => ({
        input: { kind: 'roll', stepId: step.id, dice: o.dice, by: 'entered' },
        p: o.p,
      }));
    case 'choose':
      return [{ input: { kind: 'choose', stepId: step.id, option: suggestedOption(step) }, p: 1 }];
    case 'outcome':
      return [{ input: { kind: 'continue', stepId: step.id }, p: 1 }];
  }
}

/** A position with its key, as the walk merges them. */
export type Keyed<S> = Weighted<S> & { key: string };

/** Adds `p` to the position `key` (a new one if not met yet). */
export function addTo<S>(into: Map<string, Keyed<S>>, key: string, state: S, p: number) {
  const seen = into.get(key);
  if (seen) seen.p += p;
  else into.set(key, { state, p, key });
}

/** What a round's walk has found so far: the next round's start states, and the ends of the combat. */
export interface RoundFound<S> {
  next: Map<string, Keyed<S>>;
  ended: Map<string, { end: CombatEnd; p: number }>;
}

export const nothingFound = <S>(): RoundFound<S> => ({ next: new Map(), ended: new Map() });

/** Adds `p` to the end the finished combat `s` came to. */
export function addEnd<S>(found: RoundFound<S>, chain: CombatChain<S>, s: S, p: number) {
  const end = endOf(chain, s);
  const key = JSON.stringify(end);
  const seen = found.ended.get(key);
  if (seen) seen.p += p;
  else found.ended.set(key, { end, p });
}

/** The transition a walk found, with the work it took. */
export const transitionFound = <S>(found: RoundFound<S>, work: number): RoundTransition<S> => ({
  next: [...found.next.values()],
  ended: [...found.ended.values()],
  work,
});

/**
 * Walks round `round` on from the positions of `frontier` to its end, step by step (see above),
 * into `found`; each engine step is charged through `charge` (which throws past the caller's cap).
 * The walk of a round from its state, and a system's own transition from where its round analysis
 * leaves the round (core/systems/old-world/analysis/transition.ts), with its rolls counted as its
 * rules read them (`outcomesOf`).
 */
export function walkOn<S>(
  chain: CombatChain<S>,
  round: number,
  frontier: Map<string, Keyed<S>>,
  found: RoundFound<S>,
  charge: (units: number) => void,
  outcomesOf: OutcomesOf<S> = distinguishable,
): void {
  const stepWork = stepWorkOf(chain);
  for (let steps = 0; frontier.size > 0; steps++) {
    if (steps > MAX_STEPS_PER_ROUND)
      throw new AnalysisTooLargeError('a combat round with too many steps to follow exactly');
    const after = new Map<string, Keyed<S>>();
    for (const { state: s, p, key } of frontier.values()) {
      if (chain.round(s) > round) {
        addTo(found.next, key, s, p);
        continue;
      }
      const step = chain.rules.next(s);
      if (step.kind === 'outcome' && step.final) {
        addEnd(found, chain, s, p);
        continue;
      }
      for (const b of branches(s, step, outcomesOf)) {
        if (b.p === 0) continue;
        charge(stepWork);
        const s2 = chain.shed(chain.rules.apply(s, b.input, step));
        addTo(after, chain.key(s2), s2, p * b.p);
      }
    }
    frontier = after;
  }
}

/**
 * The round `state` is in, walked to its end (see above). Past `cap` work units in this one round
 * the walk gives up (AnalysisTooLargeError): the whole-combat chain sets it when a round that large
 * leaves no hope of finishing (wholeCombat.ts).
 */
export function walkRound<S>(chain: CombatChain<S>, state: S, cap = Infinity): RoundTransition<S> {
  const found = nothingFound<S>();
  const startKey = chain.key(state);
  let work = 0;
  const charge = (units: number) => {
    spend(units);
    work += units;
    if (work > cap) throw new AnalysisTooLargeError('a combat round too large to follow exactly');
  };
  walkOn(
    chain,
    chain.round(state),
    new Map([[startKey, { state: chain.shed(state), p: 1, key: startKey }]]),
    found,
    charge,
  );
  return transitionFound(found, work);
}
