import { memo } from '../../../combat/memo';
import { chooseStep, popTask, pushLog, pushLogs, replaceHead, type TaskKind } from '../../../combat/stepEngine';
import type { ChooseStep, Option, Reason } from '../../../combat/steps';
import { InputError } from '../../../combat/system';
import { allocationPlan, allocationText, completeAllocation, sharesOf, targetAt, targetName } from '../allocation';
import {
  allocate,
  allocateTask,
  allocationOf,
  finishAllocation,
  partIndex,
  stepLosses,
  strikersAt,
  unallocated,
} from '../flow';
import {
  agilityOf,
  alive,
  allPools,
  attacksOf,
  capitalized,
  characterOf,
  plural,
  poolKey,
  possessive,
  roles,
  type State,
  type StepPart,
  type Task,
} from '../state';
import { ALLOCATING, perAttack } from './odds';

/**
 * An Agility step of a round of melee (seed 004): every attack allocated before any die is rolled
 * (one question per side, steps/side.ts; or part by part, target by target, here), then the whole
 * step rolled through in one step (steps/roll.ts), the casualties removed when the step ends.
 */

type Of<K extends Task['kind']> = Extract<Task, { kind: K }>;

/**
 * From the second round the allocations are kept as last round without asking (issue 22: an
 * allocation made once is kept): a part's shares at enemy characters still standing are as
 * before; a share at a character who has fallen goes at the rest (the rank and file), as the
 * default allocation sends it (SCENARIOS §3).
 */
function keptAllocations(state: State, parts: readonly StepPart[]): State {
  // Part by part, as the players would be told: each part's allocation fixed and its line logged (in one go: parts are distinct pools).
  const kept = keptLines(state, parts);
  return pushLogs(
    allocate(state, new Map(kept.map(({ part, counts }) => [poolKey(part), counts])), false),
    kept.map(({ line }) => line),
  );
}

type KeptLine = {
  part: StepPart['part'];
  counts: number[];
  line: { actor: StepPart['part']['role']; title: string; result: string };
};

/** Each part's kept allocation and its log line, from what they read (the losses, the kept shares, the parts): the same in many play-outs, worked out once. */
const keptMemo = memo<KeptLine[]>();
function keptLines(state: State, parts: readonly StepPart[]): KeptLine[] {
  return keptMemo(state.setup, `${JSON.stringify([state.lost, state.kept, parts])}`, () =>
    parts.map((s) => keptLine(state, s)),
  );
}

function keptLine(state: State, s: StepPart): KeptLine {
  const { setup } = state;
  const plan = allocationPlan(setup, state.lost, s.part)!;
  const counts = completeAllocation(state, s.part, s.attacks, plan, []);
  const fallen = sharesOf(state, s.part).flatMap((n, j) => {
    const who = targetAt(s.part, j + 1);
    return n > 0 &&
      who.who !== 'rf' &&
      who.who < setup[who.role].unit.characters.length &&
      !alive(setup, state.lost, who)
      ? [
          `${characterOf(setup, who).name} has fallen: his share goes at ${targetName(setup, targetAt(s.part, plan.rest))}`,
        ]
      : [];
  });
  const text = allocationText(setup, s.part, counts);
  const result =
    plan.ask.length === 0 && fallen.length === 0
      ? `${text} (the only target)`
      : `as last round: ${text}${fallen.length > 0 ? ` (${fallen.join('; ')})` : ''}`;
  return {
    part: s.part,
    counts,
    line: {
      actor: s.part.role,
      title: `${capitalized(targetName(setup, s.part))}: allocate ${plural(s.attacks, 'attack')}`,
      result,
    },
  };
}

/** The allocation tasks of a step: per side, one question when a part of it has a real choice (an enemy character standing), then each part's own. */
function allocationTasks(state: State, parts: readonly StepPart[]): Task[] {
  return roles.flatMap((role) => {
    const mine = parts.filter((s) => s.part.role === role);
    const choice = mine.some((s) => allocationPlan(state.setup, state.lost, s.part)!.ask.length > 0);
    return [...(choice ? [{ kind: 'side', role } as Task] : []), ...mine.map((s) => allocateTask(state, s))];
  });
}

/** The step begins: the parts that strike at it, each with its allocation to make or keep (casualties of earlier steps do not strike). */
export const agilityKind: TaskKind<State, Of<'agility'>> = {
  auto(s, task) {
    const parts = strikersAt(s, task.agility);
    // Parts due at this step that stood with attacks when the round began, but have fallen since.
    const slain = allPools(s.setup).filter(
      (p) =>
        agilityOf(s.setup, s.round, p) === task.agility &&
        attacksOf(s.setup, s.roundStart, p) > 0 &&
        !alive(s.setup, s.lost, p),
    );
    let next = popTask(s);
    if (slain.length > 0) {
      // Seed 004: casualties of an earlier step are removed before the next, so they do not strike.
      next = pushLog(next, {
        actor: slain[0]!.role,
        title: `Agility ${task.agility}`,
        result: `${slain.map((p) => targetName(s.setup, p)).join(' and ')}: slain before striking`,
      });
    }
    if (parts.length === 0) return next;
    const started: State = { ...next, agility: task.agility, parts, stepStart: s.lost };
    const keep = s.round > 1 && !s.anew;
    const begun = keep ? keptAllocations(started, parts) : started;
    const tasks: Task[] = [
      ...(keep ? [] : allocationTasks(started, parts)),
      { kind: 'rolls', agility: task.agility },
      { kind: 'stepEnd', agility: task.agility },
    ];
    return { ...begun, queue: [...tasks, ...next.queue] };
  },
};

function allocateStep(state: State, task: Of<'allocate'>): ChooseStep {
  const { setup } = state;
  const name = capitalized(targetName(setup, task.part));
  const left = unallocated(task);
  const target = targetAt(task.part, task.ask[0]!);
  const suggested = allocationOf(state, task);
  const later = task.ask.slice(1).map((i) => targetName(setup, targetAt(task.part, i)));
  const rest = targetName(setup, targetAt(task.part, task.rest));
  // The last question says where the rest go with each answer; before it, what comes next is the prompt's (the same for every answer).
  const options: Option[] = Array.from({ length: left + 1 }, (_, n) => ({
    id: String(n),
    label: `${n} at ${targetName(setup, target)}`,
    ...(later.length > 0 ? {} : { detail: `${left - n} at ${rest}` }),
  }));
  const pick = suggested[task.ask[0]!]!;
  if (later.length > 0) {
    options.unshift({
      id: 'suggested',
      label: `As suggested: ${allocationText(setup, task.part, suggested)}`,
      suggested: true,
    });
  } else {
    options[pick] = { ...options[pick]!, suggested: true };
  }
  // The odds of each target, per attack: what the player weighs.
  const odds: Reason[] = [
    target,
    ...task.ask.slice(1).map((i) => targetAt(task.part, i)),
    targetAt(task.part, task.rest),
  ].map((t) => ({
    rule: 'Odds per attack',
    detail: perAttack(state, task.part, t),
  }));
  return chooseStep(state, 'allocate', {
    // A part asked about several targets: the later questions say how many are still to place.
    title:
      left === task.attacks
        ? `${name}: allocate ${plural(left, 'attack')}`
        : `${name}: allocate ${plural(left, 'more attack')}`,
    actor: task.part.role,
    prompt: `How many of ${possessive(targetName(setup, task.part))} ${left === task.attacks ? '' : 'remaining '}${plural(left, 'attack')} at ${targetName(setup, target)}? ${later.length > 0 ? `You are asked about ${later.join(' and ')} next; the` : 'The'} rest go at ${rest}.`,
    options,
    why: [ALLOCATING, ...odds],
  });
}

/** A part's attacks go at the enemy's rank and file or at its characters in contact, asked target by target ("Part by part…"); the rest by default. */
export const allocateKind: TaskKind<State, Of<'allocate'>> = {
  auto(s, task) {
    // Allocated already (by the side's question), or nothing left to ask: fixed without a question.
    const i = partIndex(s, task.part);
    if (i >= 0 && s.parts[i]!.allocation !== null) return popTask(s);
    if (task.ask.length > 0 && unallocated(task) > 0) return null;
    const done = finishAllocation(popTask(s), task);
    // A player's answers are logged as they are given; an allocation nobody was asked about is logged here.
    if (task.answered.length > 0) return done;
    const counts = done.parts[partIndex(done, task.part)]!.allocation!;
    const why = task.ask.length === 0 ? ' (the only target)' : '';
    return pushLog(done, {
      actor: task.part.role,
      title: `${capitalized(targetName(s.setup, task.part))}: allocate ${plural(task.attacks, 'attack')}`,
      result: `${allocationText(s.setup, task.part, counts)}${why}`,
    });
  },
  ask: allocateStep,
  answer(s, task, { option, log }) {
    const { setup } = s;
    if (option === 'suggested') {
      const counts = allocationOf(s, task);
      const done: Task = {
        ...task,
        answered: [...task.answered, ...task.ask.map((target) => ({ target, attacks: counts[target]! }))],
        ask: [],
      };
      return replaceHead(log(s, `As suggested: ${allocationText(setup, task.part, counts)}`), done);
    }
    const n = Number(option);
    if (!Number.isInteger(n) || n < 0 || n > unallocated(task))
      throw new InputError(`"${option}" is not a number of attacks from 0 to ${unallocated(task)}.`, 'option');
    const answered: Of<'allocate'> = {
      ...task,
      answered: [...task.answered, { target: task.ask[0]!, attacks: n }],
      ask: task.ask.slice(1),
    };
    const target = targetName(setup, targetAt(task.part, task.ask[0]!));
    // The last answer fixes the whole allocation: say where the rest go.
    const last = answered.ask.length === 0 || unallocated(answered) === 0;
    const text = last
      ? `${n} at ${target}; in all: ${allocationText(setup, task.part, allocationOf(s, answered))}`
      : `${n} at ${target}`;
    return replaceHead(log(s, text), answered);
  },
};

/** The step's casualties are removed, and what it cost each side is logged. */
export const stepEndKind: TaskKind<State, Of<'stepEnd'>> = {
  auto(s, task) {
    const next: State = { ...popTask(s), agility: null, parts: [] };
    return pushLog(next, {
      actor: 'attacker',
      title: `Agility ${task.agility}: casualties removed`,
      result: stepLosses(s, s.stepStart),
    });
  },
};
