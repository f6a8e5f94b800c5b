import { describe, expect, it } from 'vitest';
import { advance, rollForMe, startCombat, type Combat } from '../../../core/combat/engine';
import type { Step } from '../../../core/combat/steps';
import { drawDice, seedState } from '../../../core/dice/prng';
import { systems } from '../../../core/systems';
import { inputFor } from '../../support/drive';

/**
 * Words players use (table UX issue): a step's reasons cite a rule by the name players know
 * ("Break Test", "To Hit chart") with its arithmetic, never the project's sources ("seed 003",
 * "RULES §4"), and no title, prompt, option or log line shows them either. Every system's example
 * combat is played to its end with the app's dice and choices drawn at random, so branches beyond
 * the suggested ones are read too.
 */
const SOURCE_CITATION = /\bseed \d|\bRULES\b|§/;

function wordsOf(step: Step): string[] {
  const why = step.kind === 'outcome' ? [] : step.why.flatMap((r) => [r.rule, r.detail]);
  if (step.kind === 'roll') return [step.title, ...why];
  if (step.kind === 'choose')
    return [step.title, step.prompt, ...why, ...step.options.flatMap((o) => [o.label, o.detail ?? ''])];
  return [step.title, ...step.lines];
}

function playedOut(id: string, seed: number): { combat: Combat; words: string[] } {
  const system = systems[id]!;
  let combat = startCombat(system, system.setupSchema.parse(system.exampleSetup), seed);
  let picks = seedState(seed + 1000);
  const words: string[] = [];
  for (let taken = 0; taken < 2000 && !(combat.step.kind === 'outcome' && combat.step.final); taken++) {
    const step = combat.step;
    words.push(...wordsOf(step));
    let input;
    if (step.kind === 'roll') input = rollForMe(combat);
    else if (step.kind === 'outcome') input = inputFor(step, 'go');
    else {
      // A pause ("Stop here") is no answer the rules take: it leaves the table (the combat stays where it is).
      const answers = step.options.filter((o) => o.pause === undefined);
      const draw = drawDice(picks, 1, answers.length);
      picks = draw.state;
      input = inputFor(step, answers[draw.faces[0]! - 1]!.id);
    }
    const next = advance(system, combat, input);
    if (!next.ok) throw new Error(`${id} at "${step.title}": ${next.error.message}`);
    combat = next.combat;
  }
  words.push(...wordsOf(combat.step));
  const view = system.view(combat.state);
  words.push(...view.log.flatMap((l) => [l.title, l.result, ...(l.why ?? []).flatMap((r) => [r.rule, r.detail])]));
  return { combat, words };
}

describe.each(Object.keys(systems))('%s speaks as players do', (id) => {
  it.each([1, 2, 3, 4, 5, 6])(
    'example combat, dice and choices from seed %i: no source citations, and it ends',
    (seed) => {
      const { combat, words } = playedOut(id, seed);
      expect(combat.step.kind === 'outcome' && combat.step.final).toBe(true);
      expect(words.filter((w) => SOURCE_CITATION.test(w))).toEqual([]);
    },
  );
});
