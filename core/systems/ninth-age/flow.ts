import { allocationPlan, completeAllocation, targetName, type SharesSource } from './allocation';
import {
  agilityOf,
  allPools,
  attacksOf,
  hpLeft,
  modelsLeft,
  otherRole,
  plural,
  poolKey,
  roles,
  standingOf,
  wipedOut,
  type PoolRef,
  type Role,
  type Standing,
  type State,
  type StepPart,
  type Task,
} from './state';

/**
 * The order of a round of melee (RULES §5, seed 004): Agility steps from the highest (each:
 * allocate every attack, then roll to hit, to wound, armour and special saves, then remove the
 * casualties) → Combat Score → break test → pursue?, flee and pursuit → the next round. The tasks
 * themselves (what each asks, how it is answered, what resolves itself) are declared in steps/;
 * these are the round's pieces they share.
 */

export const standings = (state: Pick<State, 'setup' | 'lost' | 'roundStart'>): Record<Role, Standing> => ({
  attacker: standingOf(state.setup, 'attacker', state.lost, state.roundStart),
  defender: standingOf(state.setup, 'defender', state.lost, state.roundStart),
});

/**
 * RULES §5: the Agility steps of the round, highest first, from every part standing at its start
 * with attacks to make (chargers +1 in the round of the charge). Equal Agility strikes together.
 */
export function agilitySteps(state: Pick<State, 'setup' | 'lost' | 'round'>): number[] {
  const values = allPools(state.setup)
    .filter((p) => attacksOf(state.setup, state.lost, p) > 0)
    .map((p) => agilityOf(state.setup, state.round, p));
  return [...new Set(values)].sort((a, b) => b - a);
}

/** The start of a round: its losses, Combat Score and odds count from here. */
export function beginRound(state: State): State {
  const fresh: State = {
    ...state,
    roundStart: state.lost,
    phase: 'strikes',
    agility: null,
    parts: [],
    score: null,
    broke: null,
    pursues: null,
    flee: null,
    pursuit: null,
  };
  return {
    ...fresh,
    queue: [...agilitySteps(fresh).map((agility): Task => ({ kind: 'agility', agility })), { kind: 'score' }],
  };
}

/**
 * The parts that strike at an Agility step, counted at its start (SCENARIOS §3, "Who attacks"):
 * standing, with attacks, and with an enemy model left to attack. Models slain earlier do not strike.
 */
export function strikersAt(state: Pick<State, 'setup' | 'lost' | 'round'>, agility: number): StepPart[] {
  return allPools(state.setup)
    .filter((p) => agilityOf(state.setup, state.round, p) === agility)
    .map((part) => ({ part, attacks: attacksOf(state.setup, state.lost, part), allocation: null }))
    .filter((s) => s.attacks > 0 && allocationPlan(state.setup, state.lost, s.part) !== null);
}

/** The allocation task of a part at the start of its step. */
export function allocateTask(state: Pick<State, 'setup' | 'lost'>, s: StepPart): Task {
  const plan = allocationPlan(state.setup, state.lost, s.part)!;
  return { kind: 'allocate', part: s.part, attacks: s.attacks, answered: [], ask: plan.ask, rest: plan.rest };
}

export const partIndex = (state: State, part: PoolRef) =>
  state.parts.findIndex((s) => s.part.role === part.role && s.part.who === part.who);

/** Fixes a part's allocation: the shares asked so far, the rest as SCENARIOS §3 allocates by default; an answered one is kept for the next round. */
export function finishAllocation(state: State, task: Extract<Task, { kind: 'allocate' }>): State {
  return allocate(state, new Map([[poolKey(task.part), allocationOf(state, task)]]), task.answered.length > 0);
}

/** A part's whole allocation: the shares answered so far, the rest by SCENARIOS §3's default (as last round from the second round). */
export function allocationOf(state: SharesSource, task: Extract<Task, { kind: 'allocate' }>): number[] {
  const fixed: Array<number | undefined> = [];
  for (const a of task.answered) fixed[a.target] = a.attacks;
  return completeAllocation(
    state,
    task.part,
    task.attacks,
    { ask: [...task.answered.map((a) => a.target), ...task.ask], rest: task.rest },
    fixed,
  );
}

/** Attacks of an allocation task not yet given to a target. */
export const unallocated = (task: Extract<Task, { kind: 'allocate' }>) =>
  task.attacks - task.answered.reduce((sum, a) => sum + a.attacks, 0);

/** Sets parts' allocations (by poolKey) and records them as this round's choice, kept for the next round. */
export function allocate(state: State, counts: ReadonlyMap<string, number[]>, answered: boolean): State {
  const parts = state.parts.map((s) =>
    counts.has(poolKey(s.part)) ? { ...s, allocation: counts.get(poolKey(s.part))! } : s,
  );
  const chosen = answered
    ? { ...state.chosen, ...Object.fromEntries([...counts].map(([key, c]) => [key, c.slice(1)])) }
    : state.chosen;
  return { ...state, parts, chosen };
}

/**
 * Unsaved wounds remove HP from the pool their attacks were allocated to; whatever the pool
 * cannot take is lost, never moved to another pool (seed 004, Health Pools).
 */
export function inflict(state: State, target: PoolRef, unsaved: number): { state: State; taken: number } {
  const taken = Math.min(unsaved, hpLeft(state.setup, state.lost, target));
  const key = poolKey(target);
  return { state: { ...state, lost: { ...state.lost, [key]: (state.lost[key] ?? 0) + taken } }, taken };
}

/** What a step cost each side: "lost: the Spearmen 4 HP (4 models removed), Captain 1 HP (slain)". */
export function stepLosses(state: State, before: Record<string, number>): string {
  const parts = allPools(state.setup).flatMap((p) => {
    const lost = (state.lost[poolKey(p)] ?? 0) - (before[poolKey(p)] ?? 0);
    if (lost === 0) return [];
    const slain = modelsLeft(state.setup, before, p) - modelsLeft(state.setup, state.lost, p);
    const models = p.who === 'rf' ? ` (${plural(slain, 'model')} removed)` : slain > 0 ? ' (slain)' : '';
    return [`${targetName(state.setup, p)} ${lost} HP${models}`];
  });
  return parts.length > 0 ? `lost: ${parts.join(', ')}` : 'no HP lost';
}

/** The round is over for both: another round if both units are still fighting, else the combat ends. */
export function roundOver(state: State): State {
  const both = roles.every((r) => state.status[r] === 'fighting');
  return both ? { ...state, queue: [...state.queue, { kind: 'roundEnd' }] } : { ...state, phase: 'over' };
}

/** After the Combat Score is read: wiped-out units leave, the loser tests. */
export function afterScore(state: State): State {
  const st = standings(state);
  let s = state;
  for (const role of roles) if (wipedOut(st[role])) s = { ...s, status: { ...s.status, [role]: 'destroyed' } };
  const winner = state.score!.winner;
  if (winner !== null && !wipedOut(st[otherRole(winner)]))
    return { ...s, queue: [...s.queue, { kind: 'break', role: otherRole(winner) }] };
  return roundOver(s);
}

/** A failed break test: the unit flees (RULES §5); a winner with models left may pursue. */
export function afterBreak(state: State, loser: Role, broken: boolean): State {
  if (!broken) return roundOver(state);
  const winner = otherRole(loser);
  const canPursue = state.status[winner] === 'fighting';
  const tasks: Task[] = [
    ...(canPursue ? [{ kind: 'pursueChoice', role: winner } as Task] : []),
    { kind: 'flee', role: loser },
  ];
  return { ...state, broke: loser, status: { ...state.status, [loser]: 'fled' }, queue: [...state.queue, ...tasks] };
}
