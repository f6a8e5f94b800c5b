import type { Role, State } from '../state';

/**
 * The old world's position as the whole-combat chain merges it (core/analysis/combat: two states
 * with the same key play out alike): the state without what the rules never read again, so the
 * walk and the round transition count as one the positions that differ only in it —
 *
 * - its history (log, notes, the step counter) and its setup (the same for the whole combat);
 * - the distances of this round's flee, pursuit and overrun moves (`moves`): only shown; whether a
 *   pursuit caught its quarry is already in the statuses;
 * - who had won before this round began (`roundBegin`): the round's odds' baseline, not a rule;
 * - during the strikes, who won the last round (`previousWinner`): it orders the strikes at equal
 *   Initiative, and the order is set when the round begins (flow.ts beginRound), before the result
 *   of this round sets it anew;
 * - whether a side has won a round (`hasWonRound`) when no enemy unit defends an obstacle: that is
 *   all it changes (strikes.ts hitTest).
 */
export function oldWorldKey(state: State): string {
  const obstacle = (role: Role) => state.setup[role].units.some((u) => u.defendedObstacle);
  const hasWonRound = {
    attacker: obstacle('defender') && state.hasWonRound.attacker,
    defender: obstacle('attacker') && state.hasWonRound.defender,
  };
  return JSON.stringify({
    ...state,
    setup: 0,
    log: 0,
    notes: 0,
    counter: 0,
    moves: 0,
    roundBegin: 0,
    previousWinner: state.phase === 'strikes' ? 0 : state.previousWinner,
    hasWonRound,
  });
}
