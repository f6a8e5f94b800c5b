import { bench, describe } from 'vitest';
import { ANALYSIS_WORK_LIMIT, newMeter, within } from '../../core/analysis/budget';
import { runToEnd } from '../../core/analysis/chunked';
import type { RoundModel } from '../../core/analysis/combat/model';
import { modelChainInChunks } from '../../core/analysis/combat/modelChain';
import type { WholeCombatOdds } from '../../core/analysis/combat/types';
import { wholeCombatOf } from '../../core/analysis/combat/forHost';
import { MAX_ROUNDS } from '../../core/analysis/combat/wholeCombat';
import { ninthAge, type Setup, type State } from '../../core/systems/ninth-age';
import { ninthAgeCombat } from '../../core/systems/ninth-age/analysis';
import { ninthAgeAnalysis } from '../../core/systems/ninth-age/analysis/forSystem';
import { ninthAgeModel, type NaPosition } from '../../core/systems/ninth-age/analysis/model';
import { conformance as declared } from '../../core/systems/ninth-age/conformance';
import { clubSize } from '../core/systems/ninth-age/analysis/clubSize';
import { theExample } from '../core/systems/ninth-age/analysis/modelCases';
import { standingStates, tagOf } from '../core/systems/ninth-age/analysis/modelStates';

/**
 * The Ninth Age's round model (issue 34), `npx vitest bench --run test/bench/ninth-age.model.bench.ts`.
 * Targets: the example from its start exact in ≤ 200 ms, the club-size melee in ≤ 1 s, the example
 * from part-way through its first round in ≤ 1 s, exact within the host's budget (ANALYSIS_WORK_LIMIT
 * / 2). Printed once per scenario: the positions worked out (`states`), the successors (next-round
 * positions summed over the positions' transitions), the work units, and CPU ms over the shared
 * chain (modelChain.ts) with the model's `layer` — from a freshly parsed setup (nothing remembered:
 * what a first asking costs) and asked again of the same setup — and as the host asks
 * (forHost.ts wholeCombatOf, a fresh setup: exact within its budget or not). The machine is
 * shared: best and median of five.
 */

const HOST_BUDGET = ANALYSIS_WORK_LIMIT / 2;
const RUNS = 5;

/** The example part-way through its first round: the state after each step the players take in it. */
const midRound = (): Array<{ name: string; state: () => State }> =>
  standingStates(ninthAge.start(theExample()), 1, () => null, 1).map(({ state, step }, i) => ({
    name: `the example, round 1, step ${i + 1} (${tagOf(step)})`,
    // A fresh setup object for every run, the state otherwise the same.
    state: () => ({ ...state, setup: theExample() }),
  }));

const scenarios: Array<{ name: string; state: () => State }> = [
  {
    name: 'small: 1 Knight v 3 Spearmen',
    state: () => ninthAge.start(ninthAge.setupSchema.parse(declared.combats.small)),
  },
  {
    name: 'the example (example.ts): 6 Knights + Baron v 30 Spearmen + 2 characters',
    state: () => ninthAge.start(theExample()),
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
  const measured = units(() => byLayers(state()));
  const fresh: number[] = [];
  const again: number[] = [];
  const host: number[] = [];
  let exact = true;
  for (let i = 0; i < RUNS; i++) {
    const s = state();
    fresh.push(cpu(() => byLayers(s)));
    again.push(cpu(() => byLayers(s)));
    const h = state();
    host.push(
      cpu(() => {
        const answer = wholeCombatOf(ninthAgeAnalysis, h);
        exact &&= answer?.ok === true && answer.odds.exact;
      }),
    );
  }
  const { model, successors } = counted();
  const s0 = state();
  const overTransitions = units(() => runToEnd(modelChainInChunks(ninthAgeCombat, model, s0, MAX_ROUNDS)));
  const odds = measured.odds;
  console.log(
    [
      `${name}: ${odds.states} positions (a round worked out each), ${successors()} successors`,
      `  ${measured.units.toExponential(2)} units (${measured.units <= HOST_BUDGET ? 'within' : 'over'} the host's budget); fresh setup ${stats(fresh)}; asked again ${stats(again)}`,
      `  the host (wholeCombatOf): ${exact ? 'exact' : 'NOT exact'}, ${stats(host)}; without the layer (a transition per position): ${overTransitions.units.toExponential(2)} units`,
      `  attacker wins ${(100 * odds.pAttackerWins).toFixed(2)}%, defender ${(100 * odds.pDefenderWins).toFixed(2)}%, unfinished ${(100 * odds.pUnfinished).toFixed(3)}%`,
    ].join('\n'),
  );
}

/** Setups parsed once per bench iteration: nothing remembered from the iteration before. */
const fresh = (setup: () => Setup) => () => ninthAge.start(setup());
const options = { warmupIterations: 2, iterations: 5, time: 0 };

describe('Ninth Age round model, from a fresh setup', () => {
  for (const [name, start] of [
    ['the example', fresh(theExample)],
    ['club-size', fresh(clubSize)],
  ] as const)
    bench(name, () => void runToEnd(modelChainInChunks(ninthAgeCombat, ninthAgeModel, start(), MAX_ROUNDS)), options);
});
