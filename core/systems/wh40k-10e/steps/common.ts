import { pushLog, rollStep, type Answer, type StepKind } from '../../../combat/stepEngine';
import type { DiceGroup, Reason, RollStep } from '../../../combat/steps';
import type { Weapon } from '../profiles';
import { weaponOf, type Resolving, type State } from '../state';

/**
 * What the step kinds of the 10th edition attack sequence share: the weapon and tag of the point
 * the combat is at, the answer-to-log adapter, and the reasons and options several steps show.
 * Each reason names the rule as players know it ("Hit roll — Making Attacks", "Saving throw",
 * "Feel No Pain"); the rule sources (seed 001, RULES.md, WH40K10-MODIFIERS.md) are in the code comments.
 */

export type Kind = StepKind<State>;

/** What a rule does with an answer: the next state, and the result in words for the log. */
export type Applied = { state: State; result: string };

/** The weapon profile in progress, or the weapon of the attack being resolved (null for ordinary mortal wounds). */
export function weaponNow(state: State): Weapon | null {
  const run = state.run;
  const res = state.resolving;
  return run ? weaponOf(state, run.weapon) : res && res.weapon !== null ? weaponOf(state, res.weapon) : null;
}

/** The step-id tag of the weapon in progress ("w0"), or "after" once every weapon has attacked. */
export const tagOf = (state: State) => (state.run ? `w${state.run.weapon}` : 'after');

/**
 * An answer as a rule applies it, logged with its result: the answered step's title and reasons,
 * and for a roll its dice (and the D6 faces typed for halved D3s, so the log shows both). The
 * line keeps the field order of the stored logs (why before dice).
 */
export function answered(rule: (state: State, answer: Answer<State>) => Applied): NonNullable<Kind['answer']> {
  return (s, a) => {
    const r = rule(s, a);
    const { input, step } = a;
    if (step.kind === 'outcome') return a.log(r.state, r.result);
    const dice =
      input.kind === 'roll' ? { dice: [...input.dice], ...(input.typed ? { typed: [...input.typed] } : {}) } : {};
    return pushLog(r.state, {
      stepId: step.id,
      actor: step.actor,
      title: step.title,
      result: r.result,
      why: step.why,
      ...dice,
    });
  };
}

export const rerollNote: Record<string, string> = {
  none: 'No re-rolls.',
  ones: 'Re-roll rights: the dice showing an unmodified 1 (re-rolls happen before modifiers; a die is re-rolled once).',
  failed: 'Re-roll rights: the failed dice (re-rolls happen before modifiers; a die is re-rolled once).',
  all: 'Re-roll rights: any die — the failed dice are re-rolled, and where criticals matter you may also re-roll the non-critical successes.',
};

export const ONCE = 'These dice are re-rolls: they cannot be re-rolled again.';

/** A roll step from its groups: one group is a plain step; several make a step that takes them together. */
export function groupedRoll(
  state: State,
  tag: string,
  s: { title: string; actor: RollStep['actor']; why: Reason[]; notes?: string[] },
  groups: DiceGroup[],
): RollStep {
  if (groups.length === 1) {
    const g = groups[0]!;
    return rollStep(state, tag, {
      ...s,
      count: g.count,
      sides: g.sides,
      needs: g.needs,
      ...(g.passOn !== undefined ? { passOn: g.passOn } : {}),
      ...(g.note ? { notes: [...(s.notes ?? []), `Feel No Pain dice: ${g.note}.`] } : {}),
    });
  }
  const needs = groups.map((g) => `${g.label}: ${g.count} D${g.sides}`).join(' · ');
  return rollStep(state, tag, {
    ...s,
    count: groups.reduce((a, g) => a + g.count, 0),
    sides: groups.some((g) => g.sides === 6) ? 6 : 3,
    needs,
    groups,
  });
}

export const feelNoPainReason = (fnp: number, source: Resolving['source'], detail: string): Reason => ({
  rule: 'Feel No Pain',
  detail: `${fnp}+${source === 'attack' ? '' : ' against mortal wounds'}: one D6 per wound that would be lost; ${detail}`,
});
