import { sharesOf, targetAt } from '../../allocation';
import { allocationOf, unallocated } from '../../flow';
import { otherRole, type State, type Task } from '../../state';
import { aliveMask, codeOf, contextOf, MAX_CODES, type ModelContext } from './context';
import { memoryId, memoryOf, type Memory } from './memory';
import type { NaPosition } from './position';
import { groupsText, stepAt, type Group } from './steps';
import { stepsOfRound } from './transition';

/**
 * The position an engine state stands at (model.ts `enter`): every state the players can stand at
 * before the melee is over — an allocation question, an Agility step's roll, the Break Test, pursue
 * or not, the flee roll, the round's end. A state whose current step is allocated as the model would
 * allocate it (the suggested allocation, answered or still to answer) is taken as that step not yet
 * begun, so the start of a round, however far its first step's questions went, is one position.
 */

type Allocate = Extract<Task, { kind: 'allocate' }>;

/** The memory of a state (memory.ts): each part's default shares (allocation.ts sharesOf) and this round's answers. */
const memoryFrom = (ctx: ModelContext, state: State): Memory => ({
  shares: ctx.pools.map((p) => [...sharesOf(state, p.ref)]),
  chosen: ctx.pools.map((p) => state.chosen[p.key] ?? null),
});

export function enterState(state: State): NaPosition | null {
  const head = state.queue[0];
  if (state.phase === 'over' || !head) return null;
  const ctx = contextOf(state.setup);
  if (ctx.size > MAX_CODES) return null;
  const code = codeOf(ctx, state.lost);
  const alive = aliveMask(ctx, code);
  const common = { ctx, round: state.round, code, memory: memoryId(ctx, memoryFrom(ctx, state), alive) };
  if (state.phase === 'strikes') return enterStrikes(ctx, state, code, alive);
  const start = codeOf(ctx, state.roundStart);
  switch (head.kind) {
    // The score is read from the losses: the Break Test and all after it are what the model works out from there.
    case 'break':
      return { ...common, kind: 'strikes', anew: false, start, current: null, steps: [] };
    // The winner pursues, as suggested.
    case 'pursueChoice':
      return { ...common, kind: 'flee', loser: otherRole(head.role), pursues: true, winnerDestroyed: false };
    case 'flee':
      return {
        ...common,
        kind: 'flee',
        loser: head.role,
        pursues: state.pursues === true,
        winnerDestroyed: state.status[otherRole(head.role)] === 'destroyed',
      };
    case 'roundEnd':
      return { ...common, kind: 'roundEnd', start };
    default:
      return null;
  }
}

/** A part's allocation task in the queue. */
const taskOf = (state: State, part: { role: string; who: 'rf' | number }) =>
  state.queue.find((t): t is Allocate => t.kind === 'allocate' && t.part.role === part.role && t.part.who === part.who);

/**
 * Whether a part's allocation still to make will be answered (and so kept for the next round,
 * flow.ts allocate): its side's question is still to come, or its own question is asked (an enemy
 * character to ask about and attacks to place) or was already answered in part.
 */
const willAnswer = (state: State, task: Allocate) =>
  state.queue.some((t) => t.kind === 'side' && t.role === task.part.role) ||
  (task.ask.length > 0 && unallocated(task) > 0) ||
  task.answered.length > 0;

function enterStrikes(ctx: ModelContext, state: State, code: number, alive: number): NaPosition | null {
  const round = state.round;
  const anew = round > 1 && state.anew;
  const start = codeOf(ctx, state.roundStart);
  const steps = state.queue.flatMap((t) => (t.kind === 'agility' ? [t.agility] : []));
  const memory = memoryFrom(ctx, state);
  if (state.agility === null)
    return {
      ctx,
      kind: 'strikes',
      round,
      code,
      memory: memoryId(ctx, memory, alive),
      anew,
      start,
      current: null,
      steps,
    };
  const indexOf = (who: { role: string; who: 'rf' | number }) =>
    ctx.pools.findIndex((p) => p.role === who.role && p.ref.who === who.who);
  // The current step: every part's allocation as made, or as it will be made (the suggested one, around what was answered).
  const groups: Group[] = [];
  const chosenBefore = [...memory.chosen];
  const chosenAfter = [...memory.chosen];
  for (const s of state.parts) {
    const i = indexOf(s.part);
    const task = taskOf(state, s.part);
    if (s.allocation === null && !task) return null;
    const counts = s.allocation ?? allocationOf(state, task!);
    chosenBefore[i] = null;
    if (s.allocation === null) chosenAfter[i] = willAnswer(state, task!) ? counts.slice(1) : null;
    counts.forEach((dice, t) => {
      if (dice > 0) groups.push({ part: i, target: indexOf(targetAt(s.part, t)), dice });
    });
  }
  const before = memoryId(ctx, { shares: memory.shares, chosen: chosenBefore }, alive);
  const after = memoryId(ctx, { shares: memory.shares, chosen: chosenAfter }, alive);
  const asks = round === 1 || anew;
  const usual = stepAt(ctx, round, asks, state.agility, before, code);
  if (usual.groups !== groupsText(groups) || usual.memory !== after)
    return { ctx, kind: 'strikes', round, code, memory: after, anew, start, current: groups, steps };
  // Allocated as the model allocates: the step as not yet begun; at the round's first step, the round's start.
  const all = [state.agility, ...steps];
  const first = start === code && memoryOf(ctx, before).chosen.every((c) => c === null);
  if (first && all.join('/') === stepsOfRound(ctx, round, code).join('/'))
    return { ctx, kind: 'start', round, code, memory: before, anew };
  return { ctx, kind: 'strikes', round, code, memory: before, anew, start, current: null, steps: all };
}
