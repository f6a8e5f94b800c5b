import { splitDice } from '../../../combat/rollGroups';
import { chooseStep, pauseOption, popTask, pushLog, rollStep, type TaskKind } from '../../../combat/stepEngine';
import type { DiceGroup, Reason } from '../../../combat/steps';
import { allocationPlan } from '../allocation';
import { afterBreak, afterScore, agilitySteps, beginRound, standings } from '../flow';
import { breakReasons, breakTestOf, passesOn } from '../morale';
import { roundScore, scoreHeadline, scoreReasons } from '../score';
import { allPools, alive, otherRole, type State, type Task } from '../state';

/**
 * The end of a round of melee (seed 004): the Combat Score, the loser's Break Test, pursue or not,
 * the flee and pursuit rolls (one step), and the next round or a stop.
 */

type Of<K extends Task['kind']> = Extract<Task, { kind: K }>;
const sum = (dice: readonly number[]) => dice.reduce((a, b) => a + b, 0);

/**
 * The Combat Score of the round, worked out when the attacks are over: not a step of its own
 * (issue 22: no step with one sensible answer) — its arithmetic goes with the next step the
 * players see (the Break Test, the round's end or the final outcome) and into the log.
 */
export const scoreKind: TaskKind<State, Of<'score'>> = {
  auto(s) {
    const score = roundScore(s.setup, s.round, standings(s));
    const scored: State = { ...popTask(s), phase: 'after', score };
    return afterScore(
      pushLog(scored, {
        actor: 'attacker',
        title: `Round ${s.round}: Combat Score`,
        result: scoreHeadline(s.setup, score),
        why: scoreReasons(scored),
      }),
    );
  },
};

/** The loser's Break Test: 2D6 against its Discipline less the score difference (a test that cannot pass is failed without rolling). */
export const breakKind: TaskKind<State, Of<'break'>> = {
  auto(s, task) {
    const test = breakTestOf(s.setup, task.role, s.score!.difference, standings(s));
    if (test.kind === 'roll') return null;
    const name = s.setup[task.role].unit.name;
    const logged = pushLog(popTask(s), {
      actor: task.role,
      title: `${name}: Break Test`,
      result: `${name} fail without rolling (2D6 ≤ ${test.need} cannot pass)`,
      why: [...breakReasons(s.setup, task.role, test), ...scoreReasons(s)],
    });
    return afterBreak(logged, task.role, true);
  },
  ask(state, task) {
    const test = breakTestOf(state.setup, task.role, state.score!.difference, standings(state));
    return rollStep(state, 'break', {
      title: `${state.setup[task.role].unit.name}: Break Test`,
      actor: task.role,
      count: 2,
      sides: 6,
      needs: `2D6 ≤ ${test.need}${test.insaneCourage ? ' (a double 1 always passes)' : ''}`,
      notes: [scoreHeadline(state.setup, state.score!)],
      why: [...breakReasons(state.setup, task.role, test), ...scoreReasons(state)],
    });
  },
  answer(s, task, { dice, log }) {
    const test = breakTestOf(s.setup, task.role, s.score!.difference, standings(s));
    const passed = passesOn(test, dice);
    const name = s.setup[task.role].unit.name;
    const insane = passed && sum(dice) > test.need;
    const text = `${sum(dice)} against ${test.need}: ${passed ? (insane ? `Insane Courage! ${name} hold` : `${name} hold`) : `${name} break and flee!`}`;
    return afterBreak(popTask(log(s, text, dice)), task.role, !passed);
  },
};

/** The winner decides before the flee roll whether to pursue. */
export const pursueChoiceKind: TaskKind<State, Of<'pursueChoice'>> = {
  ask(state, task) {
    const winner = state.setup[task.role].unit.name;
    const loser = state.setup[otherRole(task.role)].unit.name;
    return chooseStep(state, 'pursue', {
      title: `${winner}: pursue?`,
      actor: task.role,
      prompt: `${loser} broke and flee. Will ${winner} pursue them? Decide before the flee roll.`,
      options: [
        { id: 'pursue', label: 'Pursue (2D6)', suggested: true },
        { id: 'hold', label: 'Do not pursue' },
      ],
      why: [
        {
          rule: 'Pursuit',
          detail:
            'the winner may pursue a fleeing unit: 2D6 against the flee roll, equal or more catches and destroys it',
        },
      ],
    });
  },
  answer(s, task, { option, log }) {
    const name = s.setup[task.role].unit.name;
    if (option === 'pursue')
      return popTask({ ...log(s, `${name} pursue`), pursues: true, status: { ...s.status, [task.role]: 'pursuing' } });
    return popTask({ ...log(s, `${name} do not pursue`), pursues: false });
  },
};

// The flee and pursuit distances are rolled even when they cannot change who is caught: the
// players still move the fleeing unit and the pursuers that far on the table (RULES.md, The Ninth Age).

/**
 * The broken unit flees 2D6″ and, when the winner pursues, the pursuers roll their 2D6 at the same
 * moment (RULES §5: flee 2D6, pursue 2D6): one step, two groups, each player's own dice. A pursuit
 * equal to or more than the flee roll catches and destroys the fleeing unit.
 */
export const fleeKind: TaskKind<State, Of<'flee'>> = {
  ask(state, task) {
    const name = state.setup[task.role].unit.name;
    const flee: Reason = {
      rule: 'Flee',
      detail: `${name} failed the Break Test: they flee 2D6″ directly away from the enemy`,
    };
    if (!state.pursues) {
      const notes = [`Nobody pursues ${name}: the roll is how far they flee on the table.`];
      return rollStep(state, 'flee', {
        title: `${name}: flee`,
        actor: task.role,
        count: 2,
        sides: 6,
        needs: '2D6: the flee distance',
        notes,
        why: [flee],
      });
    }
    const winner = state.setup[otherRole(task.role)];
    const groups: DiceGroup[] = [
      // Only the two totals are read (pursuit ≥ flee catches): the whole-combat odds count each total once.
      {
        id: 'flee',
        label: `${name} flee (${state.setup[task.role].name})`,
        roller: task.role,
        count: 2,
        sides: 6,
        needs: '2D6″ away from the enemy',
        readsSum: true,
      },
      {
        id: 'pursue',
        label: `${winner.unit.name} pursue (${winner.name})`,
        roller: otherRole(task.role),
        count: 2,
        sides: 6,
        needs: `the flee roll or more catches ${name}`,
        readsSum: true,
      },
    ];
    return rollStep(state, 'flee', {
      title: `${name}: flee, ${winner.unit.name}: pursue`,
      actor: task.role,
      count: 4,
      sides: 6,
      needs: `pursuit ≥ flee catches ${name}`,
      notes: [
        `${state.setup[task.role].name}: roll the flee; ${winner.name}: the pursuit.`,
        `${winner.unit.name} move the distance rolled, whether they catch ${name} or not.`,
      ],
      why: [
        flee,
        {
          rule: 'Pursuit',
          detail:
            'the pursuers roll 2D6 at the same moment: equal to or more than the flee roll catches and destroys the fleeing unit',
        },
      ],
      groups,
    });
  },
  answer(s, task, { step, dice, log }) {
    const name = s.setup[task.role].unit.name;
    if (step.kind !== 'roll') throw new Error('a flee step is a roll');
    const [fled, chased] = s.pursues ? splitDice(step, dice) : [dice, []];
    const distance = sum(fled!);
    if (!s.pursues) return { ...popTask(log(s, `${name} flee ${distance}″`, dice)), flee: distance };
    const pursuer = s.setup[otherRole(task.role)].unit.name;
    const pursuit = sum(chased!);
    // Pursuit ≥ flee (a tie too) catches and destroys the fleeing unit.
    const caught = pursuit >= distance;
    const text = `${name} flee ${distance}″; ${pursuer} pursue ${pursuit}″: ${caught ? `${name} caught and destroyed` : `${name} escape`}`;
    const next = { ...popTask(log(s, text, dice)), flee: distance, pursuit };
    return caught ? { ...next, status: { ...next.status, [task.role]: 'caught' } } : next;
  },
};

/** Both units still fight: the next round now, or stop here (the melee goes on in the next turn). */
/** A game lasts six turns a side, a melee phase in each: a melee is fought for twelve rounds at most. */
export const LAST_ROUND = 12;

export const roundEndKind: TaskKind<State, Of<'roundEnd'>> = {
  ask(state) {
    // Neither unit has an attack left: another round cannot change the losses, so stopping is
    // suggested; so it is once the game is over (twelve rounds), so `resolve` always ends.
    const idle = agilitySteps({ ...state, round: state.round + 1 }).length === 0 || state.round >= LAST_ROUND;
    // An allocation to choose: a side with an enemy character standing as a target beside another target.
    const choice = allPools(state.setup).some(
      (p) => alive(state.setup, state.lost, p) && (allocationPlan(state.setup, state.lost, p)?.ask.length ?? 0) > 0,
    );
    return chooseStep(state, 'round', {
      title: `Round ${state.round} is over`,
      actor: 'attacker',
      prompt:
        'Both units are still in the melee. Fight the next round now, or stop here (the melee goes on in the next turn)?',
      options: [
        {
          id: 'next',
          label: `Fight round ${state.round + 1} now`,
          ...(idle
            ? { detail: state.round >= LAST_ROUND ? 'the game is over' : 'neither unit has an attack left' }
            : { suggested: true, ...(choice ? { detail: 'attacks allocated as this round' } : {}) }),
        },
        // One tap to change the kept allocations (issue 22), offered only when there is a choice to make.
        ...(choice && !idle ? [{ id: 'anew', label: `Fight round ${state.round + 1}, allocating attacks anew` }] : []),
        // Stopping to fight on in a later turn is a pause, not an end (the host keeps the melee here);
        // once another round can change nothing, or the game is over, the melee ends undecided.
        idle
          ? {
              id: 'stop',
              label: `End the melee here: ${state.round >= LAST_ROUND ? 'the game is over' : 'neither unit has an attack left'}`,
              suggested: true,
            }
          : pauseOption(state.round),
      ],
      why: [
        ...scoreReasons(state),
        {
          rule: 'Melee',
          detail:
            'units stay locked in combat until one side breaks or is destroyed; the state is kept from round to round',
        },
        ...(state.round < LAST_ROUND
          ? []
          : [
              {
                rule: 'Game length',
                detail: `a game lasts six turns a side, so a melee is fought for ${LAST_ROUND} rounds at most: stopping is suggested`,
              },
            ]),
      ],
    });
  },
  answer(s, _task, { option, log }) {
    // Another round can change nothing, or the game is over: the melee ends where it stands.
    if (option === 'stop') {
      const why = s.round >= LAST_ROUND ? 'the game is over' : 'neither unit has an attack left';
      const next = popTask(log(s, `The melee ends here: ${why}`));
      return { ...next, phase: 'over', notes: [...next.notes, `The melee ends here: ${why}.`] };
    }
    // The allocations answered this round are kept for the next (issue 22): asked again only when the players say so.
    const anew = option === 'anew';
    const next = popTask(
      log(s, anew ? `On to round ${s.round + 1}, allocating attacks anew` : `On to round ${s.round + 1}`),
    );
    return beginRound({ ...next, round: s.round + 1, kept: { ...s.kept, ...s.chosen }, chosen: {}, anew });
  },
};
