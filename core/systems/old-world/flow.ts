import type { Role } from '../../combat/steps';
import type { LogLine } from '../../combat/view';
import { breakTestOf } from './morale';
import { roundResult } from './result';
import {
  engagedWith,
  fighting,
  memberKey,
  memberName,
  otherRole,
  plural,
  roles,
  unitAlive,
  unitIndices,
  unitKey,
  unitOf,
  woundsLeft,
  type MemberRef,
  type Phase,
  type State,
  type Task,
  type UnitStatus,
  verbOf,
} from './state';
import { armourTest, attacksOf, needsRollOff, strikeOrder, targetOf, wardTest, woundTest } from './strikes';

/**
 * The order of a combat round (seed 002): strikes → combat result → break tests → panic tests →
 * flee and pursuit → overrun → redress and the next round. Each phase pushes its tasks when it
 * begins; `settle` resolves whatever needs no player (a pool with nobody left to strike, an
 * unbreakable unit…) and stops at the first task that needs dice or a decision.
 */

export const pushLog = (state: State, line: LogLine): State => ({ ...state, log: [...state.log, line] });
export const popTask = (state: State): State => ({ ...state, queue: state.queue.slice(1) });
export const setStatus = (state: State, key: string, status: UnitStatus): State => ({ ...state, status: { ...state.status, [key]: status } });

/** The start of a combat round: ranks and the odds count from here. */
export function beginRound(state: State): State {
  const fresh: State = {
    ...state,
    roundStart: state.lost,
    statusAtStart: state.status,
    roundBegin: { previousWinner: state.previousWinner, hasWonRound: state.hasWonRound },
    caused: { attacker: 0, defender: 0 },
    overkill: { attacker: 0, defender: 0 },
    rollOffWinner: null,
    result: null,
    broke: [],
    moves: {},
    chasing: {},
    phase: 'strikes',
  };
  return { ...fresh, queue: needsRollOff(fresh) ? [{ kind: 'rolloff', attackerRoll: null }] : strikeTasks(fresh) };
}

export function strikeTasks(state: State): Task[] {
  return strikeOrder(state).map((slot) => ({ kind: 'strike', by: slot.by, target: null, stage: 'begin', dice: 0 }));
}

/** Ends a pool's strike: its unsaved wounds are taken from the target pool (rear rank first, partial wounds kept). */
export function inflict(state: State, by: MemberRef, target: MemberRef, unsaved: number): State {
  const left = woundsLeft(state.setup, state.lost, target);
  const taken = Math.min(unsaved, left);
  const c = state.setup.challenge;
  // RULES §3: excess wounds count only as overkill in a challenge; elsewhere they are lost.
  const challenge = c !== null && by.character !== null && target.character !== null && c[by.role].character === by.character && c[by.role].unit === by.unit;
  const overkill = challenge ? unsaved - taken : 0;
  const key = memberKey(target);
  return {
    ...state,
    lost: { ...state.lost, [key]: (state.lost[key] ?? 0) + taken },
    caused: { ...state.caused, [by.role]: state.caused[by.role] + taken },
    overkill: { ...state.overkill, [by.role]: state.overkill[by.role] + overkill },
  };
}

/** After a stage's successes: on to the next test the strike needs, or its wounds. */
export function strikeAfter(state: State, stage: 'hit' | 'wound' | 'armour' | 'ward', passing: number, foe: string): State {
  const task = state.queue[0];
  if (task?.kind !== 'strike' || !task.target) throw new Error('no strike in progress');
  const { by, target } = task;
  const set = (next: 'wound' | 'armour' | 'ward', dice: number): State => ({ ...state, queue: [{ ...task, stage: next, dice }, ...state.queue.slice(1)] });
  const done = (unsaved: number, result: string): State => {
    const after = inflict(popTask(state), by, target, unsaved);
    const wounds = unsaved > 0 ? `${plural(unsaved, 'unsaved wound')} on ${foe}, ${plural(woundsLeft(after.setup, after.lost, target), 'wound')} left` : result;
    return withLastResult(after, wounds);
  };
  if (passing === 0) return done(0, '');
  if (stage === 'hit') {
    return woundTest(state, by, target).face === null ? done(0, 'cannot wound') : set('wound', passing);
  }
  if (stage === 'wound') {
    if (armourTest(state, by, target).face !== null) return set('armour', passing);
    if (wardTest(state, target).face !== null) return set('ward', passing);
    return done(passing, '');
  }
  if (stage === 'armour' && wardTest(state, target).face !== null) return set('ward', passing);
  return done(passing, '');
}

/** Appends a note (e.g. "cannot wound") to the last log line. */
function withLastResult(state: State, extra: string): State {
  if (!extra || state.log.length === 0) return state;
  const last = state.log[state.log.length - 1]!;
  return { ...state, log: [...state.log.slice(0, -1), { ...last, result: `${last.result}; ${extra}` }] };
}

/** Units whose last model fell leave the combat as destroyed (on entering the result; the analysis does the same). */
export function markDestroyed(state: State): State {
  let s = state;
  for (const role of roles) {
    for (const unit of unitIndices(s.setup, role)) {
      if (fighting(s, role, unit) && !unitAlive(s.setup, s.lost, role, unit)) s = setStatus(s, unitKey(role, unit), 'destroyed');
    }
  }
  return s;
}

const sidesFighting = (state: State) => roles.every((r) => unitIndices(state.setup, r).some((u) => fighting(state, r, u)));

/** The next phase and its tasks. */
function enterPhase(state: State, phase: Phase): State {
  const s: State = { ...state, phase, queue: [] };
  switch (phase) {
    case 'strikes':
      return beginRound(s);
    case 'result': {
      const marked = markDestroyed(s);
      const result = roundResult(marked);
      return { ...marked, result, queue: [{ kind: 'result' }] };
    }
    case 'break': {
      const loser = s.result?.winner ? otherRole(s.result.winner) : null;
      if (!loser) return s;
      return { ...s, queue: unitIndices(s.setup, loser).filter((u) => fighting(s, loser, u)).map((unit) => ({ kind: 'break', role: loser, unit })) };
    }
    case 'panic': {
      const queue: Task[] = [];
      for (const role of roles) {
        const hit = unitIndices(s.setup, role).some((u) => s.broke.includes(unitKey(role, u)) || (s.status[unitKey(role, u)] === 'destroyed' && s.statusAtStart[unitKey(role, u)] === 'fighting'));
        if (hit) s.setup[role].nearby.forEach((_, nearby) => queue.push({ kind: 'panicAsk', role, nearby }));
      }
      return { ...s, queue };
    }
    case 'flee': {
      const winner = s.result?.winner;
      if (!winner) return s;
      const loser = otherRole(winner);
      const queue: Task[] = [];
      for (const key of s.broke) {
        const fleeing = Number(key.split('.')[1]);
        for (const unit of pursuersOf(s, winner, fleeing)) queue.push({ kind: 'pursueChoice', role: winner, unit, fleeing });
        queue.push({ kind: 'flee', role: loser, unit: fleeing });
      }
      return { ...s, queue };
    }
    case 'overrun': {
      // Seed 002, "The Overrun Rule": a unit that slays all its opponents in the first round.
      if (s.round !== 1) return s;
      const queue: Task[] = [];
      for (const role of roles) {
        const other = otherRole(role);
        const allSlain = unitIndices(s.setup, other).every((u) => s.status[unitKey(other, u)] === 'destroyed');
        if (allSlain) for (const unit of unitIndices(s.setup, role).filter((u) => fighting(s, role, u))) queue.push({ kind: 'overrunChoice', role, unit });
      }
      return { ...s, queue };
    }
    case 'end':
      return sidesFighting(s) ? { ...s, queue: [{ kind: 'roundEnd' }] } : { ...s, phase: 'over' };
    case 'over':
      return s;
  }
}

/**
 * The winners that may pursue a broken unit: fighting units in contact with it and with no other
 * enemy unit that is still fighting (a unit held in combat cannot pursue).
 */
export function pursuersOf(state: State, winner: Role, fleeing: number): number[] {
  const loser = otherRole(winner);
  return unitIndices(state.setup, winner).filter(
    (u) => fighting(state, winner, u) && engagedWith(state.setup, winner, u).includes(fleeing) && engagedWith(state.setup, winner, u).every((j) => j === fleeing || !fighting(state, loser, j)),
  );
}

const nextPhase: Record<Phase, Phase> = { strikes: 'result', result: 'break', break: 'panic', panic: 'flee', flee: 'overrun', overrun: 'end', end: 'strikes', over: 'over' };

/** Resolves everything that needs no player, up to the next step that does. */
export function settle(state: State): State {
  let s = state;
  for (let guard = 0; guard < 10_000; guard++) {
    const task = s.queue[0];
    if (!task) {
      if (s.phase === 'over') return s;
      s = enterPhase(s, nextPhase[s.phase]);
      continue;
    }
    const auto = autoResolve(s, task);
    if (auto === null) return s;
    s = auto;
  }
  throw new Error('combat flow did not settle');
}

/** A task that needs nobody, resolved; null when a player must act. */
function autoResolve(s: State, task: Task): State | null {
  switch (task.kind) {
    case 'strike': {
      if (task.stage !== 'begin') return null;
      const by = task.by;
      const name = memberName(s.setup, by);
      const line = (result: string): State => pushLog(popTask(s), { stepId: `strike.${s.counter}.${memberKey(by)}`, actor: by.role, title: `${name} ${verbOf(by, 'strike')}`, result });
      if (!fighting(s, by.role, by.unit)) return popTask(s);
      if (woundsLeft(s.setup, s.lost, by) <= 0) return line(`${name}: slain before striking: casualties strike no blows`);
      const target = targetOf(s, by);
      if (!target) return line(`${name}: no enemy left in contact to strike`);
      const attacks = attacksOf(s, by);
      if (attacks === 0) return line(`${name}: no attacks`);
      // Seed 002 "Roll to Damage": an "N" Strength cannot wound; its hits could do nothing, so nobody rolls them.
      const wound = woundTest(s, by, target);
      if (wound.face === null) return pushLog(popTask(s), { stepId: `strike.${s.counter}.${memberKey(by)}`, actor: by.role, title: `${name} ${verbOf(by, 'strike')}`, result: `${name} cannot wound ${memberName(s.setup, target)}`, why: wound.why });
      return { ...s, queue: [{ ...task, target, stage: 'hit', dice: attacks }, ...s.queue.slice(1)] };
    }
    case 'break': {
      const diff = s.result?.difference ?? 0;
      const test = breakTestOf(s, task.role, task.unit, diff);
      if (test.kind === 'roll') return null;
      const u = unitOf(s.setup, task.role, task.unit);
      const after = popTask(s);
      const logged = pushLog(after, { stepId: `break.${s.counter}.${task.unit}`, actor: task.role, title: `${u.name}: break test`, result: test.kind === 'holds' ? `${u.name} hold` : `${u.name} break!`, why: test.why });
      return test.kind === 'breaks' ? markBroken(logged, task.role, task.unit) : logged;
    }
    case 'panicTest': {
      const n = s.setup[task.role].nearby[task.nearby]!;
      if (!n.immuneToPsychology) return null;
      return pushLog(popTask(s), { stepId: `panic.${s.counter}.${task.nearby}`, actor: task.role, title: `${n.name}: panic test`, result: `${n.name} is immune to psychology: no panic test` });
    }
    case 'pursueChoice':
      // A unit already pursuing another broken unit is not asked again.
      return fighting(s, task.role, task.unit) ? null : popTask(s);
    case 'flee': {
      if (s.status[unitKey(task.role, task.unit)] !== 'fled') return popTask(s);
      return null;
    }
    default:
      return null;
  }
}

export function markBroken(state: State, role: Role, unit: number): State {
  const key = unitKey(role, unit);
  return { ...setStatus(state, key, 'fled'), broke: [...state.broke, key] };
}
