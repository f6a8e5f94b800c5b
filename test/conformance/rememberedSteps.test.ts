import { describe, expect, it } from 'vitest';
import { drawStepDice } from '../../core/combat/rollGroups';
import type { Input, Step } from '../../core/combat/steps';
import { seedState } from '../../core/dice/prng';
import { roundByRound } from './systems';

/**
 * The round-by-round systems remember, per combat setup, the steps and the words many states share
 * (core/combat/memo.ts): play-outs of the whole combat ask the same questions thousands of times.
 * What is remembered must be exactly what would be built afresh: along seeded combats, every step
 * and every next state (log and all) of a state whose setup has remembered many things equals
 * those of the same state with a setup of its own (a copy: nothing remembered for it yet).
 */

function inputFor(
  step: Exclude<Step, { kind: 'outcome'; final: true }>,
  rng: readonly number[],
  choice: number,
): { input: Input; rng: readonly number[] } {
  if (step.kind === 'roll') {
    const drawn = drawStepDice(rng, step);
    return { input: { kind: 'roll', stepId: step.id, dice: drawn.faces, by: 'rolled' }, rng: drawn.state };
  }
  if (step.kind === 'choose')
    return { input: { kind: 'choose', stepId: step.id, option: step.options[choice % step.options.length]!.id }, rng };
  return { input: { kind: 'continue', stepId: step.id }, rng };
}

describe('remembered steps are the steps built afresh', () => {
  for (const { id, definition, conformance } of roundByRound) {
    for (const [what, setup] of [
      ['example', definition.rules.exampleSetup],
      ['small combat', conformance.combats.small],
    ] as const) {
      it(`${id}, ${what}: every step and state of seeded combats, the suggested and other options taken`, () => {
        const rules = definition.rules;
        const start = rules.start(rules.setupSchema.parse(structuredClone(setup)));
        let rng: readonly number[] = seedState(7);
        let compared = 0;
        for (let combat = 0; combat < 20; combat++) {
          let state = start;
          for (let n = 0; n < 400; n++) {
            const step = rules.next(state);
            const fresh = structuredClone(state);
            expect(rules.next(fresh)).toEqual(step);
            if (step.kind === 'outcome' && step.final) break;
            // Half the combats take the suggested option (as play-outs do), the others each option in turn.
            const suggested =
              step.kind === 'choose'
                ? Math.max(
                    0,
                    step.options.findIndex((o) => o.suggested),
                  )
                : 0;
            const picked = inputFor(step as never, rng, combat % 2 === 0 ? suggested : n);
            rng = picked.rng;
            const after = rules.apply(state, picked.input, step);
            expect(rules.apply(fresh, picked.input, rules.next(fresh))).toEqual(after);
            state = after;
            compared++;
          }
        }
        expect(compared).toBeGreaterThan(40);
      });
    }
  }
});
