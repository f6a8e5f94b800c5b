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
 * the next positions and ends handed on to the chain, work units and milliseconds (wall clock and
 * this process's CPU time: the machine is shared); then what the host gives within its budget.
 * Each run parses its setup afresh: nothing remembered from an earlier run.
 */

const fresh = (make: () => Setup): State => epicArmageddon.start(make());

interface Run {
  odds: WholeCombatOdds;
  handedOn: number;
  work: number;
  ms: number;
  cpu: number;
}

/** The whole assault over the model from `state`, counted. */
function exactly(state: State): Run {
  const model = chain.model as RoundModel<State, unknown>;
  let handedOn = 0;
  const counted: RoundModel<State, unknown> = {
    ...model,
    layer: (positions) => {
      const t = model.layer!(positions);
      handedOn += t.next.length + t.ended.length;
      return t;
    },
  };
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const [odds, work] = metered(
    () => [runToEnd(modelChainInChunks(chain, counted, state, 10)), workSpent()] as const,
    () => 'too large',
    1e13,
  );
  const c = process.cpuUsage(c0);
  return { odds, handedOn, work, ms: performance.now() - t0, cpu: (c.user + c.system) / 1000 };
}

const line = (what: string, r: Run) =>
  `${what}: ${r.odds.states} positions, ${r.handedOn} handed on, ${r.work.toExponential(2)} work units, ${r.ms.toFixed(0)} ms (${r.cpu.toFixed(0)} ms CPU; ${((1e6 * r.ms) / Math.max(1, r.work)).toFixed(1)} ns a unit) — attacker wins ${(100 * r.odds.pAttackerWins).toFixed(4)}%`;

const runs = (what: string, make: () => State, times: number) => {
  const ms: number[] = [];
  const cpu: number[] = [];
  for (let k = 0; k < times; k++) {
    const r = exactly(make());
    ms.push(r.ms);
    cpu.push(r.cpu);
    if (k === 0) console.log(line(what, r));
  }
  const best = (xs: number[]) => Math.min(...xs).toFixed(0);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!.toFixed(0);
  console.log(
    `${what}: best ${best(ms)} ms, median ${median(ms)} ms of ${times} (CPU: best ${best(cpu)} ms, median ${median(cpu)} ms)`,
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
  runs('small combat', () => fresh(assaults.small), 5);
  runs('breaking (2 v 2 + Grots)', () => fresh(assaults.breaking), 5);
  runs('example', () => fresh(assaults.example), 9);
  runs('club-size', () => fresh(assaults.clubSize), 7);
  host('small combat', fresh(assaults.small));
  host('example', fresh(assaults.example));
  host('club-size', fresh(assaults.clubSize));
  // From every step of the example's first round (seed 0), each from a freshly parsed setup.
  roundStates(assaults.example(), 0).forEach((state, i) => {
    const r = exactly({ ...state, setup: structuredClone(state.setup) });
    console.log(line(`example, round 1 step ${i + 1} (${state.phase.at})`, r));
  });
  // The same steps as the live panel asks them: one assault, its setup shared, asked at its start first.
  const game = roundStates(assaults.example(), 0);
  host('example, round 1 start (the panel’s first ask)', game[0]!);
  game.forEach((state, i) => host(`example, round 1 step ${i + 1} (${state.phase.at})`, state));
  // The whole assault asked again from its start, its rounds found: best and median.
  runs('example, asked again (its setup shared)', () => game[0]!, 9);
  const club = fresh(assaults.clubSize);
  runs('club-size, asked again (its setup shared)', () => club, 7);
  bench('small combat, exact from the start', () => void exactly(fresh(assaults.small)), { iterations: 5 });
});
