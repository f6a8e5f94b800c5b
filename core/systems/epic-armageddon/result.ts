import type { Setup } from './setup';
import { RESULT_MODIFIERS } from './tables';
import {
  engagedAlive,
  entryOf,
  otherRole,
  plural,
  supportOf,
  unitsLeft,
  type Role,
  type SideTotal,
  type UnitState,
} from './state';

/**
 * The immediate outcome of A4 (seed 003 "Determine the outcome"), the check after supporting fire,
 * and the A6 result: the highest of 2D6 plus the modifiers of RULES §4, each a line of arithmetic.
 */

/** Seed 003: the attacker wins if every defending unit is destroyed (checked first); the defender if every directly engaged attacker is. */
export function immediateWinner(units: Record<Role, readonly UnitState[]>): { winner: Role; reason: string } | null {
  if (unitsLeft(units.defender) === 0)
    return { winner: 'attacker', reason: 'every unit of the defending formation is destroyed' };
  if (!units.attacker.some(engagedAlive))
    return { winner: 'defender', reason: 'every directly engaged attacking unit is destroyed' };
  return null;
}

/** SCENARIOS §1: after A5 a formation with no units left loses (the defender checked first). */
export function afterSupportWinner(units: Record<Role, readonly UnitState[]>): { winner: Role; reason: string } | null {
  if (unitsLeft(units.defender) === 0)
    return { winner: 'attacker', reason: 'the defending formation has no units left after supporting fire' };
  if (unitsLeft(units.attacker) === 0)
    return { winner: 'defender', reason: 'the attacking formation has no units left after supporting fire' };
  return null;
}

/**
 * RULES §4 A6: a Broken formation counts as many Blast markers as it has units left. They Shall
 * Know No Fear: a formation with it counts half its Blast markers, rounding down (a Broken one
 * still counts one per unit left: it takes two Blast markers per unit to break it).
 */
export const blastMarkersCounted = (broken: boolean, markers: number, left: number, knowNoFear = false) =>
  broken ? left : knowNoFear ? Math.floor(markers / 2) : markers;

/** RULES §4 A6: the loser takes the difference as extra hits; with They Shall Know No Fear, half of it, rounding down. */
export const extraHitsFor = (difference: number, knowNoFear: boolean) =>
  knowNoFear ? Math.floor(difference / 2) : difference;

/** What one side's modifiers depend on. */
export interface ResultFacts {
  kills: number;
  /** Units left in its formation (a war engine counts its damage capacity left). */
  units: number;
  enemyUnits: number;
  blastMarkers: number;
  enemyBlastMarkers: number;
  /** Surviving Inspiring units involved: engaged and supporting. */
  inspiring: number;
  /** The enemy formation is Broken (its Blast markers are its units left). */
  enemyBroken: boolean;
  /** They Shall Know No Fear halves the Blast markers counted (its own, the enemy's). */
  knowNoFear?: boolean;
  enemyKnowNoFear?: boolean;
}

const TSKNF = ' (They Shall Know No Fear: half its Blast markers, rounding down)';

export interface Modifier {
  label: string;
  value: number;
  why: string;
}

/** RULES §4 A6, one line per modifier that applies. */
export function resultModifiers(f: ResultFacts): Modifier[] {
  const out: Modifier[] = [];
  if (f.kills > 0)
    out.push({
      label: plural(f.kills, 'kill'),
      value: f.kills * RESULT_MODIFIERS.perKill,
      why: `+${RESULT_MODIFIERS.perKill} per enemy unit killed (a point of war-engine damage counts)`,
    });
  if (f.units > f.enemyUnits)
    out.push({
      label: 'more units',
      value: RESULT_MODIFIERS.moreUnits,
      why: `${f.units} units against ${f.enemyUnits}`,
    });
  if (f.units > 2 * f.enemyUnits)
    out.push({
      label: 'more than twice as many units',
      value: RESULT_MODIFIERS.moreThanTwice,
      why: `${f.units} > 2 × ${f.enemyUnits}`,
    });
  if (f.blastMarkers === 0)
    out.push({
      label: 'no Blast markers',
      value: RESULT_MODIFIERS.noBlastMarkers,
      why: `its formation ${f.knowNoFear ? `counts no Blast markers${TSKNF}` : 'has no Blast markers'}`,
    });
  if (f.enemyBlastMarkers > f.blastMarkers) {
    out.push({
      label: 'enemy has more Blast markers',
      value: RESULT_MODIFIERS.enemyMoreBlastMarkers,
      why: `${f.enemyBlastMarkers} against ${f.blastMarkers}${f.enemyBroken ? ' (Broken: as many as its units)' : f.enemyKnowNoFear ? TSKNF : ''}`,
    });
  }
  if (f.inspiring > 0)
    out.push({
      label: plural(f.inspiring, 'Inspiring unit'),
      value: f.inspiring * RESULT_MODIFIERS.perInspiring,
      why: `+${RESULT_MODIFIERS.perInspiring} per surviving Inspiring unit involved`,
    });
  return out;
}

export const modifierTotal = (f: ResultFacts) => resultModifiers(f).reduce((n, m) => n + m.value, 0);

/** Engaged Inspiring units still standing, and Inspiring supporting units (they cannot be hit). */
export function inspiringInvolved(setup: Setup, role: Role, units: readonly UnitState[]): number {
  const engaged = units.filter((u) => engagedAlive(u) && entryOf(setup, role, u).inspiring).length;
  const support = supportOf(setup, role).reduce((n, s) => n + (s.inspiring ? s.count : 0), 0);
  return engaged + support;
}

export interface ResultInput {
  setup: Setup;
  units: Record<Role, readonly UnitState[]>;
  kills: Record<Role, number>;
  broken: Record<Role, boolean>;
  blastMarkers: Record<Role, number>;
}

export function resultFacts(s: ResultInput, role: Role): ResultFacts {
  const other = otherRole(role);
  const mine = unitsLeft(s.units[role]);
  const theirs = unitsLeft(s.units[other]);
  return {
    kills: s.kills[role],
    units: mine,
    enemyUnits: theirs,
    blastMarkers: blastMarkersCounted(s.broken[role], s.blastMarkers[role], mine, s.setup[role].knowNoFear),
    enemyBlastMarkers: blastMarkersCounted(s.broken[other], s.blastMarkers[other], theirs, s.setup[other].knowNoFear),
    inspiring: inspiringInvolved(s.setup, role, s.units[role]),
    enemyBroken: s.broken[other],
    knowNoFear: s.setup[role].knowNoFear && !s.broken[role],
    enemyKnowNoFear: s.setup[other].knowNoFear && !s.broken[other],
  };
}

/** A side's A6 total from its two dice (RULES §4: keep the highest single die). */
export function sideTotal(s: ResultInput, role: Role, dice: readonly number[]): SideTotal {
  const highest = Math.max(...dice);
  const modifiers = resultModifiers(resultFacts(s, role));
  return { dice: [...dice], highest, modifiers, total: highest + modifiers.reduce((n, m) => n + m.value, 0) };
}

/** "highest of 3 and 5 = 5, +3 (3 kills), +1 (no Blast markers) = 9". */
export function totalArithmetic(t: SideTotal): string {
  return (
    [`highest of ${t.dice.join(' and ')} = ${t.highest}`, ...t.modifiers.map((m) => `+${m.value} (${m.label})`)].join(
      ', ',
    ) + ` = ${t.total}`
  );
}
