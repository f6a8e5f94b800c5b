import type { EngineState } from '../../../core/combat/stepEngine';
import type { Role } from '../../../core/combat/steps';
import type { Setup } from './setup';

/** Where a round of the duel stands: the stance is picked, each blow struck, the round closed. */
export type Phase = 'stance' | 'challengerBlow' | 'defenderBlow' | 'roundEnd';

export interface State extends EngineState {
  setup: Setup;
  round: number;
  /** Wounds each duellist has left. */
  wounds: Record<Role, number>;
  /** Wounds each had when the round began (what the round's blows are counted from). */
  roundStart: Record<Role, number>;
  /** The challenger feints this round: both blows need one more. */
  feint: boolean;
  /** Null once the duel is over. */
  phase: Phase | null;
  notes: string[];
}

export const other = (role: Role): Role => (role === 'attacker' ? 'defender' : 'attacker');

/** The roll a blow needs: the duellist's own, one worse in a feint — but a natural 6 always lands. */
export function blowNeeds(state: State, role: Role): number {
  return Math.min(6, state.setup[role].duellist.hitsOn + (state.feint ? 1 : 0));
}

/** The side still standing once the other has fallen, else null. */
export function winnerOf(state: State): Role | null {
  if (state.wounds.defender === 0) return 'attacker';
  if (state.wounds.attacker === 0) return 'defender';
  return null;
}

export function startState(setup: Setup): State {
  const wounds = { attacker: setup.attacker.duellist.wounds, defender: setup.defender.duellist.wounds };
  return {
    setup,
    round: 1,
    wounds,
    roundStart: wounds,
    feint: false,
    phase: 'stance',
    notes: [],
    counter: 0,
    log: [],
  };
}
