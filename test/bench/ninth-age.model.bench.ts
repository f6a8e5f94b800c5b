import { bench, describe } from 'vitest';
import { ANALYSIS_WORK_LIMIT, newMeter, within } from '../../core/analysis/budget';
import { runToEnd } from '../../core/analysis/chunked';
import type { RoundModel } from '../../core/analysis/combat/model';
import { modelChainInChunks } from '../../core/analysis/combat/modelChain';
import type { WholeCombatOdds } from '../../core/analysis/combat/types';
import { MAX_ROUNDS, wholeCombatOdds } from '../../core/analysis/combat/wholeCombat';
import { ninthAge, type Setup, type State } from '../../core/systems/ninth-age';
import { ninthAgeCombat } from '../../core/systems/ninth-age/analysis';
import { ninthAgeModel, type NaPosition } from '../../core/systems/ninth-age/analysis/model';
import { smallNinthAge } from '../core/analysis/smallCombats';
import { clubSize } from '../core/systems/ninth-age/analysis/clubSize';
import { standingStates, tagOf } from '../core/systems/ninth-age/analysis/modelStates';
import { knightsVsSpearmen } from '../core/systems/ninth-age/analysis/setups';

/**
 * The Ninth Age's round model (issue 34), `npx vitest bench --run test/bench/ninth-age.model.bench.ts`.
 * Targets: the example from its start exact in ≤ 200 ms, the club-size melee in ≤ 1 s, the example
 * from part-way through its first round in ≤ 1 s, exact within the host's budget (ANALYSIS_WORK_LIMIT
 * / 2). Printed once per scenario: the positions worked out (`states`), the successors the chain met
 * (next-round positions summed over transitions), the work units, and CPU ms — from a freshly parsed
 * setup (nothing remembered: what a first asking costs) and asked again of the same setup — over
 * the shared chain (modelChain.ts) with the model's `layer` (a round's whole layer at once), and
 * without it (a transition per position). The machine is shared: best and median of five.
 */

const HOST_BUDGET = ANALYSIS_WORK_LIMIT / 2;
const RUNS = 5;

/** The example part-way through its first round: the state after each step the players take in it. */
const midRound = (): Array<{ name: string; state: () => State }> =>
  standingStates(ninthAge.start(knightsVsSpearmen()), 1, () => null, 1).map(({ state, step }, i) => ({
    name: `the example, round 1, step ${i + 1} (${tagOf(step)})`,
    // A fresh setup object for every run, the state otherwise the same.
    state: () => ({ ...state, setup: knightsVsSpearmen() }),
  }));

const scenarios: Array<{ name: string; state: () => State }> = [
  { name: 'small: 1 Knight v 3 Spearmen', state: () => ninthAge.start(ninthAge.setupSchema.parse(smallNinthAge)) },
  {
    name: 'the example: 6 Knights + Baron v 30 Spearmen + 2 characters',
    state: () => ninthAge.start(knightsVsSpearmen()),
  },
  { name: 'club-size: 25 v 25 infantry, a character each', state: () => ninthAge.start(clubSize()) },
  ...midRound(),
];

/** The chain over transitions (no `layer`) with its successors counted. */
function counted(): { model: RoundModel<State, NaPosition>; successors: () => number } {
  let successors = 0;
  const model = {
    ...ninthAgeModel,
    layer: undefined,
    transition: (p: NaPosition) => {
      const t = ninthAgeModel.transition(p);
      successors += t.next.length;
      return t;
    },
  };
  return { model, successors: () => successors };
}

const cpu = (work: () => unknown): number => {
  const c = process.cpuUsage();
  work();
  return process.cpuUsage(c).user / 1000;
};
const stats = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return `best ${sorted[0]!.toFixed(0)} ms, median ${sorted[sorted.length >> 1]!.toFixed(0)} ms`;
};

/** Units spent by `work` without a limit, and its answer. */
function units(work: () => WholeCombatOdds): { odds: WholeCombatOdds; units: number } {
  const meter = newMeter(() => 'unlimited', Infinity);
  const odds = within(meter, work);
  return { odds, units: meter.spent };
}

for (const { name, state } of scenarios) {
  const byLayers = (s: State) => runToEnd(modelChainInChunks(ninthAgeCombat, ninthAgeModel, s, MAX_ROUNDS));
  const layered = units(() => byLayers(state()));
  const fresh: number[] = [];
  const again: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const s = state();
    fresh.push(cpu(() => byLayers(s)));
    again.push(cpu(() => byLayers(s)));
  }
  const host = wholeCombatOdds(ninthAgeCombat, state(), MAX_ROUNDS, HOST_BUDGET);
  const { model, successors } = counted();
  const s0 = state();
  const overTransitions = units(() => runToEnd(modelChainInChunks(ninthAgeCombat, model, s0, MAX_ROUNDS)));
  const s1 = state();
  const oneByOneMs = cpu(() => runToEnd(modelChainInChunks(ninthAgeCombat, model, s1, MAX_ROUNDS)));
  console.log(
    [
      `${name}: ${layered.odds.states} positions (a transition each), ${successors()} successors`,
      `  with layer: ${layered.units.toExponential(2)} units (${layered.units <= HOST_BUDGET ? 'within' : 'over'} the host's budget); fresh setup ${stats(fresh)}; asked again ${stats(again)}`,
      `  over transitions (no layer): ${overTransitions.units.toExponential(2)} units, fresh setup ${oneByOneMs.toFixed(0)} ms; the host's answer: ${host.exact ? 'exact' : `estimate (${host.playouts} play-outs)`}`,
      `  attacker wins ${(100 * layered.odds.pAttackerWins).toFixed(2)}%, defender ${(100 * layered.odds.pDefenderWins).toFixed(2)}%, unfinished ${(100 * layered.odds.pUnfinished).toFixed(3)}%`,
    ].join('\n'),
  );
}

/** Setups parsed once per bench iteration: nothing remembered from the iteration before. */
const fresh = (setup: () => Setup) => () => ninthAge.start(setup());
const options = { warmupIterations: 2, iterations: 5, time: 0 };

describe('Ninth Age round model, from a fresh setup', () => {
  for (const [name, start] of [
    ['the example', fresh(knightsVsSpearmen)],
    ['club-size', fresh(clubSize)],
  ] as const)
    bench(name, () => void runToEnd(modelChainInChunks(ninthAgeCombat, ninthAgeModel, start(), MAX_ROUNDS)), options);
});
