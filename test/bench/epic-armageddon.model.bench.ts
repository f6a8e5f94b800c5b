import { bench, describe } from 'vitest';
import { metered, workSpent } from '../../core/analysis/budget';
import { runToEnd } from '../../core/analysis/chunked';
import type { RoundModel } from '../../core/analysis/combat/model';
import { modelChainInChunks } from '../../core/analysis/combat/modelChain';
import { wholeCombatOf } from '../../core/analysis/combat/forHost';
import type { WholeCombatOdds } from '../../core/analysis/combat/types';
import { epicArmageddon, type Setup, type State } from '../../core/systems/epic-armageddon';
import { epicArmageddonAnalysis, epicArmageddonCombat as chain } from '../../core/systems/epic-armageddon/analysis';
import * as assaults from '../core/systems/epic-armageddon/analysis/model/assaults';
import { roundStates } from '../core/systems/epic-armageddon/analysis/model/games';

/**
 * Epic Armageddon's round model (`npx vitest bench --run test/bench/epic-armageddon.model.bench.ts`):
 * the whole assault exactly from the start of the small combat, the example and the club-size
 * assault, and from every step of the example's first round — positions worked out (`states`),
 * transitions, entries handed on to the chain, work units and milliseconds; then what the host
 * gives within its budget. Each run parses its setup afresh: nothing remembered from an earlier run.
 */

const fresh = (make: () => Setup): State => epicArmageddon.start(make());

interface Run {
  odds: WholeCombatOdds;
  transitions: number;
  handedOn: number;
  work: number;
  ms: number;
}

/** The whole assault over the model from `state`, counted. */
function exactly(state: State): Run {
  const model = chain.model as RoundModel<State, unknown>;
  let transitions = 0;
  let handedOn = 0;
  const counted: RoundModel<State, unknown> = {
    ...model,
    transition: (p) => {
      const t = model.transition(p);
      transitions++;
      handedOn += t.next.length + t.ended.length;
      return t;
    },
  };
  const t0 = performance.now();
  const [odds, work] = metered(
    () => [runToEnd(modelChainInChunks(chain, counted, state, 10)), workSpent()] as const,
    () => 'too large',
    1e13,
  );
  return { odds, transitions, handedOn, work, ms: performance.now() - t0 };
}

const line = (what: string, r: Run) =>
  `${what}: ${r.odds.states} positions, ${r.transitions} transitions, ${r.handedOn} handed on, ${r.work.toExponential(2)} work units, ${r.ms.toFixed(0)} ms (${((1e6 * r.ms) / Math.max(1, r.work)).toFixed(1)} ns a unit) — attacker wins ${(100 * r.odds.pAttackerWins).toFixed(3)}%`;

const runs = (what: string, make: () => State, times: number) => {
  const ms: number[] = [];
  for (let k = 0; k < times; k++) {
    const r = exactly(make());
    ms.push(r.ms);
    if (k === 0) console.log(line(what, r));
  }
  ms.sort((a, b) => a - b);
  console.log(
    `${what}: best ${ms[0]!.toFixed(0)} ms, median ${ms[Math.floor(ms.length / 2)]!.toFixed(0)} ms of ${times}`,
  );
};

const host = (what: string, state: State) => {
  const t0 = performance.now();
  const answer = wholeCombatOf(epicArmageddonAnalysis, state);
  const odds = answer?.ok ? answer.odds : null;
  console.log(
    `${what}, as the host asks (${(performance.now() - t0).toFixed(0)} ms): ${
      odds
        ? odds.exact
          ? `exact, ${odds.states} positions`
          : `estimate (${odds.playouts} play-outs, ± ${(100 * (odds.standardError ?? 0)).toFixed(1)}%)`
        : 'none'
    }`,
  );
};

describe('Epic Armageddon round model', () => {
  runs('small combat', () => fresh(assaults.small), 3);
  runs('breaking (2 v 2 + Grots)', () => fresh(assaults.breaking), 3);
  runs('example', () => fresh(assaults.example), 3);
  host('small combat', fresh(assaults.small));
  host('example', fresh(assaults.example));
  host('club-size', fresh(assaults.clubSize));
  // From every step of the example's first round (seed 0), each from a freshly parsed setup.
  roundStates(assaults.example(), 0).forEach((state, i) => {
    const r = exactly({ ...state, setup: structuredClone(state.setup) });
    console.log(line(`example, round 1 step ${i + 1} (${state.phase.at})`, r));
  });
  bench('small combat, exact from the start', () => void exactly(fresh(assaults.small)), { iterations: 5 });
});
