import { chooseStep, popTask, pushLog, replaceHead, rollStep, type TaskKind } from '../../../combat/stepEngine';
import type { ChooseStep, Option, Reason, RollStep } from '../../../combat/steps';
import { InputError } from '../../../combat/system';
import { allocationText, targetAt, targetName } from '../allocation';
import { armourTest, hitTest, isSave, specialTest, testOf, unsavedChance, woundTest } from '../attacks';
import { allocateTask, allocationOf, finishAllocation, partIndex, stepLosses, strikeAfter, strikersAt, strikeTasks, unallocated } from '../flow';
import { agilityOf, alive, allPools, attacksOf, capitalized, hpLeft, modelsLeft, plural, poolHp, possessive, verb, type PoolRef, type State, type Task } from '../state';

/**
 * An Agility step of a round of melee (seed 004): every attack allocated before any die is rolled,
 * then to hit, to wound, armour and special saves, part by part and target by target; the
 * casualties removed when the step ends.
 */

type Of<K extends Task['kind']> = Extract<Task, { kind: K }>;
const percent = (p: number) => `${(100 * p).toFixed(0)}%`;

/** Seed 004 in words, for the allocation step. */
const ALLOCATING: Reason = {
  rule: 'Allocating Attacks',
  detail: 'every attack of the Agility step picks its target before any hit is rolled: the rank and file, or a character in contact (supporting attacks allocate as if from the front rank of their file)',
};

/** The step begins: the parts that strike at it, each with its allocation to make (casualties of earlier steps do not strike). */
export const agilityKind: TaskKind<State, Of<'agility'>> = {
  auto(s, task) {
    const parts = strikersAt(s, task.agility);
    // Parts due at this step that stood with attacks when the round began, but have fallen since.
    const slain = allPools(s.setup).filter((p) => agilityOf(s.setup, s.round, p) === task.agility && attacksOf(s.setup, s.roundStart, p) > 0 && !alive(s.setup, s.lost, p));
    let next = popTask(s);
    if (slain.length > 0) {
      // Seed 004: casualties of an earlier step are removed before the next, so they do not strike.
      next = pushLog(next, { actor: slain[0]!.role, title: `Agility ${task.agility}`, result: `${slain.map((p) => targetName(s.setup, p)).join(' and ')}: slain before striking` });
    }
    if (parts.length === 0) return next;
    const tasks: Task[] = [...parts.map((p) => allocateTask(s, p)), { kind: 'rolls', agility: task.agility }, { kind: 'stepEnd', agility: task.agility }];
    return { ...next, agility: task.agility, parts, stepStart: s.lost, queue: [...tasks, ...next.queue] };
  },
};

/**
 * What one attack at a pool comes to, and what is left of the pool: "Captain (2 of 3 HP left):
 * hit 3+, wound 3+, armour 5+, Fortitude 5+ → 20% become unsaved wounds".
 */
function perAttack(state: State, part: PoolRef, target: PoolRef): string {
  const { setup } = state;
  const armour = armourTest(setup, part, target).need;
  const special = specialTest(setup, target);
  const needs = [
    `hit ${hitTest(setup, part, target).need}+`,
    `wound ${woundTest(setup, part, target).need}+`,
    ...(armour === null ? [] : [`armour ${armour}+`]),
    ...(special.need === null ? [] : [`${special.name.replace(' save', '')} ${special.need}+`]),
    ...(armour === null && special.need === null ? ['no save'] : []),
  ];
  const left = hpLeft(setup, state.lost, target);
  const pool = target.who === 'rf' ? `${left} of ${poolHp(setup, target)} HP left, ${plural(modelsLeft(setup, state.lost, target), 'model')}` : `${left} of ${poolHp(setup, target)} HP left`;
  return `${targetName(setup, target)} (${pool}): ${needs.join(', ')} → ${percent(unsavedChance(setup, part, target, 'hit'))} become unsaved wounds`;
}

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
    options.unshift({ id: 'suggested', label: `As suggested: ${allocationText(setup, task.part, suggested)}`, suggested: true });
  } else {
    options[pick] = { ...options[pick]!, suggested: true };
  }
  // The odds of each target, per attack: what the player weighs.
  const odds: Reason[] = [target, ...task.ask.slice(1).map((i) => targetAt(task.part, i)), targetAt(task.part, task.rest)].map((t) => ({
    rule: 'Odds per attack',
    detail: perAttack(state, task.part, t),
  }));
  return chooseStep(state, 'allocate', {
    // A part asked about several targets: the later questions say how many are still to place.
    title: left === task.attacks ? `${name}: allocate ${plural(left, 'attack')}` : `${name}: allocate ${plural(left, 'more attack')}`,
    actor: task.part.role,
    prompt: `How many of ${possessive(targetName(setup, task.part))} ${left === task.attacks ? '' : 'remaining '}${plural(left, 'attack')} at ${targetName(setup, target)}? ${later.length > 0 ? `You are asked about ${later.join(' and ')} next; the` : 'The'} rest go at ${rest}.`,
    options,
    why: [ALLOCATING, ...odds],
  });
}

/** A part's attacks go at the enemy's rank and file or at its characters in contact, asked target by target; the rest by default. */
export const allocateKind: TaskKind<State, Of<'allocate'>> = {
  auto(s, task) {
    if (task.ask.length > 0 && unallocated(task) > 0) return null;
    const done = finishAllocation(popTask(s), task);
    // A player's answers are logged as they are given; an allocation nobody was asked about is logged here.
    if (task.answered.length > 0) return done;
    const counts = done.parts[partIndex(done, task.part)]!.allocation!;
    const why = task.ask.length === 0 ? ' (the only target)' : '';
    return pushLog(done, { actor: task.part.role, title: `${capitalized(targetName(s.setup, task.part))}: allocate ${plural(task.attacks, 'attack')}`, result: `${allocationText(s.setup, task.part, counts)}${why}` });
  },
  ask: allocateStep,
  answer(s, task, { option, log }) {
    const { setup } = s;
    if (option === 'suggested') {
      const counts = allocationOf(s, task);
      const done: Task = { ...task, answered: [...task.answered, ...task.ask.map((target) => ({ target, attacks: counts[target]! }))], ask: [] };
      return replaceHead(log(s, `As suggested: ${allocationText(setup, task.part, counts)}`), done);
    }
    const n = Number(option);
    if (!Number.isInteger(n) || n < 0 || n > unallocated(task)) throw new InputError(`"${option}" is not a number of attacks from 0 to ${unallocated(task)}.`, 'option');
    const answered: Of<'allocate'> = { ...task, answered: [...task.answered, { target: task.ask[0]!, attacks: n }], ask: task.ask.slice(1) };
    const target = targetName(setup, targetAt(task.part, task.ask[0]!));
    // The last answer fixes the whole allocation: say where the rest go.
    const last = answered.ask.length === 0 || unallocated(answered) === 0;
    const text = last ? `${n} at ${target}; in all: ${allocationText(setup, task.part, allocationOf(s, answered))}` : `${n} at ${target}`;
    return replaceHead(log(s, text), answered);
  },
};

/** Every attack allocated: the rolls of the step, part by part and target by target. */
export const rollsKind: TaskKind<State, Of<'rolls'>> = {
  auto: (s) => ({ ...popTask(s), queue: [...strikeTasks(s.parts), ...s.queue.slice(1)] }),
};

function strikeStep(state: State, task: Of<'strike'>): RollStep {
  const { setup } = state;
  const name = capitalized(targetName(setup, task.part));
  const foe = targetName(setup, task.target);
  const attack = `${name} ${verb(task.part, 'attack')} ${foe}`;
  const test = testOf(setup, task.part, task.target, task.stage);
  const need = test.need!;
  const common = { count: task.dice, sides: 6 as const, passOn: need, needs: `${need}+`, why: test.why };
  switch (task.stage) {
    case 'hit':
      return rollStep(state, 'hit', { ...common, title: `${attack}: to hit`, actor: task.part.role, notes: [`${plural(task.dice, 'attack')} at Agility ${agilityOf(setup, state.round, task.part)}.`] });
    case 'wound':
      return rollStep(state, 'wound', { ...common, title: `${attack}: to wound`, actor: task.part.role });
    case 'armour':
    case 'special': {
      const what = task.stage === 'armour' ? 'armour saves' : `${test.why[0]!.rule.replace(' save', '')} saves`;
      const title = `${capitalized(foe)}: ${what} against ${targetName(setup, task.part)}`;
      return rollStep(state, task.stage, { ...common, title, actor: task.target.role, notes: ['Each die that passes saves a wound; each that fails removes 1 HP from the pool.'] });
    }
  }
}

/** To hit, to wound, armour and special saves of one part's attacks at one target. */
export const strikeKind: TaskKind<State, Of<'strike'>> = {
  auto(s, task) {
    if (hpLeft(s.setup, s.lost, task.target) > 0) return null;
    // Never roll dice that cannot change anything: the pool is empty, and loss beyond a pool is lost (seed 004).
    const what = task.stage === 'hit' ? plural(task.dice, 'attack') : task.stage === 'wound' ? plural(task.dice, 'hit') : plural(task.dice, 'wound');
    return pushLog(popTask(s), {
      actor: task.part.role,
      title: `${capitalized(targetName(s.setup, task.part))} ${verb(task.part, 'attack')} ${targetName(s.setup, task.target)}`,
      result: `${targetName(s.setup, task.target)} already slain this step: ${what} lost, nothing left in the pool to take them`,
    });
  },
  ask: strikeStep,
  answer(s, task, { step, dice, log }) {
    if (step.kind !== 'roll' || step.passOn === undefined) throw new Error('a strike step is a pass/fail roll');
    const passed = dice.filter((f) => f >= step.passOn!).length;
    const failed = dice.length - passed;
    const what = { hit: plural(passed, 'hit'), wound: plural(passed, 'wound'), armour: `${plural(passed, 'save')}, ${failed} failed`, special: `${plural(passed, 'save')}, ${failed} failed` }[task.stage];
    // Saves pass for the defender: the wounds that go on are the dice that failed.
    return strikeAfter(log(s, what, dice), isSave(task.stage) ? failed : passed);
  },
};

/** The step's casualties are removed, and what it cost each side is logged. */
export const stepEndKind: TaskKind<State, Of<'stepEnd'>> = {
  auto(s, task) {
    const next: State = { ...popTask(s), agility: null, parts: [] };
    return pushLog(next, { actor: 'attacker', title: `Agility ${task.agility}: casualties removed`, result: stepLosses(s, s.stepStart) });
  },
};
