import type { Reason } from '../../combat/steps';
import type { Setup } from './setup';
import { aliveIn, attacksPerModel, groupOf, groupsOf, majority, otherRole, possessive, strikesAt, unitAlive, type Role, type UnitWounds } from './state';
import { apText, strikingStrength, toHitFace, toWoundFace } from './tables';

/**
 * Who strikes at an Initiative step, and what their rolls need (seed 000 "Roll To Hit", "Roll To
 * Wound"; RULES §2). Pure functions, shared by the engine and the analysis.
 */

/** The groups of `role` that strike at Initiative step `step`: alive, with attacks, at that Initiative (Unwieldy: 1). */
export function strikingGroups(setup: Setup, role: Role, wounds: UnitWounds, step: number, round: number): number[] {
  return groupsOf(setup, role).flatMap((g, i) => (strikesAt(g) === step && aliveIn(wounds[i] ?? []) > 0 && attacksPerModel(setup, role, i, round) > 0 ? [i] : []));
}

/** The Initiative steps at which some model of either side could strike, highest first. */
export function strikeSteps(setup: Setup): number[] {
  const steps = new Set<number>();
  for (const role of ['attacker', 'defender'] as const) for (const g of groupsOf(setup, role)) steps.add(strikesAt(g));
  return [...steps].sort((a, b) => b - a);
}

/** What `role`'s attacks see of the enemy unit at the start of a step: its majority WS and T. */
export function targetOf(setup: Setup, role: Role, enemyWounds: UnitWounds) {
  const enemy = otherRole(role);
  return { weaponSkill: majority(setup, enemy, enemyWounds, 'weaponSkill'), toughness: majority(setup, enemy, enemyWounds, 'toughness') };
}

export interface Test {
  face: number | null;
  why: Reason[];
}

/** Seed 000 "Roll To Hit": the attacker's WS against the target unit's majority WS. */
export function hitTest(setup: Setup, role: Role, group: number, targetWs: number): Test {
  const ws = groupOf(setup, role, group).weaponSkill;
  const face = toHitFace(ws, targetWs);
  // The chart's middle row in numbers: the target's WS from the attacker's up to twice it.
  const how = ws > targetWs ? 'attacker higher → 3+' : targetWs > 2 * ws ? `more than twice WS ${ws} → 5+` : `target WS from ${ws} to ${2 * ws} → 4+`;
  return {
    face,
    why: [{ rule: 'To Hit chart', detail: `WS ${ws} vs WS ${targetWs} (${possessive(setup[otherRole(role)].name)} majority): ${how}` }],
  };
}

/** The Strength a group's attacks strike with: a number, or 'D' (Destroyer). */
export const groupStrength = (setup: Setup, role: Role, group: number) => {
  const g = groupOf(setup, role, group);
  return strikingStrength(g.strength, g.weapon.strength);
};

/** RULES §2 to-wound chart, S − T against the target unit's majority T; a Destroyer weapon rolls on its own table instead. */
export function woundTest(setup: Setup, role: Role, group: number, targetT: number): Test {
  const g = groupOf(setup, role, group);
  const s = groupStrength(setup, role, group);
  if (s === 'D') {
    return {
      face: 2,
      why: [{ rule: 'Destroyer weapon', detail: `${g.weapon.name}: a D6 instead of the wound roll — 1 no effect; 2–5 seriously wounded (invulnerable save only, then D3 wounds); 6 deathblow (D6 + 6 wounds, no save)` }],
    };
  }
  const face = toWoundFace(s, targetT);
  const d = s - targetT;
  // A true minus sign, as the chart prints it.
  const signed = d > 0 ? `+${d}` : d < 0 ? `−${-d}` : '0';
  return {
    face,
    why: [{ rule: 'To Wound chart', detail: `S${s} vs T${targetT} (${possessive(setup[otherRole(role)].name)} majority): S − T = ${signed} → ${face === null ? 'cannot wound' : `${face}+`}` }],
  };
}

/** "Power fist (S8 AP2, Unwieldy)". */
export function weaponText(setup: Setup, role: Role, group: number): string {
  const g = groupOf(setup, role, group);
  const s = groupStrength(setup, role, group);
  return `${g.weapon.name} (${s === 'D' ? 'S D' : `S${s}`} AP${apText(g.weapon.ap)}${g.weapon.unwieldy ? ', Unwieldy' : ''})`;
}

/** Both units still have models: the step's strikes can land. */
export const bothStanding = (wounds: Record<Role, UnitWounds>) => unitAlive(wounds.attacker) && unitAlive(wounds.defender);
