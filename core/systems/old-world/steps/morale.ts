import { chooseStep, outcomeStep, popTask, pushLog, replaceHead, rollStep, type TaskKind } from '../../../combat/stepEngine';
import { markBroken } from '../flow';
import { breakTestOf, breaksOn, passesLeadership } from '../morale';
import { resultArithmetic, resultHeadline } from '../result';
import { unitKey, unitOf, type State } from '../state';
import { sum, type Of } from './task';

/**
 * After the strikes (seed 002, "Combat Results" to "Panic"): the combat result, the losers' break
 * tests, and the panic tests of friends nearby.
 */

/** The round's combat result, each bonus with its reason; the winner and loser follow from it. */
export const resultKind: TaskKind<State, Of<'result'>> = {
  ask(state) {
    const { setup } = state;
    const r = state.result!;
    return outcomeStep(state, 'result', {
      title: `Round ${state.round}: combat result`,
      lines: [
        `${setup.attacker.name}: ${resultArithmetic(r.attacker)}`,
        ...r.attacker.bonuses.map((b) => `  +${b.value} ${b.label}: ${b.why}`),
        `${setup.defender.name}: ${resultArithmetic(r.defender)}`,
        ...r.defender.bonuses.map((b) => `  +${b.value} ${b.label}: ${b.why}`),
        resultHeadline(setup, r),
      ],
      final: false,
    });
  },
  answer(s, _task, { log }) {
    const r = s.result!;
    const logged = log(s, resultHeadline(s.setup, r));
    return popTask({ ...logged, previousWinner: r.winner, hasWonRound: r.winner ? { ...logged.hasWonRound, [r.winner]: true } : logged.hasWonRound });
  },
};

/** Seed 002 "Losers take Break Test": 2D6 plus the difference against Leadership; some units break or hold without a roll. */
export const breakKind: TaskKind<State, Of<'break'>> = {
  auto(s, task) {
    const test = breakTestOf(s, task.role, task.unit, s.result?.difference ?? 0);
    if (test.kind === 'roll') return null;
    const u = unitOf(s.setup, task.role, task.unit);
    const logged = pushLog(popTask(s), { stepId: `break.${s.counter}.${task.unit}`, actor: task.role, title: `${u.name}: break test`, result: test.kind === 'holds' ? `${u.name} hold` : `${u.name} break!`, why: test.why });
    return test.kind === 'breaks' ? markBroken(logged, task.role, task.unit) : logged;
  },
  ask(state, task) {
    const test = breakTestOf(state, task.role, task.unit, state.result!.difference);
    if (test.kind !== 'roll') throw new Error('an automatic break test is settled before it is shown');
    const u = unitOf(state.setup, task.role, task.unit);
    const most = test.leadership - test.modifier;
    return rollStep(state, 'break', {
      title: `${u.name}: break test`,
      actor: task.role,
      count: 2,
      sides: 6,
      needs: test.modifier > 0 ? `2D6 + ${test.modifier} ≤ ${test.leadership} (roll ${most} or less)` : `2D6 ≤ ${test.leadership}`,
      why: test.why,
    });
  },
  answer(s, task, { dice, log }) {
    const test = breakTestOf(s, task.role, task.unit, s.result!.difference);
    if (test.kind !== 'roll') throw new Error('an automatic break test takes no dice');
    const u = unitOf(s.setup, task.role, task.unit);
    const broken = breaksOn(test, dice);
    const doubleOne = !broken && dice[0] === 1 && dice[1] === 1 && sum(dice) + test.modifier > test.leadership;
    const text = `${sum(dice)}${test.modifier ? ` + ${test.modifier} = ${sum(dice) + test.modifier}` : ''} against Ld ${test.leadership}: ${broken ? `${u.name} break!` : doubleOne ? `insane courage! ${u.name} hold` : `${u.name} hold`}`;
    const logged = popTask(log(s, text, dice));
    return broken ? markBroken(logged, task.role, task.unit) : logged;
  },
};

/** The friends that broke or were destroyed this round (as flow.ts enters the panic phase). */
function panicSources(state: State, role: Of<'panicAsk'>['role']): string[] {
  return state.setup[role].units
    .filter((_, u) => state.broke.includes(unitKey(role, u)) || (state.status[unitKey(role, u)] === 'destroyed' && state.statusAtStart[unitKey(role, u)] === 'fighting'))
    .map((u) => u.name);
}

/** Seed 002 "Panic": only units within 6" test; the app cannot see the table, so it asks. */
export const panicAskKind: TaskKind<State, Of<'panicAsk'>> = {
  ask(state, task) {
    const n = state.setup[task.role].nearby[task.nearby]!;
    return chooseStep(state, 'panicAsk', {
      title: `${n.name}: within 6"?`,
      actor: task.role,
      prompt: `Is ${n.name} within 6" of ${panicSources(state, task.role).join(' or ')}?`,
      options: [
        { id: 'yes', label: `Yes: ${n.name} takes a panic test` },
        { id: 'no', label: `No: ${n.name} is further away` },
      ],
      why: [{ rule: 'Panic Tests', detail: 'units within 6" of a friendly unit that broke or was destroyed test after all break tests, before fleeing troops move' }],
    });
  },
  answer(s, task, { option, log }) {
    const n = s.setup[task.role].nearby[task.nearby]!;
    const logged = log(s, option === 'yes' ? `${n.name} is within 6": it tests` : `${n.name} is not within 6"`);
    return option === 'yes' ? replaceHead(logged, { kind: 'panicTest', role: task.role, nearby: task.nearby }) : popTask(logged);
  },
};

/** A panic test: a Leadership test; immune to psychology, none. */
export const panicTestKind: TaskKind<State, Of<'panicTest'>> = {
  auto(s, task) {
    const n = s.setup[task.role].nearby[task.nearby]!;
    if (!n.immuneToPsychology) return null;
    return pushLog(popTask(s), { stepId: `panic.${s.counter}.${task.nearby}`, actor: task.role, title: `${n.name}: panic test`, result: `${n.name} is immune to psychology: no panic test` });
  },
  ask(state, task) {
    const n = state.setup[task.role].nearby[task.nearby]!;
    return rollStep(state, 'panic', { title: `${n.name}: panic test`, actor: task.role, count: 2, sides: 6, needs: `2D6 ≤ ${n.leadership}`, why: [{ rule: 'Panic Tests', detail: `a Leadership test: 2D6 equal to or under Ld ${n.leadership} passes; a failure flees` }] });
  },
  answer(s, task, { dice, log }) {
    const n = s.setup[task.role].nearby[task.nearby]!;
    const passed = passesLeadership(n.leadership, dice);
    const logged = popTask(log(s, `${sum(dice)} against Ld ${n.leadership}: ${passed ? 'passed' : `failed — ${n.name} panics and flees`}`, dice));
    return passed ? logged : { ...logged, notes: [...logged.notes, `${n.name} (${s.setup[task.role].name}) failed its panic test and flees ${n.movement > 6 ? 3 : 2}D6" directly away from the enemy.`] };
  },
};
