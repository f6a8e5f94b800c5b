import type { Reason } from '../../combat/steps';
import type { Setup } from './setup';
import {
  aliveIn,
  attacksPerModel,
  groupOf,
  groupsOf,
  majority,
  otherRole,
  possessive,
  strikesAt,
  unitAlive,
  type Role,
  type UnitWounds,
} from './state';
import { apText, strikingStrength, toHitFace, toWoundFace } from './tables';

/**
 * Who strikes at an Initiative step, and what their rolls need (seed 000 "Roll To Hit", "Roll To
 * Wound"; RULES §2). Pure functions, shared by the engine and the analysis.
 */

/** The groups of `role` that strike at Initiative step `step`: alive, with attacks, at that Initiative (Unwieldy: 1). */
export function strikingGroups(setup: Setup, role: Role, wounds: UnitWounds, step: number, round: number): number[] {
  return groupsOf(setup, role).flatMap((g, i) =>
    strikesAt(g) === step && aliveIn(wounds[i] ?? []) > 0 && attacksPerModel(setup, role, i, round) > 0 ? [i] : [],
  );
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
  return {
    weaponSkill: majority(setup, enemy, enemyWounds, 'weaponSkill'),
    toughness: majority(setup, enemy, enemyWounds, 'toughness'),
  };
}

export interface Test {
  face: number | null;
  why: Reason[];
}

/** Seed 000 "Roll To Hit": the attacker's WS against the target unit's majority WS. */
export function hitTest(setup: Setup, role: Role, group: number, targetWs: number): Test {
  const ws = groupOf(setup, role, group).weaponSkill;
  const face = toHitFace(ws, targetWs);
  // The chart in players' words: a higher WS hits on 3+, a target more than twice as skilled is hit on 5+, else 4+.
  const how =
    ws > targetWs
      ? "the attacker's is higher → 3+"
      : targetWs > 2 * ws
        ? "the target's is more than double → 5+"
        : ws === targetWs
          ? 'the same → 4+'
          : "the target's is higher, but not more than double → 4+";
  return {
    face,
    why: [
      {
        rule: 'To Hit chart',
        detail: `WS ${ws} vs WS ${targetWs} (${possessive(setup[otherRole(role)].name)} majority): ${how}`,
      },
    ],
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
      why: [
        {
          rule: 'Destroyer weapon',
          detail: `${g.weapon.name}: a D6 instead of the wound roll — 1 no effect; 2–5 seriously wounded (invulnerable save only, then D3 wounds); 6 deathblow (D6 + 6 wounds, no save)`,
        },
      ],
    };
  }
  const face = toWoundFace(s, targetT);
  const d = s - targetT;
  // A true minus sign, as the chart prints it.
  const signed = d > 0 ? `+${d}` : d < 0 ? `−${-d}` : '0';
  return {
    face,
    why: [
      {
        rule: 'To Wound chart',
        detail: `S${s} vs T${targetT} (${possessive(setup[otherRole(role)].name)} majority): S − T = ${signed} → ${face === null ? 'cannot wound' : `${face}+`}`,
      },
    ],
  };
}

/** "Power fist (S8 AP2, Unwieldy)". */
export function weaponText(setup: Setup, role: Role, group: number): string {
  const g = groupOf(setup, role, group);
  const s = groupStrength(setup, role, group);
  return `${g.weapon.name} (${s === 'D' ? 'S D' : `S${s}`} AP${apText(g.weapon.ap)}${g.weapon.unwieldy ? ', Unwieldy' : ''})`;
}

/** Both units still have models: the step's strikes can land. */
export const bothStanding = (wounds: Record<Role, UnitWounds>) =>
  unitAlive(wounds.attacker) && unitAlive(wounds.defender);

/**
 * Whether `role`'s models could cause the enemy any wound in round `round`: some model standing
 * with an attack and a weapon that can wound the enemy's majority Toughness (RULES §2: S − T of −4
 * or worse cannot wound; a Destroyer weapon always can). A hit is always possible, and every save
 * fails on a 1.
 */
export function canHarm(setup: Setup, role: Role, wounds: Record<Role, UnitWounds>, round: number): boolean {
  const toughness = majority(setup, otherRole(role), wounds[otherRole(role)], 'toughness');
  return groupsOf(setup, role).some(
    (_, g) =>
      aliveIn(wounds[role][g] ?? []) > 0 &&
      attacksPerModel(setup, role, g, round) > 0 &&
      woundTest(setup, role, g, toughness).face !== null,
  );
}

/**
 * The most rounds a close combat can last: a game of 7th edition is over after at most seven game
 * turns, and a combat is fought in the Assault phase of each player's turn, so at most 14 times.
 */
export const MAX_ROUNDS = 14;
