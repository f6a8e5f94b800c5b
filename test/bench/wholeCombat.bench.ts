import { bench, describe } from 'vitest';
import {
  estimateWholeCombat,
  PLAYOUTS,
  QUICK_SHARE,
  wholeCombatOf,
  type CombatChain,
  type WholeCombatOdds,
} from '../../core/analysis/combat';
import { ANALYSIS_WORK_LIMIT } from '../../core/analysis/budget';
import { stepWorkOf } from '../../core/analysis/combat/roundWalk';
import { analyses, getSystem } from '../../core/systems/index';
import { small7e, smallEpic, smallNinthAge, smallOldWorld } from '../core/analysis/smallCombats';

/**
 * The whole combat's odds as the host works them out (`npm run bench`): each round-by-round
 * system's example (the setup screen's starting point) and a small combat of each. Target: ≤ 200 ms
 * each on a two-core machine; past the exact budget the host gives the estimate, so no state takes
 * much more than a second. Each run starts from a freshly parsed setup, so no remembered round
 * walk makes it look faster than a first asking. The figures are printed once, for the record,
 * with the play-outs' own rate (2,000 from the start, the engine's steps counted): what each system's
 * price of a step (`stepWork`, core/analysis/combat/types.ts) is calibrated against.
 */

const systemsWithChains = ['old-world', 'wh40k-7e', 'ninth-age', 'epic-armageddon'] as const;
const smalls: Record<string, { system: string }> = {
  'old-world': smallOldWorld,
  'wh40k-7e': small7e,
  'ninth-age': smallNinthAge,
  'epic-armageddon': smallEpic,
};

function freshStart(system: string, setup: unknown) {
  const rules = getSystem(system)!;
  return rules.start(rules.setupSchema.parse(structuredClone(setup)));
}

/** A mid-size old-world fight, 8 v 8 of the example: exact since the old world works its rounds out from its own round analysis. */
const midOldWorld = (() => {
  const raw = structuredClone(getSystem('old-world')!.exampleSetup) as {
    attacker: { units: Array<{ models: number }> };
    defender: { units: Array<{ models: number }> };
  };
  raw.attacker.units[0]!.models = 8;
  raw.defender.units[0]!.models = 8;
  return raw;
})();

const line = (o: WholeCombatOdds) =>
  `${o.exact ? 'exact' : `estimate (${o.playouts} play-outs, ± ${(100 * (o.standardError ?? 0)).toFixed(1)}%)`}: attacker wins ${(100 * o.pAttackerWins).toFixed(1)}%, defender ${(100 * o.pDefenderWins).toFixed(1)}%, draw ${(100 * o.pDraw).toFixed(1)}%, unfinished after round ${o.maxRounds} ${(100 * o.pUnfinished).toFixed(2)}%`;

for (const id of systemsWithChains) {
  for (const [what, setup] of [
    ['example', getSystem(id)!.exampleSetup],
    ['small', smalls[id]],
  ] as const) {
    const t = performance.now();
    const answer = wholeCombatOf(analyses[id], freshStart(id, setup));
    const ms = performance.now() - t;
    console.log(
      `whole combat, ${id} ${what} (${ms.toFixed(0)} ms): ${answer?.ok ? line(answer.odds) : answer ? answer.tooLarge : 'none'}`,
    );
  }
}
{
  const t = performance.now();
  const answer = wholeCombatOf(analyses['old-world'], freshStart('old-world', midOldWorld));
  console.log(
    `whole combat, old-world 8 v 8 (${(performance.now() - t).toFixed(0)} ms): ${answer?.ok ? line(answer.odds) : answer ? answer.tooLarge : 'none'}`,
  );
}

/** The play-outs alone: 2,000 from the start, timed, and the engine steps they took (each `apply` counted). */
function playoutRate(id: string, setup: unknown): string {
  const chain = analyses[id]!.combat! as CombatChain;
  let steps = 0;
  const counted: CombatChain = {
    ...chain,
    rules: { ...chain.rules, apply: (s, input, step) => (steps++, chain.rules.apply(s, input, step)) },
  };
  const state = freshStart(id, setup);
  estimateWholeCombat(counted, state, 10, Infinity); // warm
  steps = 0;
  const t = performance.now();
  const o = estimateWholeCombat(counted, state, 10, Infinity);
  const ms = performance.now() - t;
  return `${o.playouts} play-outs in ${ms.toFixed(0)} ms (${((1000 * o.playouts!) / ms).toFixed(0)} a second), ${(steps / o.playouts!).toFixed(1)} steps each, ${((1000 * ms) / steps).toFixed(1)} µs a step (charged ${stepWorkOf(chain)} units, ${PLAYOUTS} at most)`;
}

for (const id of systemsWithChains) {
  for (const [what, setup] of [
    ['example', getSystem(id)!.exampleSetup],
    ['small', smalls[id]],
  ] as const)
    console.log(`play-outs, ${id} ${what}: ${playoutRate(id, setup)}`);
}

/** The live panel's quick first figure of each example (an eighth of the work), timed as asked first. */
for (const id of systemsWithChains) {
  const t = performance.now();
  const answer = wholeCombatOf(
    analyses[id],
    freshStart(id, getSystem(id)!.exampleSetup),
    (ANALYSIS_WORK_LIMIT / 2) * QUICK_SHARE,
  );
  const ms = performance.now() - t;
  console.log(
    `quick first figure, ${id} example (${ms.toFixed(0)} ms): ${answer?.ok ? line(answer.odds) : answer ? answer.tooLarge : 'none'}`,
  );
}

describe('whole-combat odds (host: exact within half the budget, else estimated)', () => {
  for (const id of systemsWithChains) {
    bench(`${id}: the example`, () => void wholeCombatOf(analyses[id], freshStart(id, getSystem(id)!.exampleSetup)), {
      iterations: 3,
      time: 0,
    });
    bench(
      `${id}: the example, the live panel's quick first figure`,
      () =>
        void wholeCombatOf(
          analyses[id],
          freshStart(id, getSystem(id)!.exampleSetup),
          (ANALYSIS_WORK_LIMIT / 2) * QUICK_SHARE,
        ),
      { iterations: 3, time: 0 },
    );
    bench(`${id}: a small combat`, () => void wholeCombatOf(analyses[id], freshStart(id, smalls[id])), {
      iterations: 3,
      time: 0,
    });
  }
  bench(
    'old-world: 8 v 8 of the example',
    () => void wholeCombatOf(analyses['old-world'], freshStart('old-world', midOldWorld)),
    { iterations: 3, time: 0 },
  );
});
