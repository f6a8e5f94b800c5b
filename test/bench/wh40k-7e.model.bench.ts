import { bench, describe } from 'vitest';
import { wholeCombatOf } from '../../core/analysis/combat/forHost';
import type { WholeCombatOdds } from '../../core/analysis/combat/types';
import type { Setup, State } from '../../core/systems/wh40k-7e';
import { wh40k7eAnalysis } from '../../core/systems/wh40k-7e/analysis';
import {
  clubSize,
  exampleSetup,
  small,
  smallVariants,
  startOf,
} from '../core/systems/wh40k-7e/analysis/model/scenarios';
import { countedAnalysis } from '../support/countedModel';
import { stopsOf } from '../core/systems/wh40k-7e/analysis/model/walkStates';

/**
 * 40k 7th edition's whole combat over its round model (core/systems/wh40k-7e/analysis/model), as
 * the host asks it (forHost.ts wholeCombatOf, half the analysis budget for the exact chain). Run:
 * `npx vitest bench --run test/bench/wh40k-7e.model.bench.ts`. Targets (two slow shared cores): the
 * example from its start ≤ 200 ms warm, the club-size combat ≤ 1 s, any mid-round state of the
 * example's round 1 ≤ 1 s — all exact. Every run starts from a freshly parsed setup, so nothing the
 * model remembers per combat makes it look faster than a first asking.
 *
 * Printed once, for the record: each scenario's positions (`states` in the odds), the model's
 * transitions worked out, and the time of one cold run.
 */

/** The host's answer from a state, with the model's transitions counted. */
function counted(state: State): { odds: WholeCombatOdds; transitions: number; ms: number } {
  const { counts, analysis } = countedAnalysis(wh40k7eAnalysis);
  const t = performance.now();
  const answer = wholeCombatOf(analysis, state);
  const ms = performance.now() - t;
  if (!answer?.ok) throw new Error('no whole-combat odds');
  return { odds: answer.odds, transitions: counts.transitions, ms };
}

const report = (name: string, state: State) => {
  const { odds, transitions, ms } = counted(state);
  console.log(
    `${name}: ${odds.exact ? 'exact' : 'ESTIMATE'}, attacker wins ${(100 * odds.pAttackerWins).toFixed(2)}%, ${odds.states} positions, ${transitions} transitions, ${ms.toFixed(0)} ms (cold)`,
  );
};

const scenarios: Array<[string, () => Setup]> = [
  ['example (10 Marines charge 20 Boyz)', exampleSetup],
  ['club-size (20 Boyz and a Nob charge 10 Marines)', clubSize],
  ['small combat', small],
  ...Object.entries(smallVariants).map(([rule, setup]): [string, () => Setup] => [`small: ${rule}`, setup]),
];
/** The example's round 1, one state after each step of a seeded game (its first stop, the round's start, left out), each on a fresh setup. */
const midRound = () => stopsOf(exampleSetup(), 7, 1).slice(1);
const fresh = (state: State): State => ({ ...state, setup: exampleSetup() });

for (const [name, setup] of scenarios) report(name, startOf(setup()));
for (const stop of midRound())
  report(`example mid-round 1, at ${stop.kind} (Initiative ${stop.state.initiative})`, stop.state);

const options = { warmupIterations: 5, iterations: 20, time: 2000 };

describe('40k 7th whole combat over the round model (fresh setup each run)', () => {
  for (const [name, setup] of scenarios.slice(0, 3)) bench(name, () => void counted(startOf(setup())), options);
  bench(
    'example mid-round 1: every stop of a seeded game, each from a fresh setup',
    () => {
      for (const stop of midRound()) counted(fresh(stop.state));
    },
    { warmupIterations: 2, iterations: 5, time: 2000 },
  );
});
