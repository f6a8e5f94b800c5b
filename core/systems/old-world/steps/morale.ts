import { splitDice } from '../../../combat/rollGroups';
import { chooseStep, popTask, pushLog, replaceHead, rollStep, type TaskKind } from '../../../combat/stepEngine';
import { markBroken } from '../flow';
import { breakTestOf, breaksOn, passesLeadership } from '../morale';
import { resultArithmetic, resultHeadline } from '../result';
import { unitKey, unitOf, type State } from '../state';
import { sum, type Of } from './task';

/**
 * After the strikes (seed 002, "Combat Results" to "Panic"): the combat result, the losers' break
 * tests, and the panic tests of friends nearby.
 */

/** The combat result as the players read it: each side's sum, each bonus with its reason, and who won. */
export function resultLines(state: State): string[] {
  const r = state.result;
  if (!r) return [];
  const { setup } = state;
  return [
    `${setup.attacker.name}: ${resultArithmetic(r.attacker)}`,
    ...r.attacker.bonuses.map((b) => `  +${b.value} ${b.label}: ${b.why}`),
    `${setup.defender.name}: ${resultArithmetic(r.defender)}`,
    ...r.defender.bonuses.map((b) => `  +${b.value} ${b.label}: ${b.why}`),
    resultHeadline(setup, r),
  ];
}

/**
 * The round's combat result: worked out from the strikes, with nothing to roll or decide, so it is
 * not a step of its own (fewer steps at the table): it is logged, and the next step shows it.
 */
export const resultKind: TaskKind<State, Of<'result'>> = {
  auto(s) {
    const r = s.result!;
    const logged = pushLog(s, {
      stepId: `result.${s.counter}`,
      actor: r.winner ?? 'attacker',
      title: `Round ${s.round}: combat result`,
      result: resultHeadline(s.setup, r),
    });
    return popTask({
      ...logged,
      previousWinner: r.winner,
      hasWonRound: r.winner ? { ...logged.hasWonRound, [r.winner]: true } : logged.hasWonRound,
    });
  },
};

type RolledTest = Extract<ReturnType<typeof breakTestOf>, { kind: 'roll' }>;

/** The break tests still to roll (those that hold or break without dice resolve themselves first). */
function rolledTests(state: State): Array<{ task: Of<'break'>; test: RolledTest }> {
  return state.queue.flatMap((t) => {
    if (t.kind !== 'break') return [];
    const test = breakTestOf(state, t.role, t.unit, state.result!.difference);
    return test.kind === 'roll' ? [{ task: t, test }] : [];
  });
}

const needsOf = (test: RolledTest) =>
  test.modifier > 0
    ? `2D6 + ${test.modifier} ≤ ${test.leadership} (roll ${test.leadership - test.modifier} or less)`
    : `2D6 ≤ ${test.leadership}`;

/**
 * Seed 002 "Losers take Break Test": 2D6 plus the difference against Leadership; some units break
 * or hold without a roll. The losing units test at the same moment: one step, 2D6 each.
 */
export const breakKind: TaskKind<State, Of<'break'>> = {
  auto(s, task) {
    const test = breakTestOf(s, task.role, task.unit, s.result?.difference ?? 0);
    if (test.kind === 'roll') return null;
    const u = unitOf(s.setup, task.role, task.unit);
    const logged = pushLog(popTask(s), {
      stepId: `break.${s.counter}.${task.unit}`,
      actor: task.role,
      title: `${u.name}: break test`,
      result: test.kind === 'holds' ? `${u.name} hold` : `${u.name} break!`,
      why: test.why,
    });
    return test.kind === 'breaks' ? markBroken(logged, task.role, task.unit) : logged;
  },
  ask(state, task) {
    const tests = rolledTests(state);
    const name = (t: Of<'break'>) => unitOf(state.setup, t.role, t.unit).name;
    const title = `${tests.map((t) => name(t.task)).join(' and ')}: break test${tests.length > 1 ? 's' : ''}`;
    // The combat result this test follows from, on the same card.
    const notes = resultLines(state);
    if (tests.length === 1)
      return rollStep(state, 'break', {
        title,
        actor: task.role,
        count: 2,
        sides: 6,
        needs: needsOf(tests[0]!.test),
        why: tests[0]!.test.why,
        notes,
      });
    const groups = tests.map(({ task: t, test }) => ({
      id: `unit${t.unit}`,
      label: name(t),
      count: 2,
      sides: 6 as const,
      needs: needsOf(test),
    }));
    const why = tests.flatMap(({ task: t, test }) =>
      test.why.map((r) => ({ rule: r.rule, detail: `${name(t)}: ${r.detail}` })),
    );
    return rollStep(state, 'break', {
      title,
      actor: task.role,
      count: 2 * tests.length,
      sides: 6,
      needs: groups.map((g) => `${g.label}: ${g.needs}`).join('; '),
      why,
      notes,
      groups,
    });
  },
  answer(s, _task, { step, dice, log }) {
    if (step.kind !== 'roll') throw new Error('a break test is a roll');
    const tests = rolledTests(s);
    const parts = splitDice(step, dice);
    const texts: string[] = [];
    const broken: Array<Of<'break'>> = [];
    tests.forEach(({ task, test }, i) => {
      const rolled = parts[i]!;
      const u = unitOf(s.setup, task.role, task.unit);
      const breaks = breaksOn(test, rolled);
      const doubleOne = !breaks && rolled[0] === 1 && rolled[1] === 1 && sum(rolled) + test.modifier > test.leadership;
      texts.push(
        `${sum(rolled)}${test.modifier ? ` + ${test.modifier} = ${sum(rolled) + test.modifier}` : ''} against Ld ${test.leadership}: ${breaks ? `${u.name} break!` : doubleOne ? `insane courage! ${u.name} hold` : `${u.name} hold`}`,
      );
      if (breaks) broken.push(task);
    });
    const tested = new Set(tests.map((t) => t.task));
    const logged = log(s, texts.join('; '), dice);
    const left: State = { ...logged, queue: logged.queue.filter((t) => !tested.has(t as Of<'break'>)) };
    return broken.reduce((acc, t) => markBroken(acc, t.role, t.unit), left);
  },
};

/** The friends that broke or were destroyed this round (as flow.ts enters the panic phase). */
function panicSources(state: State, role: Of<'panicAsk'>['role']): string[] {
  return state.setup[role].units
    .filter(
      (_, u) =>
        state.broke.includes(unitKey(role, u)) ||
        (state.status[unitKey(role, u)] === 'destroyed' && state.statusAtStart[unitKey(role, u)] === 'fighting'),
    )
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
      why: [
        {
          rule: 'Panic Tests',
          detail:
            'units within 6" of a friendly unit that broke or was destroyed test after all break tests, before fleeing troops move',
        },
      ],
    });
  },
  answer(s, task, { option, log }) {
    const n = s.setup[task.role].nearby[task.nearby]!;
    const logged = log(s, option === 'yes' ? `${n.name} is within 6": it tests` : `${n.name} is not within 6"`);
    return option === 'yes'
      ? replaceHead(logged, { kind: 'panicTest', role: task.role, nearby: task.nearby })
      : popTask(logged);
  },
};

/** A panic test: a Leadership test; immune to psychology, none. */
export const panicTestKind: TaskKind<State, Of<'panicTest'>> = {
  auto(s, task) {
    const n = s.setup[task.role].nearby[task.nearby]!;
    if (!n.immuneToPsychology) return null;
    return pushLog(popTask(s), {
      stepId: `panic.${s.counter}.${task.nearby}`,
      actor: task.role,
      title: `${n.name}: panic test`,
      result: `${n.name} is immune to psychology: no panic test`,
    });
  },
  ask(state, task) {
    const n = state.setup[task.role].nearby[task.nearby]!;
    return rollStep(state, 'panic', {
      title: `${n.name}: panic test`,
      actor: task.role,
      count: 2,
      sides: 6,
      needs: `2D6 ≤ ${n.leadership}`,
      why: [
        {
          rule: 'Panic Tests',
          detail: `a Leadership test: 2D6 equal to or under Ld ${n.leadership} passes; a failure flees`,
        },
      ],
    });
  },
  answer(s, task, { dice, log }) {
    const n = s.setup[task.role].nearby[task.nearby]!;
    const passed = passesLeadership(n.leadership, dice);
    const logged = popTask(
      log(
        s,
        `${sum(dice)} against Ld ${n.leadership}: ${passed ? 'passed' : `failed — ${n.name} panics and flees`}`,
        dice,
      ),
    );
    return passed
      ? logged
      : {
          ...logged,
          notes: [
            ...logged.notes,
            `${n.name} (${s.setup[task.role].name}) failed its panic test and flees ${n.movement > 6 ? 3 : 2}D6" directly away from the enemy.`,
          ],
        };
  },
};
