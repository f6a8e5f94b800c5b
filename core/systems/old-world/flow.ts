import type { Role } from '../../combat/steps';
import { roundResult } from './result';
import { stalemate } from './stalemate';
import {
  engagedWith,
  fighting,
  memberKey,
  otherRole,
  roles,
  unitAlive,
  unitIndices,
  unitKey,
  woundsLeft,
  type MemberRef,
  type Phase,
  type State,
  type Task,
  type UnitStatus,
} from './state';
import { needsRollOff, strikeOrder } from './strikes';

/**
 * The order of a combat round (seed 002): strikes → combat result → break tests → panic tests →
 * flee and pursuit → overrun → redress and the next round. Each phase pushes its tasks when it
 * begins; the step engine (engine.ts) resolves whatever needs no player (a pool with nobody left
 * to strike, an unbreakable unit…) and stops at the first task that needs dice or a decision.
 */

export const setStatus = (state: State, key: string, status: UnitStatus): State => ({
  ...state,
  status: { ...state.status, [key]: status },
});

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
  return strikeOrder(state).map((slot) => ({ kind: 'strike', by: slot.by }));
}

/** Ends a pool's strike: its unsaved wounds are taken from the target pool (rear rank first, partial wounds kept). */
export function inflict(state: State, by: MemberRef, target: MemberRef, unsaved: number): State {
  const left = woundsLeft(state.setup, state.lost, target);
  const taken = Math.min(unsaved, left);
  const c = state.setup.challenge;
  // RULES §3: excess wounds count only as overkill in a challenge; elsewhere they are lost.
  const challenge =
    c !== null &&
    by.character !== null &&
    target.character !== null &&
    c[by.role].character === by.character &&
    c[by.role].unit === by.unit;
  const overkill = challenge ? unsaved - taken : 0;
  const key = memberKey(target);
  return {
    ...state,
    lost: { ...state.lost, [key]: (state.lost[key] ?? 0) + taken },
    caused: { ...state.caused, [by.role]: state.caused[by.role] + taken },
    overkill: { ...state.overkill, [by.role]: state.overkill[by.role] + overkill },
  };
}

/** Units whose last model fell leave the combat as destroyed (on entering the result; the analysis does the same). */
export function markDestroyed(state: State): State {
  let s = state;
  for (const role of roles) {
    for (const unit of unitIndices(s.setup, role)) {
      if (fighting(s, role, unit) && !unitAlive(s.setup, s.lost, role, unit))
        s = setStatus(s, unitKey(role, unit), 'destroyed');
    }
  }
  return s;
}

const sidesFighting = (state: State) =>
  roles.every((r) => unitIndices(state.setup, r).some((u) => fighting(state, r, u)));

/** The next phase and its tasks. */
export function enterPhase(state: State, phase: Phase): State {
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
      return {
        ...s,
        queue: unitIndices(s.setup, loser)
          .filter((u) => fighting(s, loser, u))
          .map((unit) => ({ kind: 'break', role: loser, unit })),
      };
    }
    case 'panic': {
      const queue: Task[] = [];
      for (const role of roles) {
        const hit = unitIndices(s.setup, role).some(
          (u) =>
            s.broke.includes(unitKey(role, u)) ||
            (s.status[unitKey(role, u)] === 'destroyed' && s.statusAtStart[unitKey(role, u)] === 'fighting'),
        );
        if (hit) s.setup[role].nearby.forEach((_, nearby) => queue.push({ kind: 'panicAsk', role, nearby }));
      }
      return { ...s, queue };
    }
    case 'flee': {
      const winner = s.result?.winner;
      if (!winner) return s;
      const loser = otherRole(winner);
      // Pursuit is declared before any flee roll; then the broken units flee and are pursued at once.
      const fleeing = s.broke.map((key) => Number(key.split('.')[1]));
      const choices = fleeing.flatMap((unit) =>
        pursuersOf(s, winner, unit).map((pursuer): Task => ({
          kind: 'pursueChoice',
          role: winner,
          unit: pursuer,
          fleeing: unit,
        })),
      );
      return { ...s, queue: [...choices, ...fleeing.map((unit): Task => ({ kind: 'flee', role: loser, unit }))] };
    }
    case 'overrun': {
      // Seed 002, "The Overrun Rule": a unit that slays all its opponents in the first round.
      if (s.round !== 1) return s;
      const queue: Task[] = [];
      for (const role of roles) {
        const other = otherRole(role);
        const allSlain = unitIndices(s.setup, other).every((u) => s.status[unitKey(other, u)] === 'destroyed');
        if (allSlain)
          for (const unit of unitIndices(s.setup, role).filter((u) => fighting(s, role, u)))
            queue.push({ kind: 'overrunChoice', role, unit });
      }
      return { ...s, queue };
    }
    case 'end': {
      if (!sidesFighting(s)) return { ...s, phase: 'over' };
      const stuck = stalemate(s);
      return stuck ? { ...s, phase: 'over', notes: [...s.notes, stuck] } : { ...s, queue: [{ kind: 'roundEnd' }] };
    }
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
    (u) =>
      fighting(state, winner, u) &&
      engagedWith(state.setup, winner, u).includes(fleeing) &&
      engagedWith(state.setup, winner, u).every((j) => j === fleeing || !fighting(state, loser, j)),
  );
}

/** The phase after each: a round's order (seed 002), and 'over' stays over. */
export const nextPhase: Record<Phase, Phase> = {
  strikes: 'result',
  result: 'break',
  break: 'panic',
  panic: 'flee',
  flee: 'overrun',
  overrun: 'end',
  end: 'strikes',
  over: 'over',
};

export function markBroken(state: State, role: Role, unit: number): State {
  const key = unitKey(role, unit);
  return { ...setStatus(state, key, 'fled'), broke: [...state.broke, key] };
}
