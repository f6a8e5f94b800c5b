import { chooseStep, popTask, replaceHead, rollStep, type TaskKind } from '../../../combat/stepEngine';
import { setStatus } from '../flow';
import { passesLeadership } from '../morale';
import { redressLines } from '../outcome';
import { fighting, leadershipOf, movementOf, otherRole, unitKey, unitOf, type PursuitEnd, type Role, type State, type Task } from '../state';
import { moveDice } from '../tables';
import { sum, type Of } from './task';

/**
 * What follows the break tests (seed 002, "Flee!", "Pursuit", "The Overrun Rule", "Redress the
 * Ranks"): winners decide to pursue, broken units flee, pursuers roll to catch them, and where a
 * pursuit or overrun ends; then the next round, or a stop.
 */

/** The unit pursues the broken unit. */
const chase = (s: State, task: { role: Role; unit: number; fleeing: number }): State => {
  const key = unitKey(task.role, task.unit);
  return { ...setStatus(s, key, 'pursuing'), chasing: { ...s.chasing, [key]: task.fleeing } };
};

/** Seed 002 "Restraining Pursuit": declared before the flee roll; a unit already pursuing another is not asked again. */
export const pursueChoiceKind: TaskKind<State, Of<'pursueChoice'>> = {
  auto: (s, task) => (fighting(s, task.role, task.unit) ? null : popTask(s)),
  ask(state, task) {
    const { setup } = state;
    const u = unitOf(setup, task.role, task.unit);
    const fleeing = unitOf(setup, otherRole(task.role), task.fleeing);
    const ld = leadershipOf(setup, state.lost, task.role, task.unit);
    return chooseStep(state, 'pursue', {
      title: `${u.name}: pursue?`,
      actor: task.role,
      prompt: `${fleeing.name} broke. Will ${u.name} pursue? Decide before the flee roll.`,
      options: [
        { id: 'pursue', label: `Pursue (${moveDice(movementOf(setup, task.role, task.unit))}D6")`, suggested: true },
        u.defendedObstacle ? { id: 'hold', label: 'Hold the defended position (restrains automatically)' } : { id: 'restrain', label: `Try to restrain (2D6 ≤ Ld ${ld})` },
      ],
      why: [{ rule: 'Restraining Pursuit', detail: 'a unit may restrain its pursuit by passing a Leadership test, declared before the fleeing unit rolls; from a defended position it restrains automatically' }],
    });
  },
  answer(s, task, { option, log }) {
    const u = unitOf(s.setup, task.role, task.unit);
    if (option === 'pursue') return chase(popTask(log(s, `${u.name} pursue`)), task);
    if (option === 'hold') return popTask(log(s, `${u.name} hold their defended position: pursuit restrained`));
    return replaceHead(log(s, `${u.name} try to restrain their pursuit`), { kind: 'restrainTest', role: task.role, unit: task.unit, fleeing: task.fleeing });
  },
};

export const restrainTestKind: TaskKind<State, Of<'restrainTest'>> = {
  ask(state, task) {
    const u = unitOf(state.setup, task.role, task.unit);
    const ld = leadershipOf(state.setup, state.lost, task.role, task.unit);
    return rollStep(state, 'restrain', { title: `${u.name}: restrain pursuit`, actor: task.role, count: 2, sides: 6, needs: `2D6 ≤ ${ld}`, why: [{ rule: 'Restraining Pursuit', detail: `2D6 equal to or under Ld ${ld} restrains; otherwise the unit must pursue` }] });
  },
  answer(s, task, { dice, log }) {
    const u = unitOf(s.setup, task.role, task.unit);
    const ld = leadershipOf(s.setup, s.lost, task.role, task.unit);
    if (passesLeadership(ld, dice)) return popTask(log(s, `${sum(dice)} against Ld ${ld}: ${u.name} restrain their pursuit`, dice));
    return chase(popTask(log(s, `${sum(dice)} against Ld ${ld}: failed — ${u.name} must pursue`, dice)), task);
  },
};

/** Seed 002 "Flee!": 2D6" or 3D6" by Movement; the units pursuing it roll next. */
export const fleeKind: TaskKind<State, Of<'flee'>> = {
  auto: (s, task) => (s.status[unitKey(task.role, task.unit)] !== 'fled' ? popTask(s) : null),
  ask(state, task) {
    const u = unitOf(state.setup, task.role, task.unit);
    const m = movementOf(state.setup, task.role, task.unit);
    const n = moveDice(m);
    return rollStep(state, 'flee', { title: `${u.name}: flee`, actor: task.role, count: n, sides: 6, needs: `${n}D6" away from the largest enemy unit`, why: [{ rule: 'Flee!', detail: `M${m}: ${n === 2 ? '6 or less flees 2D6"' : 'more than 6 flees 3D6"'}` }] });
  },
  answer(s, task, { dice, log }) {
    const u = unitOf(s.setup, task.role, task.unit);
    const distance = sum(dice);
    const logged = log(s, `${u.name} flee ${distance}"`, dice);
    const winner = otherRole(task.role);
    const chasers = Object.entries(logged.chasing)
      .filter(([, fleeing]) => fleeing === task.unit)
      .map(([key]): Task => ({ kind: 'pursuit', role: winner, unit: Number(key.split('.')[1]), fleeing: task.unit }));
    const moved = { ...logged, moves: { ...logged.moves, [unitKey(task.role, task.unit)]: distance } };
    return { ...moved, queue: [...chasers, ...moved.queue.slice(1)] };
  },
};

/** Seed 002 "Pursuit": equal to or greater than the flee roll destroys the fleeing unit. */
export const pursuitKind: TaskKind<State, Of<'pursuit'>> = {
  ask(state, task) {
    const { setup } = state;
    const u = unitOf(setup, task.role, task.unit);
    const m = movementOf(setup, task.role, task.unit);
    const n = moveDice(m);
    const flee = state.moves[unitKey(otherRole(task.role), task.fleeing)] ?? 0;
    const fleeing = unitOf(setup, otherRole(task.role), task.fleeing);
    return rollStep(state, 'pursuit', {
      title: `${u.name}: pursue ${fleeing.name}`,
      actor: task.role,
      count: n,
      sides: 6,
      needs: `${flee}" or more catches ${fleeing.name}`,
      why: [{ rule: 'Pursuit', detail: `M${m}: ${n}D6"; equal to or greater than the flee roll (${flee}") destroys the fleeing unit` }],
    });
  },
  answer(s, task, { dice, log }) {
    const u = unitOf(s.setup, task.role, task.unit);
    const fleeingKey = unitKey(otherRole(task.role), task.fleeing);
    const fleeing = unitOf(s.setup, otherRole(task.role), task.fleeing);
    const flee = s.moves[fleeingKey] ?? 0;
    const distance = sum(dice);
    const caught = distance >= flee;
    let next = log(s, `${u.name} pursue ${distance}" against ${flee}": ${caught ? `${fleeing.name} caught and destroyed` : `${fleeing.name} escape`}`, dice);
    next = { ...next, moves: { ...next.moves, [unitKey(task.role, task.unit)]: distance } };
    if (caught) next = setStatus(next, fleeingKey, 'caught');
    return replaceHead(next, { kind: 'pursuitEnd', role: task.role, unit: task.unit, move: 'pursuit' });
  },
};

/** Where a pursuit or overrun ends: the app cannot see the table, so it asks. */
export const pursuitEndKind: TaskKind<State, Of<'pursuitEnd'>> = {
  ask(state, task) {
    const u = unitOf(state.setup, task.role, task.unit);
    const d = state.moves[unitKey(task.role, task.unit)] ?? 0;
    return chooseStep(state, 'moveEnd', {
      title: `${u.name}: where does the ${task.move} end?`,
      actor: task.role,
      prompt: `${u.name}: a full ${d}" move. Where does it end?`,
      options: [
        { id: 'clear', label: 'In the open: no fresh enemy', suggested: true },
        { id: 'fresh', label: 'Into a fresh enemy unit: a new charge' },
        { id: 'offTable', label: 'Off the table edge' },
      ],
      why: [{ rule: task.move === 'pursuit' ? 'Pursuit; Pursuit Off Table' : 'The Overrun Rule', detail: 'contact with a fresh enemy counts as a charge resolved next turn; a unit off the table returns where it left in its next turn' }],
    });
  },
  answer(s, task, { option, log }) {
    const u = unitOf(s.setup, task.role, task.unit);
    const d = s.moves[unitKey(task.role, task.unit)] ?? 0;
    const moves = task.move === 'pursuit' ? 'pursue' : 'overrun';
    const text: Record<PursuitEnd, string> = {
      clear: `${u.name} ${moves} ${d}" and stop in the open.`,
      fresh: `${u.name} ${moves} into a fresh enemy unit: a new charge, resolved next turn; they count as charging.`,
      offTable: `${u.name} ${moves} off the table: they return where they left in their next turn and may not charge.`,
    };
    const line = text[(option ?? 'clear') as PursuitEnd];
    const next = popTask(log(s, line));
    return { ...next, notes: [...next.notes, line] };
  },
};

/** Seed 002 "The Overrun Rule": a unit that slays all its opponents in the first round may overrun. */
export const overrunChoiceKind: TaskKind<State, Of<'overrunChoice'>> = {
  ask(state, task) {
    const u = unitOf(state.setup, task.role, task.unit);
    const n = moveDice(movementOf(state.setup, task.role, task.unit));
    return chooseStep(state, 'overrun', {
      title: `${u.name}: overrun?`,
      actor: task.role,
      prompt: `${u.name} slew all their opponents in the first round. Overrun ${n}D6"?`,
      options: [
        { id: 'overrun', label: `Overrun (${n}D6")`, suggested: true },
        { id: 'stay', label: 'Stay put' },
      ],
      why: [{ rule: 'The Overrun Rule', detail: 'a unit that slays all its opponents in the first round of combat may make an overrun move, 2D6" or 3D6" by its Movement' }],
    });
  },
  answer(s, task, { option, log }) {
    const u = unitOf(s.setup, task.role, task.unit);
    if (option === 'stay') return popTask(log(s, `${u.name} stay put`));
    return replaceHead(log(s, `${u.name} overrun`), { kind: 'overrun', role: task.role, unit: task.unit });
  },
};

export const overrunKind: TaskKind<State, Of<'overrun'>> = {
  ask(state, task) {
    const u = unitOf(state.setup, task.role, task.unit);
    const m = movementOf(state.setup, task.role, task.unit);
    const n = moveDice(m);
    return rollStep(state, 'overrunMove', { title: `${u.name}: overrun move`, actor: task.role, count: n, sides: 6, needs: `${n}D6"`, why: [{ rule: 'The Overrun Rule', detail: `M${m}: ${n}D6", exactly like flee and pursuit` }] });
  },
  answer(s, task, { dice, log }) {
    const u = unitOf(s.setup, task.role, task.unit);
    const key = unitKey(task.role, task.unit);
    const logged = log(s, `${u.name} overrun ${sum(dice)}"`, dice);
    return replaceHead({ ...setStatus(logged, key, 'overran'), moves: { ...logged.moves, [key]: sum(dice) } }, { kind: 'pursuitEnd', role: task.role, unit: task.unit, move: 'overrun' });
  },
};

/** Seed 002 "Redress the Ranks": both sides still fight; the next round now, or in the next turn. */
export const roundEndKind: TaskKind<State, Of<'roundEnd'>> = {
  ask(state) {
    return chooseStep(state, 'round', {
      title: `Round ${state.round} is over`,
      actor: 'attacker',
      prompt: ['Both sides are still fighting.', ...redressLines(state)].join('\n'),
      options: [
        { id: 'next', label: `Fight round ${state.round + 1} now`, suggested: true },
        { id: 'end', label: 'Stop here (the combat goes on next turn)' },
      ],
      why: [{ rule: 'Redress the Ranks', detail: 'formations are tidied; winners may expand their frontage or lap round; fleeing units may not redress' }],
    });
  },
  answer(s, _task, { option, log }) {
    if (option === 'end') {
      const next = popTask(log(s, 'Stop here: the combat goes on next turn'));
      return { ...next, phase: 'over', notes: [...next.notes, `The combat goes on: round ${s.round + 1} is fought in the next turn.`] };
    }
    return popTask({ ...log(s, `On to round ${s.round + 1}`), round: s.round + 1 });
  },
};
