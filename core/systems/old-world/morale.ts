import { TWO_D6 } from '../../dice/probability';
import type { Reason } from '../../combat/steps';
import { sideUnitStrength } from './result';
import { fighting, leadershipOf, otherRole, unitIndices, unitOf, unitStrength, type Role, type State } from './state';

/**
 * Break tests and the Leadership tests around them (seed 002 "Break Tests", RULES §3). Each is a
 * small function so the engine and the analysis agree.
 */

/** What a losing unit's break test comes to before any dice: automatic, or a 2D6 roll. */
export type BreakTest =
  | { kind: 'holds'; why: Reason[] }
  | { kind: 'breaks'; why: Reason[] }
  | { kind: 'roll'; leadership: number; modifier: number; insaneCourage: boolean; why: Reason[] };

/** A unit fears its enemy when a fear- or terror-causing enemy fights it and it neither causes fear itself nor is immune to psychology. */
export function fearsEnemy(state: Pick<State, 'setup' | 'status'>, role: Role, unit: number): boolean {
  const u = unitOf(state.setup, role, unit);
  if (u.immuneToPsychology || u.causesFear || u.causesTerror || u.unbreakable) return false;
  const other = otherRole(role);
  return unitIndices(state.setup, other).some(
    (j) =>
      fighting(state, other, j) &&
      (unitOf(state.setup, other, j).causesFear || unitOf(state.setup, other, j).causesTerror),
  );
}

export function breakTestOf(
  state: Pick<State, 'setup' | 'lost' | 'status'>,
  role: Role,
  unit: number,
  difference: number,
): BreakTest {
  const u = unitOf(state.setup, role, unit);
  if (u.unbreakable) return { kind: 'holds', why: [{ rule: 'Unbreakable', detail: `${u.name} never breaks` }] };
  const mine = unitStrength(state.setup, state.lost, role, unit);
  const theirs = sideUnitStrength(state, otherRole(role));
  if (fearsEnemy(state, role, unit) && mine < theirs) {
    return {
      kind: 'breaks',
      why: [
        {
          rule: 'Fear',
          detail: `${u.name} fears the enemy and is outnumbered (US ${mine} against ${theirs}): it breaks without a test`,
        },
      ],
    };
  }
  const leadership = leadershipOf(state.setup, state.lost, role, unit);
  const why: Reason[] = u.stubborn
    ? [
        {
          rule: 'Stubborn',
          detail: `tests on its unmodified Leadership ${leadership}: breaks on more than ${leadership}`,
        },
      ]
    : [
        {
          rule: 'Break test',
          detail: `2D6 + ${difference} (lost by ${difference}) against Leadership ${leadership}: breaks on more than ${leadership}`,
        },
      ];
  if (fearsEnemy(state, role, unit))
    why.push({
      rule: 'Fear',
      detail: `it fears the enemy, but is not outnumbered (US ${mine} against ${theirs}): it tests as normal`,
    });
  if (state.setup.insaneCourage) why.push({ rule: 'Insane courage', detail: 'a double 1 always holds' });
  return {
    kind: 'roll',
    leadership,
    modifier: u.stubborn ? 0 : difference,
    insaneCourage: state.setup.insaneCourage,
    why,
  };
}

/** Seed 002: the unit breaks when 2D6 plus the difference is greater than its Leadership; a double 1 holds with insane courage. */
export function breaksOn(test: Extract<BreakTest, { kind: 'roll' }>, dice: readonly number[]): boolean {
  if (test.insaneCourage && dice.length === 2 && dice[0] === 1 && dice[1] === 1) return false;
  return dice.reduce((a, b) => a + b, 0) + test.modifier > test.leadership;
}

/** A plain Leadership test (panic, restraining pursuit): passes on 2D6 equal to or under Ld. */
export const passesLeadership = (leadership: number, dice: readonly number[]) =>
  dice.reduce((a, b) => a + b, 0) <= leadership;

/** P(the unit breaks) for a rolled break test. */
export function breakChance(test: Extract<BreakTest, { kind: 'roll' }>): number {
  let p = 0;
  TWO_D6.forEach((q, k) => {
    if (k + test.modifier > test.leadership) p += q;
  });
  // The double 1 (k = 2) would break only if 2 + modifier > Ld; insane courage saves it.
  if (test.insaneCourage && 2 + test.modifier > test.leadership) p -= 1 / 36;
  return p;
}

export { TWO_D6 };
