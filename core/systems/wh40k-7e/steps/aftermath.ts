import { chooseStep, pauseOption, rollStep, type StepKind } from '../../../combat/stepEngine';
import type { Reason } from '../../../combat/steps';
import { afterResult, autoLine, beginRound, resolveSweep } from '../flow';
import { moraleTestOf, sweepInitiatives, sweepNeed } from '../morale';
import { headline, resultLines } from '../result';
import { otherRole, possessive, roles, type State } from '../state';
import { canHarm, MAX_ROUNDS } from '../strikes';
import { moralePasses, sweepCatches } from '../tables';

/**
 * The end of a round (RULES §2; SCENARIOS §2): the combat result, the loser's Morale check, the
 * winner's Sweeping Advance, and the next round or a stop.
 */

const sum = (dice: readonly number[]) => dice.reduce((a, b) => a + b, 0);

/**
 * The combat result, worked out and logged with its arithmetic; nobody has to acknowledge it (the
 * next step, the Morale check or the next round, shows it): one step fewer a round at the table.
 */
export const resultKind: StepKind<State> = {
  auto(s) {
    const r = s.result!;
    const lines = resultLines(s.setup, s.roundStart, s.wounds, r);
    const why = lines.slice(0, -1).map((detail) => ({ rule: 'Combat result', detail }));
    return afterResult(
      autoLine(s, r.winner ?? 'attacker', `Round ${s.round}: combat result`, headline(s.setup, r), why),
    );
  },
};

/** The round's result in words (its arithmetic, then who won), for the steps that follow it. */
export const resultNotes = (s: State) => resultLines(s.setup, s.roundStart, s.wounds, s.result!);

/** The loser's Morale check: 2D6 against its Leadership less the difference (Fearless, or a check that cannot fail, needs no roll). */
export const moraleKind: StepKind<State> = {
  auto(s) {
    const loser = otherRole(s.result!.winner!);
    const test = moraleTestOf(s.setup, loser, s.wounds[loser], s.result!.difference);
    if (test.kind === 'roll' && test.leadership - test.modifier < 12) return null;
    // Fearless, or no roll of 2D6 can fail: nobody rolls.
    const why =
      test.kind === 'passes'
        ? test.why
        : [
            ...test.why,
            { rule: 'Morale check', detail: `2D6 is never more than 12 ≤ ${test.leadership - test.modifier}` },
          ];
    return {
      ...autoLine(
        s,
        loser,
        `${s.setup[loser].name}: Morale check`,
        `${s.setup[loser].name} pass automatically and fight on`,
        why,
      ),
      phase: 'roundEnd',
    };
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
      notes: [
        ...resultNotes(state),
        'A failed check: the unit falls back, and the winner may catch it with a Sweeping Advance.',
      ],
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

/** The Sweeping Advance: both sides roll D6 + Initiative at once (a roll-off), unless the Initiatives already decide it. */
export const sweepKind: StepKind<State> = {
  auto(s) {
    const winner = s.result!.winner!;
    const i = sweepInitiatives(s.setup, winner, otherRole(winner), s.wounds);
    const need = sweepNeed(i.winner, i.loser, null);
    if (need.kind !== 'decided') return null;
    return resolveSweep(s, need.caught, `D6 + I${i.winner} against D6 + I${i.loser}: the dice cannot change it`);
  },
  ask(state) {
    const { setup } = state;
    const winner = state.result!.winner!;
    const loser = otherRole(winner);
    const i = sweepInitiatives(setup, winner, loser, state.wounds);
    const [w, l] = [setup[winner].name, setup[loser].name];
    const why: Reason[] = [
      {
        rule: 'Sweeping Advance',
        detail: `each side rolls D6 + its Initiative (the lowest among its surviving models, Unwieldy ignored): ${w} I${i.winner}, ${l} I${i.loser}; the winner's total equal or higher catches the loser`,
      },
    ];
    if (setup[loser].atsknf)
      why.push({
        rule: 'And They Shall Know No Fear',
        detail: `${l} are not destroyed if caught: they stay locked in combat`,
      });
    return rollStep(state, 'sweep', {
      title: `Sweeping Advance: ${w} roll off against ${l}`,
      actor: winner,
      count: 2,
      sides: 6,
      needs: `${w} catch ${l} if their D6 + I${i.winner} is equal to or more than ${possessive(l)} D6 + I${i.loser}`,
      groups: [
        {
          id: 'winner',
          label: w,
          roller: winner,
          count: 1,
          sides: 6,
          needs: `D6 + I${i.winner}: equal to or more than ${possessive(l)} total catches them`,
        },
        {
          id: 'loser',
          label: l,
          roller: loser,
          count: 1,
          sides: 6,
          needs: `D6 + I${i.loser}: more than ${possessive(w)} total escapes`,
        },
      ],
      notes: [
        `${w} catch ${l} if their D6 + I${i.winner} is equal to or more than ${possessive(l)} D6 + I${i.loser}; otherwise ${l} escape.`,
      ],
      why,
    });
  },
  answer(s, { dice, log }) {
    const winner = s.result!.winner!;
    const loser = otherRole(winner);
    const i = sweepInitiatives(s.setup, winner, loser, s.wounds);
    const w = dice[0]! + i.winner;
    const l = dice[1]! + i.loser;
    const caught = sweepCatches(w, l);
    const text = `${s.setup[winner].name} ${dice[0]} + I${i.winner} = ${w}, ${s.setup[loser].name} ${dice[1]} + I${i.loser} = ${l}: ${caught ? 'caught' : 'escaped'}`;
    return resolveSweep(log(s, text, dice), caught, `${w} against ${l}`);
  },
};

/** Neither unit can cause the other a wound from now on: the combat can never be decided (issue: it used to go on forever). */
function stalemate(s: State): State | null {
  const round = s.round + 1;
  if (roles.some((role) => canHarm(s.setup, role, s.wounds, round))) return null;
  const text = `Neither ${s.setup.attacker.name} nor ${s.setup.defender.name} can cause the other a wound: no round can change anything, so the combat is a draw.`;
  const next = autoLine(s, 'attacker', `Round ${s.round} is over`, text, [
    {
      rule: 'To Wound chart',
      detail: 'a Strength 4 or more below the Toughness cannot wound, and a model with no Attacks strikes no blow',
    },
  ]);
  return { ...next, phase: 'over', stalemate: true, notes: [...next.notes, text] };
}

/**
 * Both units still locked: the next round now, or stop here (the combat goes on in the next
 * turn). Asked once: the choice to fight on is kept for the rounds after ("as last round"). A
 * combat nobody can win ends as a draw, and no combat outlasts a game.
 */
export const roundEndKind: StepKind<State> = {
  auto(s) {
    const over = stalemate(s);
    if (over) return over;
    if (s.round >= MAX_ROUNDS) {
      const text = `The game is over by now: a game lasts at most seven turns, and a combat is fought once in each player's turn, so round ${MAX_ROUNDS} was the last.`;
      const next = autoLine(s, 'attacker', `Round ${s.round} is over`, text);
      return { ...next, phase: 'over', notes: [...next.notes, text] };
    }
    if (!s.fightOn) return null;
    return beginRound({
      ...autoLine(
        s,
        'attacker',
        `Round ${s.round} is over`,
        `as last round: both units still locked, on to round ${s.round + 1}`,
      ),
      round: s.round + 1,
    });
  },
  ask: (state) =>
    chooseStep(state, 'round', {
      title: `Round ${state.round} is over`,
      actor: 'attacker',
      prompt: `${headline(state.setup, state.result!)} Both units are still locked in combat. Fight round ${state.round + 1} now (and the rounds after, until the combat is decided), or stop here and go on next turn?`,
      options: [
        {
          id: 'next',
          label: `Fight round ${state.round + 1} now, and on until the combat is decided`,
          suggested: true,
        },
        // Stopping to fight on in a later turn is a pause, not an end: the host keeps the combat here.
        pauseOption(state.round),
      ],
      why: [
        {
          rule: 'Close combat',
          detail:
            'a drawn combat, or a loser that passed its Morale check, stays locked in combat and fights again next round; nobody charges then',
        },
      ],
    }),
  answer(s, { log }) {
    return beginRound({
      ...log(s, `On to round ${s.round + 1}, and on until the combat is decided`),
      round: s.round + 1,
      fightOn: true,
    });
  },
};
