import type { Reason } from '../../combat/steps';
import type { Setup } from './setup';
import { properRanksOf } from './score';
import { heightName, STEADY_AND_SOLID_MAX_HEIGHT, STEADY_AND_SOLID_RANKS, STEADY_CAP, TWO_D6 } from './tables';
import { otherRole, plural, type Role, type Standing } from './state';

/**
 * The break test (RULES §5, SCENARIOS §3): the loser, if it has models left, rolls 2D6 and passes
 * on Discipline − difference or less; Discipline is the highest among its standing models. Steady
 * (more Proper Ranks than the enemy unit) counts the difference at most 2; Steady and Solid (3+
 * Proper Ranks, Height 0–2) ignores it. A natural double 1 passes with Insane Courage.
 */

/** The highest Discipline among the standing models. */
export function disciplineOf(setup: Setup, role: Role, s: Standing): number {
  const unit = setup[role].unit;
  const values = [
    ...(s.rankAndFile > 0 ? [unit.profile.discipline] : []),
    ...unit.characters.flatMap((c, j) => (s.characters[j] ? [c.profile.discipline] : [])),
  ];
  return Math.max(0, ...values);
}

export interface BreakTest {
  /** 'roll': 2D6 are needed; 'fails': nothing can pass, so no die is rolled. (Discipline is at most 10, so 2D6 can always fail.) */
  kind: 'roll' | 'fails';
  discipline: number;
  difference: number;
  /** What the difference counts for after Steady / Steady and Solid. */
  modifier: number;
  /** 2D6 of this or less passes. */
  need: number;
  insaneCourage: boolean;
  /** Proper Ranks of the unit and of the enemy unit. */
  ranks: number;
  enemyRanks: number;
  steady: boolean;
  solid: boolean;
}

/** What a unit's break test reads of the standings, before the difference: its Discipline, and whether it is Steady or Steady and Solid. */
export type BreakStanding = Pick<
  BreakTest,
  'discipline' | 'ranks' | 'enemyRanks' | 'steady' | 'solid' | 'insaneCourage'
>;

export function breakStandingOf(setup: Setup, loser: Role, standing: Record<Role, Standing>): BreakStanding {
  const unit = setup[loser].unit;
  const ranks = properRanksOf(unit, standing[loser]);
  const enemyRanks = properRanksOf(setup[otherRole(loser)].unit, standing[otherRole(loser)]);
  return {
    discipline: disciplineOf(setup, loser, standing[loser]),
    ranks,
    enemyRanks,
    solid: ranks >= STEADY_AND_SOLID_RANKS && unit.height <= STEADY_AND_SOLID_MAX_HEIGHT,
    steady: ranks > enemyRanks,
    insaneCourage: setup.insaneCourage,
  };
}

/** The test for a difference: Steady and Solid ignores it, Steady counts at most 2 of it. */
export function breakTestFor(base: BreakStanding, difference: number): BreakTest {
  const modifier = base.solid ? 0 : base.steady ? Math.min(difference, STEADY_CAP) : difference;
  const need = base.discipline - modifier;
  // Never ask for dice that cannot change anything: below 2 only Insane Courage can pass.
  const kind = need < 2 && !base.insaneCourage ? 'fails' : 'roll';
  const { discipline, ranks, enemyRanks, steady, solid, insaneCourage } = base;
  return { kind, discipline, difference, modifier, need, insaneCourage, ranks, enemyRanks, steady, solid };
}

export const breakTestOf = (
  setup: Setup,
  loser: Role,
  difference: number,
  standing: Record<Role, Standing>,
): BreakTest => breakTestFor(breakStandingOf(setup, loser, standing), difference);

/** Why the test needs what it needs, in the words players use. */
export function breakReasons(setup: Setup, loser: Role, test: BreakTest): Reason[] {
  const why: Reason[] = [
    {
      rule: 'Break Test',
      detail: `2D6 ≤ Discipline ${test.discipline} − ${test.modifier} = ${test.need} passes (lost by ${test.difference})`,
    },
  ];
  if (test.solid)
    why.push({
      rule: 'Steady and Solid',
      detail: `${test.ranks} Proper Ranks at ${heightName(setup[loser].unit.height)} Height: the difference is ignored`,
    });
  else if (test.steady)
    why.push({
      rule: 'Steady',
      detail: `${plural(test.ranks, 'Proper Rank')} against the enemy’s ${test.enemyRanks}: the difference counts at most ${STEADY_CAP}`,
    });
  if (test.insaneCourage) why.push({ rule: 'Insane Courage', detail: 'a natural double 1 always passes' });
  return why;
}

/** The test passes with these two dice. */
export function passesOn(test: BreakTest, dice: readonly number[]): boolean {
  if (test.insaneCourage && dice[0] === 1 && dice[1] === 1) return true;
  return dice.reduce((a, b) => a + b, 0) <= test.need;
}

/** P(the unit breaks) from its test. */
export function breakChance(test: BreakTest): number {
  if (test.kind === 'fails') return 1;
  let p = 0;
  TWO_D6.forEach((q, k) => {
    if (k > test.need) p += q;
  });
  // The double 1 (k = 2) fails only when 2 > need; Insane Courage passes it.
  if (test.insaneCourage && test.need < 2) p -= 1 / 36;
  return Math.max(0, p);
}
