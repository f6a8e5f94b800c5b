import { expect } from 'vitest';
import { wholeCombatOddsSchema, type WholeCombatOdds } from '../../core/analysis/combat';

/**
 * The `combat` object `analyze` prints beside the round's figures for a game fought round after
 * round: the whole combat's odds in their documented shape, summing to 1, marked exact or estimated.
 */
export function expectCombatObject(combat: unknown): WholeCombatOdds {
  const odds = wholeCombatOddsSchema.strict().parse(combat);
  expect(odds.pAttackerWins + odds.pDefenderWins + odds.pDraw + odds.pUnfinished).toBeCloseTo(1, 9);
  expect(odds.rounds.reduce((a, b) => a + b, 0) + odds.pUnfinished).toBeCloseTo(1, 9);
  expect(odds.fromRound).toBe(1);
  if (!odds.exact) {
    expect(odds.standardError).toBeGreaterThan(0);
    expect(odds.playouts).toBeGreaterThan(0);
  }
  return odds;
}
