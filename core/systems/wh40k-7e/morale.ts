import { TWO_D6 } from '../../dice/probability';
import type { Reason } from '../../combat/steps';
import type { Setup } from './setup';
import { leadershipOf, sweepInitiativeOf, type Role, type UnitWounds } from './state';
import { moralePasses, sweepCatches } from './tables';

/**
 * Morale for the loser and the winner's Sweeping Advance (RULES §2; SCENARIOS §2). Each a small
 * function, so the engine and the analysis agree.
 */

export type MoraleTest =
  { kind: 'passes'; why: Reason[] } | { kind: 'roll'; leadership: number; modifier: number; why: Reason[] };

/** The loser's Morale test before any dice: Fearless passes; Stubborn tests on its unmodified Leadership. */
export function moraleTestOf(setup: Setup, role: Role, wounds: UnitWounds, difference: number): MoraleTest {
  const side = setup[role];
  if (side.fearless)
    return { kind: 'passes', why: [{ rule: 'Fearless', detail: `${side.name} pass Morale tests automatically` }] };
  const leadership = leadershipOf(setup, role, wounds);
  const modifier = side.stubborn ? 0 : difference;
  const why: Reason[] = [
    side.stubborn
      ? { rule: 'Stubborn', detail: `${side.name} ignore the combat result: 2D6 ≤ Ld ${leadership}` }
      : {
          rule: 'Morale check',
          detail: `lost by ${difference}: 2D6 ≤ Ld ${leadership} − ${difference} = ${leadership - difference} to stay`,
        },
    {
      rule: 'Morale check',
      detail: `Ld ${leadership}: the highest among the surviving models; a double 1 always passes`,
    },
  ];
  return { kind: 'roll', leadership, modifier, why };
}

/** P(the rolled test fails): 2D6 above Ld − modifier, a double 1 excepted (seed/RULES §2). */
export function moraleFailChance(test: Extract<MoraleTest, { kind: 'roll' }>): number {
  let p = 0;
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++) if (!moralePasses([a, b], test.leadership, test.modifier)) p += 1 / 36;
  return p;
}

/** Each side's Initiative for the Sweeping Advance: the lowest among its surviving models. */
export function sweepInitiatives(setup: Setup, winner: Role, loser: Role, wounds: Record<Role, UnitWounds>) {
  return {
    winner: sweepInitiativeOf(setup, winner, wounds[winner]),
    loser: sweepInitiativeOf(setup, loser, wounds[loser]),
  };
}

/**
 * Which Sweeping Advance dice can still change anything: none when the Initiatives already decide
 * it (a gap of 5 or more for the winner, 6 or more for the loser), the loser's none when the
 * winner's roll decides it.
 */
export type SweepNeed =
  { kind: 'decided'; caught: boolean } | { kind: 'winner' } | { kind: 'loser'; winnerTotal: number };
export function sweepNeed(winnerI: number, loserI: number, winnerRoll: number | null): SweepNeed {
  if (winnerRoll === null) {
    if (sweepCatches(1 + winnerI, 6 + loserI)) return { kind: 'decided', caught: true };
    if (!sweepCatches(6 + winnerI, 1 + loserI)) return { kind: 'decided', caught: false };
    return { kind: 'winner' };
  }
  const total = winnerRoll + winnerI;
  if (sweepCatches(total, 6 + loserI)) return { kind: 'decided', caught: true };
  if (!sweepCatches(total, 1 + loserI)) return { kind: 'decided', caught: false };
  return { kind: 'loser', winnerTotal: total };
}

/** P(caught): the winner's D6 + I at least the loser's, from the dice rolled so far. */
export function sweepChance(winnerI: number, loserI: number, winnerRoll: number | null = null): number {
  let p = 0;
  const winnerFaces = winnerRoll === null ? [1, 2, 3, 4, 5, 6] : [winnerRoll];
  for (const w of winnerFaces)
    for (let l = 1; l <= 6; l++) if (sweepCatches(w + winnerI, l + loserI)) p += 1 / (6 * winnerFaces.length);
  return p;
}

export { TWO_D6 };
