import { chooseStep, outcomeStep, rollStep, type StepKind } from '../../../combat/stepEngine';
import type { Reason } from '../../../combat/steps';
import { afterResult, autoLine, beginRound, resolveSweep } from '../flow';
import { moraleTestOf, sweepInitiatives, sweepNeed } from '../morale';
import { headline, resultLines } from '../result';
import { otherRole, type State } from '../state';
import { moralePasses, sweepCatches } from '../tables';

/**
 * The end of a round (RULES §2; SCENARIOS §2): the combat result, the loser's Morale check, the
 * winner's Sweeping Advance, and the next round or a stop.
 */

const sum = (dice: readonly number[]) => dice.reduce((a, b) => a + b, 0);

/** The combat result, shown with its arithmetic. */
export const resultKind: StepKind<State> = {
  ask: (state) => outcomeStep(state, 'result', { title: `Round ${state.round}: combat result`, lines: resultLines(state.setup, state.roundStart, state.wounds, state.result!), final: false }),
  answer: (s, { log }) => afterResult(log(s, headline(s.setup, s.result!))),
};

/** The loser's Morale check: 2D6 against its Leadership less the difference (Fearless, or a check that cannot fail, needs no roll). */
export const moraleKind: StepKind<State> = {
  auto(s) {
    const loser = otherRole(s.result!.winner!);
    const test = moraleTestOf(s.setup, loser, s.wounds[loser], s.result!.difference);
    if (test.kind === 'roll' && test.leadership - test.modifier < 12) return null;
    // Fearless, or no roll of 2D6 can fail: nobody rolls.
    const why = test.kind === 'passes' ? test.why : [...test.why, { rule: 'Morale check', detail: `2D6 is never more than 12 ≤ ${test.leadership - test.modifier}` }];
    return { ...autoLine(s, loser, `${s.setup[loser].name}: Morale check`, `${s.setup[loser].name} pass automatically and fight on`, why), phase: 'roundEnd' };
  },
  ask(state) {
    const { setup } = state;
    const loser = otherRole(state.result!.winner!);
    const test = moraleTestOf(setup, loser, state.wounds[loser], state.result!.difference);
    if (test.kind !== 'roll') throw new Error('an automatic Morale check is settled before it is shown');
    return rollStep(state, 'morale', {
      title: `${setup[loser].name}: Morale check`,
      actor: loser,
      count: 2,
      sides: 6,
      needs: `2D6 ≤ ${test.leadership - test.modifier} (a double 1 always passes)`,
      why: test.why,
      notes: ['A failed check: the unit falls back, and the winner may catch it with a Sweeping Advance.'],
    });
  },
  answer(s, { dice, log }) {
    const { setup } = s;
    const loser = otherRole(s.result!.winner!);
    const test = moraleTestOf(setup, loser, s.wounds[loser], s.result!.difference);
    if (test.kind !== 'roll') throw new Error('an automatic Morale check takes no dice');
    const passed = moralePasses(dice, test.leadership, test.modifier);
    const doubleOne = dice[0] === 1 && dice[1] === 1;
    const need = test.leadership - test.modifier;
    const text = `${sum(dice)} against ${need}: ${passed ? `${doubleOne && sum(dice) > need ? 'a double 1 always passes — ' : ''}${setup[loser].name} fight on` : `failed — ${setup[loser].name} fall back`}`;
    const next = log(s, text, dice);
    return passed ? { ...next, phase: 'roundEnd' } : { ...next, phase: 'sweep', broken: loser };
  },
};

/** The Sweeping Advance: each side's D6 + Initiative, rolled only where a die can still change who is caught. */
export const sweepKind: StepKind<State> = {
  auto(s) {
    const winner = s.result!.winner!;
    const i = sweepInitiatives(s.setup, winner, otherRole(winner), s.wounds);
    const need = sweepNeed(i.winner, i.loser, s.sweepRoll);
    if (need.kind !== 'decided') return null;
    const detail =
      s.sweepRoll === null
        ? `D6 + I${i.winner} against D6 + I${i.loser}: the dice cannot change it`
        : `${s.sweepRoll} + I${i.winner} = ${s.sweepRoll + i.winner} against D6 + I${i.loser}: the loser's die cannot change it`;
    return resolveSweep(s, need.caught, detail);
  },
  ask(state) {
    const { setup } = state;
    const winner = state.result!.winner!;
    const loser = otherRole(winner);
    const i = sweepInitiatives(setup, winner, loser, state.wounds);
    const need = sweepNeed(i.winner, i.loser, state.sweepRoll);
    const who = need.kind === 'winner' ? winner : loser;
    const why: Reason[] = [
      { rule: 'Sweeping Advance', detail: `each side rolls D6 + its Initiative (the lowest among its surviving models, Unwieldy ignored): ${setup[winner].name} I${i.winner}, ${setup[loser].name} I${i.loser}; the winner's total equal or higher catches the loser` },
    ];
    if (setup[loser].atsknf) why.push({ rule: 'And They Shall Know No Fear', detail: `${setup[loser].name} are not destroyed if caught: they stay locked in combat` });
    return rollStep(state, 'sweep', {
      title: `${setup[who].name}: Sweeping Advance roll`,
      actor: who,
      count: 1,
      sides: 6,
      // The loser escapes only by beating the winner's total: D6 + I above it.
      needs: need.kind === 'loser' ? `${need.winnerTotal - i.loser + 1}+ to escape (D6 + I${i.loser} must beat ${need.winnerTotal})` : `D6 + I${i.winner}`,
      why,
    });
  },
  answer(s, { dice, log }) {
    const winner = s.result!.winner!;
    const i = sweepInitiatives(s.setup, winner, otherRole(winner), s.wounds);
    const face = dice[0]!;
    if (s.sweepRoll === null) return { ...log(s, `${face} + I${i.winner} = ${face + i.winner}`, dice), sweepRoll: face };
    const w = s.sweepRoll + i.winner;
    const l = face + i.loser;
    const caught = sweepCatches(w, l);
    return resolveSweep(log(s, `${face} + I${i.loser} = ${l} against ${w}: ${caught ? 'caught' : 'escaped'}`, dice), caught, `${w} against ${l}`);
  },
};

/** Both units still locked: the next round now, or stop here (the combat goes on in the next turn). */
export const roundEndKind: StepKind<State> = {
  ask: (state) =>
    chooseStep(state, 'round', {
      title: `Round ${state.round} is over`,
      actor: 'attacker',
      prompt: `Both units are still locked in combat. Fight round ${state.round + 1} now, or stop here and go on next turn?`,
      options: [
        { id: 'next', label: `Fight round ${state.round + 1} now`, suggested: true },
        { id: 'stop', label: 'Stop here (the combat goes on in the next turn)' },
      ],
      why: [{ rule: 'Close combat', detail: 'a drawn combat, or a loser that passed its Morale check, stays locked in combat and fights again next round; nobody charges then' }],
    }),
  answer(s, { option, log }) {
    if (option === 'stop') {
      const next = log(s, 'Stop here: the combat goes on in the next turn');
      return { ...next, phase: 'over', notes: [...next.notes, `The combat goes on: round ${s.round + 1} is fought in the next turn.`] };
    }
    return beginRound({ ...log(s, `On to round ${s.round + 1}`), round: s.round + 1 });
  },
};
