import { readFileSync } from 'node:fs';
import { bench, describe } from 'vitest';
import { ANALYSIS_WORK_LIMIT, newMeter, within } from '../../core/analysis/budget';
import { runToEnd } from '../../core/analysis/chunked';
import type { RoundModel } from '../../core/analysis/combat/model';
import { wholeCombatInChunks } from '../../core/analysis/combat/wholeCombat';
import { modelChainInChunks } from '../../core/analysis/combat/modelChain';
import { advance, startCombat } from '../../core/combat/engine';
import { oldWorld, type Setup, type State } from '../../core/systems/old-world';
import { oldWorldCombat } from '../../core/systems/old-world/analysis/combat';
import { contextOf } from '../../core/systems/old-world/analysis/model/context';
import type { Start } from '../../core/systems/old-world/analysis/model/position';
import type { Worked } from '../../core/systems/old-world/analysis/model/round';
import { autoInput, rngFor } from '../support/drive';
import { conformance as declared } from '../../core/systems/old-world/conformance';
import { halberdiersVsBoyz } from '../core/systems/old-world/analysis/setups';

/**
 * The old world's compact round model (core/systems/old-world/analysis/model): the whole combat's
 * odds as the host asks them (wholeCombatOdds within half the host's budget, 1e8 units), each run
 * from a freshly parsed setup (nothing remembered). Printed per scenario: exact or not, the
 * positions of every round (`states`), the rounds the model worked out (a start's round is worked
 * out once for every round that plays alike: model/layer.ts) with the next starts and ends they
 * lead to, the model chain's work units, and the milliseconds — wall and CPU (the machine is
 * shared: wall time waits for other processes), the best and the median of several runs, and what
 * a unit cost (median CPU over units). Targets: the example ≤ 200 ms warm, the club-size fight
 * ≤ 1 s, every state of the example's first round ≤ 1 s.
 */

const exampleFile = (): Setup => {
  const { seed: _seed, ...setup } = JSON.parse(
    readFileSync('examples/old-world-swordsmen-vs-orcs.json', 'utf8'),
  ) as Record<string, unknown>;
  return oldWorld.setupSchema.parse(setup);
};
const setupScreen = (models = 20): Setup => {
  const raw = structuredClone(oldWorld.exampleSetup) as {
    attacker: { units: Array<{ models: number }> };
    defender: { units: Array<{ models: number }> };
  };
  raw.attacker.units[0]!.models = models;
  raw.defender.units[0]!.models = models;
  return oldWorld.setupSchema.parse(raw);
};
const fresh = (setup: () => Setup) => () => oldWorld.start(setup());

/** Every state of round 1 of one seeded game, each on a fresh copy of its setup. */
function firstRoundStates(setup: () => Setup): Array<{ name: string; make: () => State }> {
  const out: Array<{ name: string; make: () => State }> = [];
  let c = { ...startCombat(oldWorld, setup(), 1), rng: rngFor(3) };
  while (c.state.round === 1 && !(c.step.kind === 'outcome' && c.step.final)) {
    const at = c.state;
    out.push({ name: c.step.id, make: () => ({ ...at, setup: setup() }) });
    const r = advance(oldWorld, c, autoInput(c));
    if (!r.ok) throw new Error(r.error.message);
    c = r.combat as typeof c;
  }
  return out;
}

/** The host's whole combat from `state`, with the rounds the model worked out and the exact chain's work. */
function run(state: State) {
  const model = oldWorldCombat.model as RoundModel<State, unknown>;
  const cpu = process.cpuUsage();
  const t = performance.now();
  const odds = runToEnd(wholeCombatInChunks(oldWorldCombat, state, 10, ANALYSIS_WORK_LIMIT / 2));
  const ms = performance.now() - t;
  const cpuMs = (process.cpuUsage().user - cpu.user) / 1000;
  // The exact chain's work alone, counted again without a limit on a fresh copy (the host's meter is its own).
  const copy = { ...state, setup: structuredClone(state.setup) };
  const meter = newMeter(() => 'unbounded', Infinity);
  within(meter, () => runToEnd(modelChainInChunks(oldWorldCombat, model, copy, 10)));
  let worked = 0;
  let edges = 0;
  for (const start of contextOf(copy.setup).startList as Start[])
    for (const w of start.worked as Array<Worked | null>)
      if (w) {
        worked++;
        edges += w.next.length + w.ends.length;
      }
  return { odds, worked, edges, work: meter.spent, ms, cpuMs };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function report(name: string, make: () => State, runs = 5) {
  const results = Array.from({ length: runs }, () => run(make()));
  const r = results.at(-1)!;
  const ms = results.map((x) => x.ms);
  const cpu = results.map((x) => x.cpuMs);
  console.log(
    `${name}: ${r.odds.exact ? 'exact' : 'ESTIMATE'}, ${r.odds.states ?? '-'} positions, ${r.worked} rounds worked out (${r.edges} next starts and ends), ${(r.work / 1e6).toFixed(1)}M units; wall best ${Math.min(...ms).toFixed(0)} / median ${median(ms).toFixed(0)} ms, CPU best ${Math.min(...cpu).toFixed(0)} / median ${median(cpu).toFixed(0)} ms (${((median(cpu) * 1e6) / r.work).toFixed(1)} ns a unit); attacker wins ${(100 * r.odds.pAttackerWins).toFixed(3)}%`,
  );
}

describe('old-world compact round model', () => {
  bench(
    'the figures (printed)',
    () => {
      report("the setup screen's example: 20 Halberdiers v 20 Orc Boyz", fresh(setupScreen));
      report('club-size: 30 Halberdiers + Captain v 30 Orc Boyz + Big Boss', fresh(halberdiersVsBoyz));
      report('examples/old-world-swordsmen-vs-orcs.json', fresh(exampleFile), 7);
      report(
        '8 v 8 of the setup screen example',
        fresh(() => setupScreen(8)),
      );
      report(
        'the small combat (2 v 2, unbreakable)',
        fresh(() => oldWorld.setupSchema.parse(declared.combats.small)),
      );
      for (const { name, make } of firstRoundStates(setupScreen))
        report(`setup screen example, round 1, at ${name}`, make, 3);
      for (const { name, make } of firstRoundStates(exampleFile))
        report(`the .json example, round 1, at ${name}`, make, 3);
    },
    { iterations: 1, warmupIterations: 0, time: 0 },
  );
});
