import { readFileSync } from 'node:fs';
import { bench, describe } from 'vitest';
import {
  QUICK_SHARE,
  wholeCombatOf,
  wholeWorkOf,
  type WholeCombatAnswer,
  type WholeWork,
} from '../../core/analysis/combat';
import { ANALYSIS_WORK_LIMIT } from '../../core/analysis/budget';
import { advance, rollForMe, startCombat, type Combat } from '../../core/combat/engine';
import type { SystemDefinition } from '../../core/systems/definition';
import { roundByRound } from '../conformance/systems';
import { countedAnalysis } from '../support/countedModel';
import { median } from '../support/stepTargets';

/**
 * The whole combat's odds as the host works them out (`npm run bench`), for every system fought
 * round after round in the conformance kit's registry (the toy's too): its setup-screen example,
 * every example file, its small and its club-size combat — exact from each system's round model.
 * Targets (issue 34): every example exact in ≤ 200 ms warm and never over 1 s; a club-size combat
 * exact in ≤ 1 s; from any state of the example's first round ≤ 1 s. Printed once per scenario:
 * exact or estimated, positions (`states`), the first asking (a fresh setup: nothing kept) and the
 * median of three more askings of the same combat (the host keeps what it worked out per combat).
 */

function scenarioSetup(file: string): unknown {
  const { seed: _seed, dice: _dice, ...setup } = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  return setup;
}

function scenarios(
  definition: SystemDefinition,
  c: { examples: readonly string[]; combats: { small: unknown; club: unknown } },
) {
  return [
    ['setup example', definition.rules.exampleSetup],
    ...c.examples.map((f) => [f, scenarioSetup(f)] as const),
    ['small', c.combats.small],
    ['club-size', c.combats.club],
  ] as const;
}

const timed = (work: () => WholeCombatAnswer) => {
  const t = performance.now();
  const answer = work();
  return { answer, ms: performance.now() - t };
};

const said = (a: WholeCombatAnswer) =>
  !a
    ? 'none'
    : !a.ok
      ? a.tooLarge
      : a.odds.exact
        ? `exact, ${a.odds.states} positions`
        : `estimate (${a.odds.playouts} play-outs)`;

function report(definition: SystemDefinition, what: string, setup: unknown, share: number | WholeWork = 1): void {
  const rules = definition.rules;
  const state = startCombat(rules, rules.setupSchema.parse(structuredClone(setup)), 1).state;
  const { exact, estimate } = wholeWorkOf(share);
  const budget = { exact: (ANALYSIS_WORK_LIMIT / 2) * exact, estimate: (ANALYSIS_WORK_LIMIT / 2) * estimate };
  const { counts, analysis } = countedAnalysis(definition.analysis!);
  const first = timed(() => wholeCombatOf(analysis, state, budget));
  const again = [0, 1, 2].map(() => timed(() => wholeCombatOf(definition.analysis, state, budget)).ms);
  const win = first.answer?.ok ? `, attacker wins ${(100 * first.answer.odds.pAttackerWins).toFixed(2)}%` : '';
  const work = `${counts.transitions} transitions (${counts.successors} successors)`;
  console.log(
    `whole combat, ${definition.id} ${what}: ${said(first.answer)}, ${work}${win}; first ${first.ms.toFixed(0)} ms, again ${median(again).toFixed(0)} ms`,
  );
}

/** From every state of the example's first round (seeded "Roll for me", the suggested options), the worst. */
function midRound(definition: SystemDefinition): void {
  const rules = definition.rules;
  const chain = definition.analysis!.combat!;
  let c: Combat = startCombat(rules, rules.setupSchema.parse(structuredClone(rules.exampleSetup)), 3);
  const ms: number[] = [];
  let exact = true;
  while (chain.round(c.state) === 1 && !(c.step.kind === 'outcome' && c.step.final)) {
    const t = timed(() => wholeCombatOf(definition.analysis, c.state));
    ms.push(t.ms);
    exact &&= !!(t.answer?.ok && t.answer.odds.exact);
    const step = c.step;
    const input =
      step.kind === 'roll'
        ? rollForMe(c)
        : step.kind === 'choose'
          ? {
              kind: 'choose' as const,
              stepId: step.id,
              option: (step.options.find((o) => o.suggested) ?? step.options[0]!).id,
            }
          : { kind: 'continue' as const, stepId: step.id };
    const r = advance(rules, c, input);
    if (!r.ok) break;
    c = r.combat;
  }
  console.log(
    `whole combat, ${definition.id} example, each state of round 1 (${ms.length}): ${exact ? 'all exact' : 'not all exact'}; median ${median(ms).toFixed(0)} ms, worst ${Math.max(...ms).toFixed(0)} ms`,
  );
}

for (const { definition, conformance } of roundByRound) {
  for (const [what, setup] of scenarios(definition, conformance)) report(definition, what, setup);
  report(definition, "setup example, the live panel's quick first figure", definition.rules.exampleSetup, QUICK_SHARE);
  midRound(definition);
}

describe('whole-combat odds of each example, a fresh setup each time (printed above, with every scenario)', () => {
  for (const { definition } of roundByRound) {
    const rules = definition.rules;
    bench(
      `${definition.id}: the setup example`,
      () =>
        void wholeCombatOf(
          definition.analysis,
          rules.start(rules.setupSchema.parse(structuredClone(rules.exampleSetup))),
        ),
      { iterations: 3, time: 0 },
    );
  }
});
