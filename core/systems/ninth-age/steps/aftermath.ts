import { chooseStep, outcomeStep, popTask, pushLog, rollStep, type TaskKind } from '../../../combat/stepEngine';
import { afterBreak, afterScore, agilitySteps, beginRound, standings } from '../flow';
import { breakReasons, breakTestOf, passesOn } from '../morale';
import { roundScore, scoreArithmetic, scoreHeadline } from '../score';
import { otherRole, type State, type Task } from '../state';

/**
 * The end of a round of melee (seed 004): the Combat Score, the loser's Break Test, pursue or not,
 * the flee and pursuit rolls, and the next round or a stop.
 */

type Of<K extends Task['kind']> = Extract<Task, { kind: K }>;
const sum = (dice: readonly number[]) => dice.reduce((a, b) => a + b, 0);

/** The Combat Score of the round, worked out when the attacks are over and shown with its arithmetic. */
export const scoreKind: TaskKind<State, Of<'score'>> = {
  auto: (s) => (s.score === null ? { ...s, phase: 'after', score: roundScore(s.setup, s.round, standings(s)) } : null),
  ask(state) {
    const { setup } = state;
    const r = state.score!;
    const side = (role: 'attacker' | 'defender') => [`${setup[role].unit.name}: ${scoreArithmetic(r[role])}`, ...r[role].lines.map((l) => `  +${l.value} ${l.label}: ${l.detail}`)];
    return outcomeStep(state, 'score', { title: `Round ${state.round}: Combat Score`, lines: [...side('attacker'), ...side('defender'), scoreHeadline(setup, r)], final: false });
  },
  answer: (s, _task, { log }) => afterScore(popTask(log(s, scoreHeadline(s.setup, s.score!)))),
};

/** The loser's Break Test: 2D6 against its Discipline less the score difference (a test that cannot pass is failed without rolling). */
export const breakKind: TaskKind<State, Of<'break'>> = {
  auto(s, task) {
    const test = breakTestOf(s.setup, task.role, s.score!.difference, standings(s));
    if (test.kind === 'roll') return null;
    const name = s.setup[task.role].unit.name;
    const logged = pushLog(popTask(s), { actor: task.role, title: `${name}: Break Test`, result: `${name} fail without rolling (2D6 ≤ ${test.need} cannot pass)`, why: breakReasons(s.setup, task.role, test) });
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
      why: breakReasons(state.setup, task.role, test),
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
      why: [{ rule: 'Pursuit', detail: 'the winner may pursue a fleeing unit: 2D6 against the flee roll, equal or more catches and destroys it' }],
    });
  },
  answer(s, task, { option, log }) {
    const name = s.setup[task.role].unit.name;
    if (option === 'pursue') return popTask({ ...log(s, `${name} pursue`), pursues: true, status: { ...s.status, [task.role]: 'pursuing' } });
    return popTask({ ...log(s, `${name} do not pursue`), pursues: false });
  },
};

// The flee and pursuit distances are rolled even when they cannot change who is caught: the
// players still move the fleeing unit and the pursuers that far on the table (RULES.md, The Ninth Age).

/** The broken unit flees 2D6″. */
export const fleeKind: TaskKind<State, Of<'flee'>> = {
  ask(state, task) {
    const name = state.setup[task.role].unit.name;
    const notes = state.pursues ? [] : [`Nobody pursues ${name}: the roll is how far they flee on the table.`];
    return rollStep(state, 'flee', { title: `${name}: flee`, actor: task.role, count: 2, sides: 6, needs: '2D6: the flee distance', notes, why: [{ rule: 'Flee', detail: `${name} failed the Break Test: they flee 2D6″ directly away from the enemy` }] });
  },
  answer(s, task, { dice, log }) {
    const name = s.setup[task.role].unit.name;
    const distance = sum(dice);
    const next = { ...popTask(log(s, `${name} flee ${distance}″`, dice)), flee: distance };
    if (!next.pursues) return next;
    return { ...next, queue: [{ kind: 'pursuit', role: otherRole(task.role) } as Task, ...next.queue] };
  },
};

/** The pursuers roll 2D6: equal to or more than the flee roll catches and destroys the fleeing unit. */
export const pursuitKind: TaskKind<State, Of<'pursuit'>> = {
  ask(state, task) {
    const name = state.setup[task.role].unit.name;
    const fleeing = state.setup[otherRole(task.role)].unit.name;
    // The least 2D6 can roll is 2: a flee of 2″ is caught whatever the pursuit.
    const certain = state.flee! <= 2;
    return rollStep(state, 'pursuit', {
      title: `${name}: pursue ${fleeing}`,
      actor: task.role,
      count: 2,
      sides: 6,
      needs: `2D6 ≥ ${state.flee} catches ${fleeing}`,
      notes: certain ? [`Any roll catches ${fleeing}: the roll is how far ${name} pursue on the table.`] : [`${name} move the distance rolled, whether they catch ${fleeing} or not.`],
      why: [{ rule: 'Pursuit', detail: `2D6 equal to or more than the flee roll (${state.flee}) catches and destroys the fleeing unit` }],
    });
  },
  answer(s, task, { dice, log }) {
    const name = s.setup[task.role].unit.name;
    const fleeing = otherRole(task.role);
    const distance = sum(dice);
    // Pursuit ≥ flee (a tie too) catches and destroys the fleeing unit.
    const caught = distance >= s.flee!;
    const text = `${name} pursue ${distance}″ against ${s.flee}″: ${caught ? `${s.setup[fleeing].unit.name} caught and destroyed` : `${s.setup[fleeing].unit.name} escape`}`;
    const next = { ...popTask(log(s, text, dice)), pursuit: distance };
    return caught ? { ...next, status: { ...next.status, [fleeing]: 'caught' } } : next;
  },
};

/** Both units still fight: the next round now, or stop here (the melee goes on in the next turn). */
export const roundEndKind: TaskKind<State, Of<'roundEnd'>> = {
  ask(state) {
    // Neither unit has an attack left: another round cannot change the losses, so stopping is suggested.
    const idle = agilitySteps({ ...state, round: state.round + 1 }).length === 0;
    return chooseStep(state, 'round', {
      title: `Round ${state.round} is over`,
      actor: 'attacker',
      prompt: 'Both units are still in the melee. Fight the next round now, or stop here (the melee goes on in the next turn)?',
      options: [
        { id: 'next', label: `Fight round ${state.round + 1} now`, ...(idle ? { detail: 'neither unit has an attack left' } : { suggested: true }) },
        { id: 'stop', label: 'Stop here', ...(idle ? { suggested: true } : {}) },
      ],
      why: [{ rule: 'Melee', detail: 'units stay locked in combat until one side breaks or is destroyed; the state is kept from round to round' }],
    });
  },
  answer(s, _task, { option, log }) {
    if (option === 'stop') {
      const next = popTask(log(s, 'Stop here: the melee goes on in the next turn'));
      return { ...next, phase: 'over', notes: [...next.notes, `The melee goes on: round ${s.round + 1} is fought in the next turn.`] };
    }
    return beginRound({ ...popTask(log(s, `On to round ${s.round + 1}`)), round: s.round + 1 });
  },
};
