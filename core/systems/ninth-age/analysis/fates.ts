import { standings } from '../flow';
import { breakChance, breakTestOf } from '../morale';
import { scoreParts, totalOf } from '../score';
import { CATCH_CHANCE } from '../tables';
import { otherRole, wipedOut, type Role, type Standing, type State } from '../state';
import type { Setup } from '../setup';

/**
 * How a round ends once its attacks are over (RULES §5, SCENARIOS §3): the Combat Score (the
 * engine's own arithmetic, score.ts), then the loser's break test (morale.ts) and the pursuit.
 * `analyze` assumes the default choices: the winner with models left always pursues; pursuit ≥
 * flee (a tie too) catches. From a state past the score it follows what already happened.
 */

/** One way the round can end, as the report counts it. */
export interface RoundEnd {
  /** Attacker's Combat Score − defender's. */
  difference: number;
  hpLost: Record<Role, number>;
  wipedOut: Record<Role, boolean>;
  /** P(the side breaks), P(it is caught), given this end of the attacks. */
  breaks: Record<Role, number>;
  caught: Record<Role, number>;
}

const none = (): Record<Role, number> => ({ attacker: 0, defender: 0 });

/** The end of a round from the standings after its attacks, every choice still to come at its default. */
export function endFromStandings(setup: Setup, round: number, st: Record<Role, Standing>): RoundEnd {
  const a = totalOf(scoreParts(setup, round, 'attacker', st.attacker, st.defender));
  const d = totalOf(scoreParts(setup, round, 'defender', st.defender, st.attacker));
  const breaks = none();
  const caught = none();
  const winner: Role | null = a > d ? 'attacker' : d > a ? 'defender' : null;
  // Equal scores: both win, nobody tests (RULES §5). A loser with no model left takes no test.
  if (winner !== null && !wipedOut(st[otherRole(winner)])) {
    const loser = otherRole(winner);
    breaks[loser] = breakChance(breakTestOf(setup, loser, Math.abs(a - d), st));
    caught[loser] = wipedOut(st[winner]) ? 0 : breaks[loser] * CATCH_CHANCE;
  }
  return {
    difference: a - d,
    hpLost: { attacker: st.attacker.hpLost, defender: st.defender.hpLost },
    wipedOut: { attacker: wipedOut(st.attacker), defender: wipedOut(st.defender) },
    breaks,
    caught,
  };
}

/** The end of the round from a state past its attacks: the score is known; the break test, flee and pursuit as far as they went. */
export function endFromState(state: State): RoundEnd {
  const st = standings(state);
  const testPending = state.broke === null && state.queue.some((t) => t.kind === 'score' || t.kind === 'break');
  const end = endFromStandings(state.setup, state.round, st);
  if (testPending) return end;
  const breaks = none();
  const caught = none();
  const loser = state.broke;
  if (loser !== null) {
    breaks[loser] = 1;
    const head = state.queue[0];
    if (state.status[loser] === 'caught') caught[loser] = 1;
    else if (head?.kind === 'pursueChoice')
      caught[loser] = CATCH_CHANCE; // pursue, as suggested
    // Flee and pursuit are rolled in one step (steps/aftermath.ts): until then, the pursuit as decided.
    else if (head?.kind === 'flee') caught[loser] = state.pursues ? CATCH_CHANCE : 0;
  }
  return { ...end, breaks, caught };
}
