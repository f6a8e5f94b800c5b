import { stepMemo } from '../../../combat/memo';
import { splitDice } from '../../../combat/rollGroups';
import { chooseStep, pauseOption, popTask, replaceHead, rollStep, type TaskKind } from '../../../combat/stepEngine';
import type { ChooseStep } from '../../../combat/steps';
import { setStatus } from '../flow';
import { passesLeadership } from '../morale';
import { redressLines } from '../outcome';
import {
  fighting,
  leadershipOf,
  movementOf,
  otherRole,
  unitKey,
  unitOf,
  type Role,
  type State,
  type Task,
} from '../state';
import { moveDice } from '../tables';
import { resultLines } from './morale';
import { sum, type Of } from './task';

/**
 * What follows the break tests (seed 002, "Flee!", "Pursuit", "The Overrun Rule", "Redress the
 * Ranks"): winners decide to pursue, then broken units flee and their pursuers roll to catch them
 * at the same moment; winners who slew every foe may overrun; then the next round, or a stop.
 */

/** The unit pursues the broken unit. */
const unique = (names: readonly string[]) => [...new Set(names)];

const chase = (s: State, task: { role: Role; unit: number; fleeing: number }): State => {
  const key = unitKey(task.role, task.unit);
  return { ...setStatus(s, key, 'pursuing'), chasing: { ...s.chasing, [key]: task.fleeing } };
};

/** The winners still to declare whether they pursue, once each (one already pursuing is not asked again). */
function deciding(state: State): Array<Of<'pursueChoice'>> {
  const seen = new Set<number>();
  return state.queue.flatMap((t) => {
    if (t.kind !== 'pursueChoice' || !fighting(state, t.role, t.unit) || seen.has(t.unit)) return [];
    seen.add(t.unit);
    return [t];
  });
}

/** Each unit's two answers: pursue, or restrain (automatically from a defended position, else by a test). */
function answersOf(state: State, task: Of<'pursueChoice'>): Array<{ id: string; words: string }> {
  const u = unitOf(state.setup, task.role, task.unit);
  const ld = leadershipOf(state.setup, state.lost, task.role, task.unit);
  return [
    { id: 'pursue', words: `${u.name} pursue (${moveDice(movementOf(state.setup, task.role, task.unit))}D6")` },
    u.defendedObstacle
      ? { id: 'hold', words: `${u.name} hold the defended position (restrains automatically)` }
      : { id: 'restrain', words: `${u.name} try to restrain (2D6 ≤ Ld ${ld})` },
  ];
}

/** Every combination of the units' answers, all pursuing first (the suggestion); ids joined by "+". */
function combinations(state: State, tasks: ReadonlyArray<Of<'pursueChoice'>>): Array<{ id: string; label: string }> {
  let combos = [{ id: '', words: [] as string[] }];
  for (const t of tasks)
    combos = combos.flatMap((c) =>
      answersOf(state, t).map((a) => ({ id: c.id ? `${c.id}+${a.id}` : a.id, words: [...c.words, a.words] })),
    );
  return combos.map((c) => ({ id: c.id, label: c.words.join('; ') }));
}

/**
 * Seed 002 "Restraining Pursuit": every winner in contact with a broken unit declares, before any
 * flee roll, whether it pursues or tries to restrain itself — all of them at once, in one choice.
 */
export const pursueChoiceKind: TaskKind<State, Of<'pursueChoice'>> = {
  auto: (s, task) => (fighting(s, task.role, task.unit) ? null : popTask(s)),
  ask: (state, task) => pursueSteps(state.setup, pursueKey(state), state.counter, () => pursueStep(state, task)),
  answer(s, _task, { option, log }) {
    const tasks = deciding(s);
    const answers = (option ?? '').split('+');
    const lines = tasks.map((t, i) => {
      const name = unitOf(s.setup, t.role, t.unit).name;
      return answers[i] === 'pursue'
        ? `${name} pursue`
        : answers[i] === 'hold'
          ? `${name} hold their defended position: pursuit restrained`
          : `${name} try to restrain their pursuit`;
    });
    let next = log(s, lines.join('; '));
    const asked = new Set<Task>(tasks);
    const restrain: Task[] = [];
    tasks.forEach((t, i) => {
      if (answers[i] === 'pursue') next = chase(next, t);
      if (answers[i] === 'restrain')
        restrain.push({ kind: 'restrainTest', role: t.role, unit: t.unit, fleeing: t.fleeing });
    });
    return { ...next, queue: [...restrain, ...next.queue.filter((t) => !asked.has(t))] };
  },
};

/** The one question of the winners that may pursue: all of them at once. */
function pursueStep(state: State, task: Of<'pursueChoice'>): ChooseStep {
  const { setup } = state;
  const tasks = deciding(state);
  const fled = unique(tasks.map((t) => unitOf(setup, otherRole(t.role), t.fleeing).name));
  const names = tasks.map((t) => unitOf(setup, t.role, t.unit).name);
  const options = combinations(state, tasks).map((o, i) => ({ ...o, ...(i === 0 ? { suggested: true } : {}) }));
  // One unit: its two answers in short words, as ever.
  const short =
    tasks.length === 1
      ? options.map((o) => ({ ...o, label: o.label.replace(`${names[0]} `, '').replace(/^./, (c) => c.toUpperCase()) }))
      : options;
  return chooseStep(state, 'pursue', {
    title: `${names.join(' and ')}: pursue?`,
    actor: task.role,
    prompt: `${fled.join(' and ')} broke. Will ${names.join(' and ')} pursue? Decide before the flee roll.`,
    options: short,
    why: [
      {
        rule: 'Restraining Pursuit',
        detail:
          'a unit may restrain its pursuit by passing a Leadership test, declared before the fleeing unit rolls; from a defended position it restrains automatically',
      },
    ],
  });
}

/**
 * What the pursuit question reads besides the setup and the counter: the units deciding (the
 * queue, who still fights) and their Leadership (the wounds lost). It comes back in many
 * play-outs: built once per combat and key.
 */
const pursueKey = (state: State) =>
  `${JSON.stringify(state.queue)}|${JSON.stringify(state.status)}|${JSON.stringify(state.lost)}`;
const pursueSteps = stepMemo<ChooseStep>();

export const restrainTestKind: TaskKind<State, Of<'restrainTest'>> = {
  ask(state, task) {
    const u = unitOf(state.setup, task.role, task.unit);
    const ld = leadershipOf(state.setup, state.lost, task.role, task.unit);
    return rollStep(state, 'restrain', {
      title: `${u.name}: restrain pursuit`,
      actor: task.role,
      count: 2,
      sides: 6,
      needs: `2D6 ≤ ${ld}`,
      why: [
        {
          rule: 'Restraining Pursuit',
          detail: `2D6 equal to or under Ld ${ld} restrains; otherwise the unit must pursue`,
        },
      ],
    });
  },
  answer(s, task, { dice, log }) {
    const u = unitOf(s.setup, task.role, task.unit);
    const ld = leadershipOf(s.setup, s.lost, task.role, task.unit);
    if (passesLeadership(ld, dice))
      return popTask(log(s, `${sum(dice)} against Ld ${ld}: ${u.name} restrain their pursuit`, dice));
    return chase(popTask(log(s, `${sum(dice)} against Ld ${ld}: failed — ${u.name} must pursue`, dice)), task);
  },
};

/** The broken units still to flee, each with the winners pursuing it. */
function fleeing(state: State): Array<{ role: Role; unit: number; chasers: number[] }> {
  return state.queue.flatMap((t) => {
    if (t.kind !== 'flee' || state.status[unitKey(t.role, t.unit)] !== 'fled') return [];
    const chasers = Object.entries(state.chasing).flatMap(([key, target]) =>
      target === t.unit ? [Number(key.split('.')[1])] : [],
    );
    return [{ role: t.role, unit: t.unit, chasers }];
  });
}

/** Where a move ends is for the table, not the app: what each end means, in one line. */
const moveEnds = (name: string, verb: string, d: number) =>
  `${name} ${verb} ${d}": if that reaches a fresh enemy unit, it is a new charge resolved next turn; off the table edge, they return where they left in their next turn.`;

/**
 * Seed 002 "Flee!" and "Pursuit", rolled together: every broken unit flees 2D6" or 3D6" by its
 * Movement, and every unit pursuing it rolls its own dice at the same moment; a pursuit equal to
 * or greater than the flee roll catches and destroys the fleeing unit.
 */
export const fleeKind: TaskKind<State, Of<'flee'>> = {
  auto: (s, task) => (s.status[unitKey(task.role, task.unit)] !== 'fled' ? popTask(s) : null),
  ask(state) {
    const { setup } = state;
    const units = fleeing(state);
    const loser = units[0]!.role;
    const winner = otherRole(loser);
    const dice = (role: Role, unit: number) => moveDice(movementOf(setup, role, unit));
    // Only each group's total is read (the distances moved, pursuit ≥ flee catches): the whole-combat odds count each total once.
    const groups = units.flatMap(({ unit, chasers }) => [
      {
        id: `flee${unit}`,
        label: `${unitOf(setup, loser, unit).name} flee`,
        roller: loser,
        count: dice(loser, unit),
        sides: 6 as const,
        needs: `${dice(loser, unit)}D6" away from the enemy`,
        readsSum: true,
      },
      ...chasers.map((c) => ({
        id: `pursue${c}`,
        label: `${unitOf(setup, winner, c).name} pursue`,
        roller: winner,
        count: dice(winner, c),
        sides: 6 as const,
        needs: `the flee roll or more catches ${unitOf(setup, loser, unit).name}`,
        readsSum: true,
      })),
    ]);
    const names = units.map((u) => unitOf(setup, loser, u.unit).name);
    const chased = units.some((u) => u.chasers.length > 0);
    const why = [
      { rule: 'Flee!', detail: 'a broken unit flees 2D6", or 3D6" with Movement over 6, directly away from the enemy' },
      ...(chased
        ? [
            {
              rule: 'Pursuit',
              detail:
                'each pursuer rolls its own flee dice (2D6" or 3D6" by its Movement) at the same moment; equal to or greater than the flee roll catches and destroys the fleeing unit',
            },
          ]
        : []),
    ];
    const title = `${names.join(' and ')}: flee${chased ? ' and pursuit' : ''}`;
    const count = groups.reduce((n, g) => n + g.count, 0);
    if (groups.length === 1)
      return rollStep(state, 'flee', { title, actor: loser, count, sides: 6, needs: groups[0]!.needs, why });
    return rollStep(state, 'flee', {
      title,
      actor: loser,
      count,
      sides: 6,
      needs: groups.map((g) => `${g.label} ${g.count}D6"`).join(', '),
      why,
      groups,
    });
  },
  answer(s, _task, { step, dice, log }) {
    if (step.kind !== 'roll') throw new Error('a flee step is a roll');
    const units = fleeing(s);
    const parts = splitDice(step, dice);
    const loser = units[0]!.role;
    const winner = otherRole(loser);
    let next: State = s;
    const lines: string[] = [];
    let part = 0;
    for (const { unit, chasers } of units) {
      const flee = sum(parts[part++]!);
      const name = unitOf(s.setup, loser, unit).name;
      next = { ...next, moves: { ...next.moves, [unitKey(loser, unit)]: flee } };
      lines.push(`${name} flee ${flee}"`);
      for (const c of chasers) {
        const d = sum(parts[part++]!);
        const caught = d >= flee && next.status[unitKey(loser, unit)] === 'fled';
        const pursuer = unitOf(s.setup, winner, c).name;
        next = {
          ...next,
          moves: { ...next.moves, [unitKey(winner, c)]: d },
          notes: [...next.notes, moveEnds(pursuer, 'pursue', d)],
        };
        lines.push(`${pursuer} pursue ${d}": ${d >= flee ? `${name} caught and destroyed` : `${name} escape`}`);
        if (caught) next = setStatus(next, unitKey(loser, unit), 'caught');
      }
    }
    const logged = log(next, lines.join('; '), dice);
    return { ...logged, queue: logged.queue.filter((t) => t.kind !== 'flee') };
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
      prompt: [...resultLines(state), `${u.name} slew all their opponents in the first round. Overrun ${n}D6"?`].join(
        '\n',
      ),
      options: [
        { id: 'overrun', label: `Overrun (${n}D6")`, suggested: true },
        { id: 'stay', label: 'Stay put' },
      ],
      why: [
        {
          rule: 'The Overrun Rule',
          detail:
            'a unit that slays all its opponents in the first round of combat may make an overrun move, 2D6" or 3D6" by its Movement',
        },
      ],
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
    return rollStep(state, 'overrunMove', {
      title: `${u.name}: overrun move`,
      actor: task.role,
      count: n,
      sides: 6,
      needs: `${n}D6"`,
      why: [{ rule: 'The Overrun Rule', detail: `M${m}: ${n}D6", exactly like flee and pursuit` }],
    });
  },
  answer(s, task, { dice, log }) {
    const u = unitOf(s.setup, task.role, task.unit);
    const key = unitKey(task.role, task.unit);
    const logged = log(s, `${u.name} overrun ${sum(dice)}"`, dice);
    return popTask({
      ...setStatus(logged, key, 'overran'),
      moves: { ...logged.moves, [key]: sum(dice) },
      notes: [...logged.notes, moveEnds(u.name, 'overrun', sum(dice))],
    });
  },
};

/** Six turns a side: at most twelve rounds of combat in a game. */
export const LAST_ROUND = 12;

/** Seed 002 "Redress the Ranks": both sides still fight; the next round now, or in the next turn. */
export const roundEndKind: TaskKind<State, Of<'roundEnd'>> = {
  ask(state) {
    return chooseStep(state, 'round', {
      title: `Round ${state.round} is over`,
      actor: 'attacker',
      prompt: [...resultLines(state), 'Both sides are still fighting.', ...redressLines(state)].join('\n'),
      // A game lasts six turns a side: past twelve rounds the game is over, and stopping is the sensible answer.
      options: [
        {
          id: 'next',
          label: `Fight round ${state.round + 1} now`,
          ...(state.round < LAST_ROUND ? { suggested: true } : {}),
        },
        // Stopping to fight on in a later turn is a pause, not an end (the host keeps the combat here);
        // once the game is over, the combat ends undecided.
        state.round < LAST_ROUND
          ? pauseOption(state.round)
          : { id: 'end', label: 'End the combat here: the game is over', suggested: true },
      ],
      why: [
        {
          rule: 'Redress the Ranks',
          detail:
            'formations are tidied; winners may expand their frontage or lap round; fleeing units may not redress',
        },
        ...(state.round < LAST_ROUND
          ? []
          : [
              {
                rule: 'Game length',
                detail: `a game lasts six turns a side, so a combat is fought for ${LAST_ROUND} rounds at most: stopping is suggested`,
              },
            ]),
      ],
    });
  },
  answer(s, _task, { option, log }) {
    // The game is over (twelve rounds): the combat ends where it stands, to the last round's winner.
    if (option === 'end') {
      const next = popTask(log(s, 'The game is over: the combat ends here'));
      return { ...next, phase: 'over', notes: [...next.notes, 'The game is over: the combat ends here.'] };
    }
    return popTask({ ...log(s, `On to round ${s.round + 1}`), round: s.round + 1 });
  },
};
