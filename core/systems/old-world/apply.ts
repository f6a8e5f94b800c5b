import type { Input, Step } from '../../combat/steps';
import { InputError } from '../../combat/system';
import { popTask, pushLog, markBroken, setStatus, settle, strikeAfter, strikeTasks } from './flow';
import { breakTestOf, breaksOn, passesLeadership } from './morale';
import { resultHeadline } from './result';
import { leadershipOf, memberName, otherRole, plural, unitKey, unitOf, type PursuitEnd, type State, type Task } from './state';
import { nextStep } from './next';

/**
 * Applies a player's input to the task at the head of the queue (the engine has already checked
 * it against the step: right id, right number of dice, a listed option), logs it and settles.
 */

const sum = (dice: readonly number[]) => dice.reduce((a, b) => a + b, 0);
const replaceHead = (state: State, task: Task): State => ({ ...state, queue: [task, ...state.queue.slice(1)] });
const pushAfterHead = (state: State, tasks: Task[]): State => ({ ...state, queue: [state.queue[0]!, ...tasks, ...state.queue.slice(1)] });

export function applyInput(state: State, input: Input, step: Step = nextStep(state)): State {
  const task = state.queue[0];
  if (!task) throw new InputError('The combat is over.');
  const s0: State = { ...state, counter: state.counter + 1 };
  const log = (s: State, result: string, dice?: number[]) =>
    pushLog(s, { stepId: step.id, actor: step.kind === 'outcome' ? 'attacker' : step.actor, title: step.title, result, ...(dice ? { dice } : {}), ...(step.kind !== 'outcome' ? { why: step.why } : {}) });
  const dice = input.kind === 'roll' ? input.dice : [];
  const option = input.kind === 'choose' ? input.option : null;
  const { setup } = state;

  switch (task.kind) {
    case 'rolloff': {
      const face = dice[0]!;
      if (task.attackerRoll === null) return settle(replaceHead(log(s0, `${setup.attacker.name} roll ${face}`, dice), { kind: 'rolloff', attackerRoll: face }));
      if (face === task.attackerRoll) return settle(replaceHead(log(s0, `${face} each: a tie, roll again`, dice), { kind: 'rolloff', attackerRoll: null }));
      const winner = face > task.attackerRoll ? 'defender' : 'attacker';
      const s = log(s0, `${setup.defender.name} roll ${face} against ${task.attackerRoll}: ${setup[winner].name} strike first at equal Initiative`, dice);
      const decided: State = { ...popTask(s), rollOffWinner: winner };
      return settle({ ...decided, queue: [...strikeTasks(decided), ...decided.queue] });
    }
    case 'strike': {
      const { target } = task;
      if (!target || task.stage === 'begin') throw new Error('a strike is settled before it takes dice');
      const foe = memberName(setup, target);
      // The step already says what each die needs (next.ts builds it from the same tests).
      if (step.kind !== 'roll' || step.passOn === undefined) throw new Error('a strike step is a pass/fail roll');
      const face = step.passOn;
      const ok = dice.filter((f) => f >= face).length;
      const saves = task.stage === 'armour' || task.stage === 'ward';
      const passing = saves ? dice.length - ok : ok;
      const what = { hit: plural(ok, 'hit'), wound: plural(ok, 'wound'), armour: `${plural(ok, 'save')}, ${dice.length - ok} failed`, ward: `${plural(ok, 'ward save')}, ${dice.length - ok} failed` }[task.stage];
      return settle(strikeAfter(log(s0, what, dice), task.stage, passing, foe));
    }
    case 'result': {
      const r = state.result!;
      const s = log(s0, resultHeadline(setup, r));
      return settle(popTask({ ...s, previousWinner: r.winner, hasWonRound: r.winner ? { ...s.hasWonRound, [r.winner]: true } : s.hasWonRound }));
    }
    case 'break': {
      const test = breakTestOf(state, task.role, task.unit, state.result!.difference);
      if (test.kind !== 'roll') throw new Error('an automatic break test takes no dice');
      const u = unitOf(setup, task.role, task.unit);
      const broken = breaksOn(test, dice);
      const doubleOne = !broken && dice[0] === 1 && dice[1] === 1 && sum(dice) + test.modifier > test.leadership;
      const text = `${sum(dice)}${test.modifier ? ` + ${test.modifier} = ${sum(dice) + test.modifier}` : ''} against Ld ${test.leadership}: ${broken ? `${u.name} break!` : doubleOne ? `insane courage! ${u.name} hold` : `${u.name} hold`}`;
      const s = popTask(log(s0, text, dice));
      return settle(broken ? markBroken(s, task.role, task.unit) : s);
    }
    case 'panicAsk': {
      const n = setup[task.role].nearby[task.nearby]!;
      const s = log(s0, option === 'yes' ? `${n.name} is within 6": it tests` : `${n.name} is not within 6"`);
      return settle(option === 'yes' ? replaceHead(s, { kind: 'panicTest', role: task.role, nearby: task.nearby }) : popTask(s));
    }
    case 'panicTest': {
      const n = setup[task.role].nearby[task.nearby]!;
      const passed = passesLeadership(n.leadership, dice);
      const s = popTask(log(s0, `${sum(dice)} against Ld ${n.leadership}: ${passed ? 'passed' : `failed — ${n.name} panics and flees`}`, dice));
      return settle(passed ? s : { ...s, notes: [...s.notes, `${n.name} (${setup[task.role].name}) failed its panic test and flees ${n.movement > 6 ? 3 : 2}D6" directly away from the enemy.`] });
    }
    case 'pursueChoice': {
      const u = unitOf(setup, task.role, task.unit);
      const key = unitKey(task.role, task.unit);
      if (option === 'pursue') {
        const s = popTask(log(s0, `${u.name} pursue`));
        return settle({ ...setStatus(s, key, 'pursuing'), chasing: { ...s.chasing, [key]: task.fleeing } });
      }
      if (option === 'hold') return settle(popTask(log(s0, `${u.name} hold their defended position: pursuit restrained`)));
      return settle(replaceHead(log(s0, `${u.name} try to restrain their pursuit`), { kind: 'restrainTest', role: task.role, unit: task.unit, fleeing: task.fleeing }));
    }
    case 'restrainTest': {
      const u = unitOf(setup, task.role, task.unit);
      const ld = leadershipOf(setup, state.lost, task.role, task.unit);
      const key = unitKey(task.role, task.unit);
      if (passesLeadership(ld, dice)) return settle(popTask(log(s0, `${sum(dice)} against Ld ${ld}: ${u.name} restrain their pursuit`, dice)));
      const s = popTask(log(s0, `${sum(dice)} against Ld ${ld}: failed — ${u.name} must pursue`, dice));
      return settle({ ...setStatus(s, key, 'pursuing'), chasing: { ...s.chasing, [key]: task.fleeing } });
    }
    case 'flee': {
      const u = unitOf(setup, task.role, task.unit);
      const distance = sum(dice);
      const s = log(s0, `${u.name} flee ${distance}"`, dice);
      const winner = otherRole(task.role);
      const chasers = Object.entries(s.chasing)
        .filter(([, fleeing]) => fleeing === task.unit)
        .map(([key]): Task => ({ kind: 'pursuit', role: winner, unit: Number(key.split('.')[1]), fleeing: task.unit }));
      const moved = { ...s, moves: { ...s.moves, [unitKey(task.role, task.unit)]: distance } };
      return settle(popTask(pushAfterHead(moved, chasers)));
    }
    case 'pursuit': {
      const u = unitOf(setup, task.role, task.unit);
      const fleeingKey = unitKey(otherRole(task.role), task.fleeing);
      const fleeing = unitOf(setup, otherRole(task.role), task.fleeing);
      const flee = state.moves[fleeingKey] ?? 0;
      const distance = sum(dice);
      // Seed 002, "Pursuit": equal to or greater than the flee roll destroys the fleeing unit.
      const caught = distance >= flee;
      let s = log(s0, `${u.name} pursue ${distance}" against ${flee}": ${caught ? `${fleeing.name} caught and destroyed` : `${fleeing.name} escape`}`, dice);
      s = { ...s, moves: { ...s.moves, [unitKey(task.role, task.unit)]: distance } };
      if (caught) s = setStatus(s, fleeingKey, 'caught');
      return settle(replaceHead(s, { kind: 'pursuitEnd', role: task.role, unit: task.unit, move: 'pursuit' }));
    }
    case 'pursuitEnd': {
      const u = unitOf(setup, task.role, task.unit);
      const d = state.moves[unitKey(task.role, task.unit)] ?? 0;
      const text: Record<PursuitEnd, string> = {
        clear: `${u.name} ${task.move === 'pursuit' ? 'pursue' : 'overrun'} ${d}" and stop in the open.`,
        fresh: `${u.name} ${task.move === 'pursuit' ? 'pursue' : 'overrun'} into a fresh enemy unit: a new charge, resolved next turn; they count as charging.`,
        offTable: `${u.name} ${task.move === 'pursuit' ? 'pursue' : 'overrun'} off the table: they return where they left in their next turn and may not charge.`,
      };
      const line = text[(option ?? 'clear') as PursuitEnd];
      const s = popTask(log(s0, line));
      return settle({ ...s, notes: [...s.notes, line] });
    }
    case 'overrunChoice': {
      const u = unitOf(setup, task.role, task.unit);
      if (option === 'stay') return settle(popTask(log(s0, `${u.name} stay put`)));
      return settle(replaceHead(log(s0, `${u.name} overrun`), { kind: 'overrun', role: task.role, unit: task.unit }));
    }
    case 'overrun': {
      const u = unitOf(setup, task.role, task.unit);
      const key = unitKey(task.role, task.unit);
      const s = log(s0, `${u.name} overrun ${sum(dice)}"`, dice);
      return settle(replaceHead({ ...setStatus(s, key, 'overran'), moves: { ...s.moves, [key]: sum(dice) } }, { kind: 'pursuitEnd', role: task.role, unit: task.unit, move: 'overrun' }));
    }
    case 'roundEnd': {
      if (option === 'end') {
        const s = popTask(log(s0, 'Stop here: the combat goes on next turn'));
        return settle({ ...s, phase: 'over', notes: [...s.notes, `The combat goes on: round ${state.round + 1} is fought in the next turn.`] });
      }
      return settle(popTask({ ...log(s0, `On to round ${state.round + 1}`), round: state.round + 1 }));
    }
  }
}
