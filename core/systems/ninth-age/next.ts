import type { ChooseStep, Option, Reason, RollStep, Step } from '../../combat/steps';
import { allocationText, targetAt, targetName } from './allocation';
import { armourTest, hitTest, specialTest, testOf, unsavedChance, woundTest } from './attacks';
import { agilitySteps, allocationOf, standings, unallocated } from './flow';
import { breakReasons, breakTestOf } from './morale';
import { scoreArithmetic, scoreHeadline } from './score';
import { finalLines } from './outcome';
import { agilityOf, capitalized, hpLeft, modelsLeft, otherRole, plural, poolHp, possessive, verb, type PoolRef, type State, type Task } from './state';

/** What the melee needs now, as a step of the protocol (core/combat/steps.ts). */

const roll = (state: State, tag: string, s: Omit<RollStep, 'kind' | 'id' | 'notes'> & { notes?: string[] }): RollStep => ({ kind: 'roll', id: `${tag}.${state.counter}`, notes: [], ...s });
const choose = (state: State, tag: string, s: Omit<ChooseStep, 'kind' | 'id'>): ChooseStep => ({ kind: 'choose', id: `${tag}.${state.counter}`, ...s });

const percent = (p: number) => `${(100 * p).toFixed(0)}%`;

/** Seed 004 in words, for the allocation step. */
const ALLOCATING: Reason = {
  rule: 'Allocating Attacks',
  detail: 'every attack of the Agility step picks its target before any hit is rolled: the rank and file, or a character in contact (supporting attacks allocate as if from the front rank of their file)',
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

function allocateStep(state: State, task: Extract<Task, { kind: 'allocate' }>): ChooseStep {
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
  return choose(state, 'allocate', {
    // A part asked about several targets: the later questions say how many are still to place.
    title: left === task.attacks ? `${name}: allocate ${plural(left, 'attack')}` : `${name}: allocate ${plural(left, 'more attack')}`,
    actor: task.part.role,
    prompt: `How many of ${possessive(targetName(setup, task.part))} ${left === task.attacks ? '' : 'remaining '}${plural(left, 'attack')} at ${targetName(setup, target)}? ${later.length > 0 ? `You are asked about ${later.join(' and ')} next; the` : 'The'} rest go at ${rest}.`,
    options,
    why: [ALLOCATING, ...odds],
  });
}

function strikeStep(state: State, task: Extract<Task, { kind: 'strike' }>): RollStep {
  const { setup } = state;
  const name = capitalized(targetName(setup, task.part));
  const foe = targetName(setup, task.target);
  const attack = `${name} ${verb(task.part, 'attack')} ${foe}`;
  const test = testOf(setup, task.part, task.target, task.stage);
  const need = test.need!;
  const common = { count: task.dice, sides: 6 as const, passOn: need, needs: `${need}+`, why: test.why };
  switch (task.stage) {
    case 'hit':
      return roll(state, 'hit', { ...common, title: `${attack}: to hit`, actor: task.part.role, notes: [`${plural(task.dice, 'attack')} at Agility ${agilityOf(setup, state.round, task.part)}.`] });
    case 'wound':
      return roll(state, 'wound', { ...common, title: `${attack}: to wound`, actor: task.part.role });
    case 'armour':
    case 'special': {
      const what = task.stage === 'armour' ? 'armour saves' : `${test.why[0]!.rule.replace(' save', '')} saves`;
      const title = `${capitalized(foe)}: ${what} against ${targetName(setup, task.part)}`;
      return roll(state, task.stage, { ...common, title, actor: task.target.role, notes: ['Each die that passes saves a wound; each that fails removes 1 HP from the pool.'] });
    }
  }
}

export function nextStep(state: State): Step {
  const task = state.queue[0];
  const { setup } = state;
  if (!task) return { kind: 'outcome', id: `end.${state.counter}`, title: 'The melee is over', lines: finalLines(state), final: true };
  switch (task.kind) {
    case 'allocate':
      return allocateStep(state, task);
    case 'strike':
      return strikeStep(state, task);
    case 'score': {
      const r = state.score!;
      const side = (role: 'attacker' | 'defender') => [
        `${setup[role].unit.name}: ${scoreArithmetic(r[role])}`,
        ...r[role].lines.map((l) => `  +${l.value} ${l.label}: ${l.detail}`),
      ];
      return { kind: 'outcome', id: `score.${state.counter}`, title: `Round ${state.round}: Combat Score`, lines: [...side('attacker'), ...side('defender'), scoreHeadline(setup, r)], final: false };
    }
    case 'break': {
      const test = breakTestOf(setup, task.role, state.score!.difference, standings(state));
      return roll(state, 'break', { title: `${setup[task.role].unit.name}: Break Test`, actor: task.role, count: 2, sides: 6, needs: `2D6 ≤ ${test.need}${test.insaneCourage ? ' (a double 1 always passes)' : ''}`, why: breakReasons(setup, task.role, test) });
    }
    case 'pursueChoice': {
      const winner = setup[task.role].unit.name;
      const loser = setup[otherRole(task.role)].unit.name;
      return choose(state, 'pursue', {
        title: `${winner}: pursue?`,
        actor: task.role,
        prompt: `${loser} broke and flee. Will ${winner} pursue them? Decide before the flee roll.`,
        options: [
          { id: 'pursue', label: 'Pursue (2D6)', suggested: true },
          { id: 'hold', label: 'Do not pursue' },
        ],
        why: [{ rule: 'Pursuit', detail: 'the winner may pursue a fleeing unit: 2D6 against the flee roll, equal or more catches and destroys it' }],
      });
    }
    // The flee and pursuit distances are rolled even when they cannot change who is caught: the
    // players still move the fleeing unit and the pursuers that far on the table (RULES §5).
    case 'flee': {
      const name = setup[task.role].unit.name;
      const notes = state.pursues ? [] : [`Nobody pursues ${name}: the roll is how far they flee on the table.`];
      return roll(state, 'flee', { title: `${name}: flee`, actor: task.role, count: 2, sides: 6, needs: '2D6: the flee distance', notes, why: [{ rule: 'Flee', detail: `${name} failed the Break Test: they flee 2D6″ directly away from the enemy` }] });
    }
    case 'pursuit': {
      const name = setup[task.role].unit.name;
      const fleeing = setup[otherRole(task.role)].unit.name;
      // The least 2D6 can roll is 2: a flee of 2″ is caught whatever the pursuit.
      const certain = state.flee! <= 2;
      return roll(state, 'pursuit', {
        title: `${name}: pursue ${fleeing}`,
        actor: task.role,
        count: 2,
        sides: 6,
        needs: `2D6 ≥ ${state.flee} catches ${fleeing}`,
        notes: certain ? [`Any roll catches ${fleeing}: the roll is how far ${name} pursue on the table.`] : [`${name} move the distance rolled, whether they catch ${fleeing} or not.`],
        why: [{ rule: 'Pursuit', detail: `2D6 equal to or more than the flee roll (${state.flee}) catches and destroys the fleeing unit` }],
      });
    }
    case 'roundEnd': {
      // Neither unit has an attack left: another round cannot change the losses, so stopping is suggested.
      const idle = agilitySteps({ ...state, round: state.round + 1 }).length === 0;
      return choose(state, 'round', {
        title: `Round ${state.round} is over`,
        actor: 'attacker',
        prompt: 'Both units are still in the melee. Fight the next round now, or stop here (the melee goes on in the next turn)?',
        options: [
          { id: 'next', label: `Fight round ${state.round + 1} now`, ...(idle ? { detail: 'neither unit has an attack left' } : { suggested: true }) },
          { id: 'stop', label: 'Stop here', ...(idle ? { suggested: true } : {}) },
        ],
        why: [{ rule: 'Melee', detail: 'units stay locked in combat until one side breaks or is destroyed; the state is kept from round to round' }],
      });
    }
    default:
      break;
  }
  throw new Error(`the task "${task.kind}" is settled before it is shown`);
}
