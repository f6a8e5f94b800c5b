import { breakTestOf } from './morale';
import { roundResult } from './result';
import { fighting, membersOf, otherRole, roles, unitIndices, woundsLeft, type State } from './state';
import { attacksOf, targetOf, woundChance } from './strikes';

/**
 * A combat that can never change (6th edition has no rule to end it, so the app must see it): in
 * the next round no model of either side can cause a wound (no attacks, or a Strength that cannot
 * wound its foe), and its result — the same bonuses every round — is a draw, or its loser cannot
 * break. Fought on, it would be the same round for ever; it ends here, a draw in words.
 */
export function stalemate(state: State): string | null {
  const next: State = {
    ...state,
    round: state.round + 1,
    caused: { attacker: 0, defender: 0 },
    overkill: { attacker: 0, defender: 0 },
    roundStart: state.lost,
    statusAtStart: state.status,
  };
  for (const role of roles) {
    for (const unit of unitIndices(next.setup, role)) {
      if (!fighting(next, role, unit)) continue;
      for (const by of membersOf(next.setup, role, unit)) {
        if (woundsLeft(next.setup, next.lost, by) <= 0 || attacksOf(next, by) === 0) continue;
        const target = targetOf(next, by);
        if (target && woundChance(next, by, target) > 0) return null;
      }
    }
  }
  const result = roundResult(next);
  if (result.winner === null)
    return 'Neither side can wound the other and every round would be a draw: the combat ends here, a stalemate.';
  const loser = otherRole(result.winner);
  const canBreak = unitIndices(next.setup, loser).some(
    (u) => fighting(next, loser, u) && breakTestOf(next, loser, u, result.difference).kind !== 'holds',
  );
  if (canBreak) return null;
  return `Neither side can wound the other, and ${next.setup[loser].name} lose every round but cannot break: the combat ends here, a stalemate.`;
}
