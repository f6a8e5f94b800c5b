import type { Input, Step } from '../../combat/steps';
import { InputError } from '../../combat/system';
import { allocationOf, afterBreak, afterScore, beginRound, popTask, pushLog, settle, strikeAfter, unallocated } from './flow';
import { allocationText, targetAt, targetName } from './allocation';
import { isSave } from './attacks';
import { breakTestOf, passesOn } from './morale';
import { scoreHeadline } from './score';
import { nextStep } from './next';
import { standings } from './flow';
import { otherRole, plural, type State, type Task } from './state';

/**
 * Applies a player's input to the task at the head of the queue (the engine has already checked
 * it against the step: right id, right number of dice, a listed option), logs it and settles.
 */

const sum = (dice: readonly number[]) => dice.reduce((a, b) => a + b, 0);
const replaceHead = (state: State, task: Task): State => ({ ...state, queue: [task, ...state.queue.slice(1)] });

export function applyInput(state: State, input: Input, step: Step = nextStep(state)): State {
  const task = state.queue[0];
  if (!task) throw new InputError('The melee is over.');
  const s0: State = { ...state, counter: state.counter + 1 };
  const log = (s: State, result: string, dice?: number[]) =>
    pushLog(s, { stepId: step.id, actor: step.kind === 'outcome' ? 'attacker' : step.actor, title: step.title, result, ...(dice ? { dice } : {}), ...(step.kind !== 'outcome' ? { why: step.why } : {}) });
  const dice = input.kind === 'roll' ? input.dice : [];
  const option = input.kind === 'choose' ? input.option : null;
  const { setup } = state;

  switch (task.kind) {
    case 'allocate': {
      if (option === 'suggested') {
        const counts = allocationOf(state, task);
        const done: Task = { ...task, answered: [...task.answered, ...task.ask.map((target) => ({ target, attacks: counts[target]! }))], ask: [] };
        return settle(replaceHead(log(s0, `As suggested: ${allocationText(setup, task.part, counts)}`), done));
      }
      const n = Number(option);
      if (!Number.isInteger(n) || n < 0 || n > unallocated(task)) throw new InputError(`"${option}" is not a number of attacks from 0 to ${unallocated(task)}.`, 'option');
      const answered: Task = { ...task, answered: [...task.answered, { target: task.ask[0]!, attacks: n }], ask: task.ask.slice(1) };
      const target = targetName(setup, targetAt(task.part, task.ask[0]!));
      // The last answer fixes the whole allocation: say where the rest go.
      const last = answered.ask.length === 0 || unallocated(answered) === 0;
      const text = last ? `${n} at ${target}; in all: ${allocationText(setup, task.part, allocationOf(state, answered))}` : `${n} at ${target}`;
      return settle(replaceHead(log(s0, text), answered));
    }
    case 'strike': {
      if (step.kind !== 'roll' || step.passOn === undefined) throw new Error('a strike step is a pass/fail roll');
      const passed = dice.filter((f) => f >= step.passOn!).length;
      const failed = dice.length - passed;
      const what = { hit: plural(passed, 'hit'), wound: plural(passed, 'wound'), armour: `${plural(passed, 'save')}, ${failed} failed`, special: `${plural(passed, 'save')}, ${failed} failed` }[task.stage];
      // Saves pass for the defender: the wounds that go on are the dice that failed.
      return settle(strikeAfter(log(s0, what, dice), isSave(task.stage) ? failed : passed));
    }
    case 'score': {
      const s = popTask(log(s0, scoreHeadline(setup, state.score!)));
      return settle(afterScore(s));
    }
    case 'break': {
      const test = breakTestOf(setup, task.role, state.score!.difference, standings(state));
      const passed = passesOn(test, dice);
      const name = setup[task.role].unit.name;
      const insane = passed && sum(dice) > test.need;
      const text = `${sum(dice)} against ${test.need}: ${passed ? (insane ? `Insane Courage! ${name} hold` : `${name} hold`) : `${name} break and flee!`}`;
      return settle(afterBreak(popTask(log(s0, text, dice)), task.role, !passed));
    }
    case 'pursueChoice': {
      const name = setup[task.role].unit.name;
      if (option === 'pursue') return settle(popTask({ ...log(s0, `${name} pursue`), pursues: true, status: { ...state.status, [task.role]: 'pursuing' } }));
      return settle(popTask({ ...log(s0, `${name} do not pursue`), pursues: false }));
    }
    case 'flee': {
      const name = setup[task.role].unit.name;
      const distance = sum(dice);
      const s = { ...popTask(log(s0, `${name} flee ${distance}″`, dice)), flee: distance };
      if (!s.pursues) return settle(s);
      return settle({ ...s, queue: [{ kind: 'pursuit', role: otherRole(task.role) }, ...s.queue] });
    }
    case 'pursuit': {
      const name = setup[task.role].unit.name;
      const fleeing = otherRole(task.role);
      const distance = sum(dice);
      // RULES §5: pursuit ≥ flee (a tie too) catches and destroys the fleeing unit.
      const caught = distance >= state.flee!;
      const text = `${name} pursue ${distance}″ against ${state.flee}″: ${caught ? `${setup[fleeing].unit.name} caught and destroyed` : `${setup[fleeing].unit.name} escape`}`;
      const s = { ...popTask(log(s0, text, dice)), pursuit: distance };
      return settle(caught ? { ...s, status: { ...s.status, [fleeing]: 'caught' } } : s);
    }
    case 'roundEnd': {
      if (option === 'stop') {
        const s = popTask(log(s0, 'Stop here: the melee goes on in the next turn'));
        return settle({ ...s, phase: 'over', notes: [...s.notes, `The melee goes on: round ${state.round + 1} is fought in the next turn.`] });
      }
      return settle(beginRound({ ...popTask(log(s0, `On to round ${state.round + 1}`)), round: state.round + 1 }));
    }
    default:
      throw new Error(`the task "${task.kind}" takes no input`);
  }
}
