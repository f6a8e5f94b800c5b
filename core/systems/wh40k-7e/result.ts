import type { Setup } from './setup';
import {
  aliveIn,
  groupOf,
  otherRole,
  plural,
  roles,
  totalWounds,
  unitAlive,
  type Role,
  type RoundResult,
  type UnitWounds,
} from './state';

/**
 * The combat result (RULES §2; SCENARIOS §2): each side scores the wounds the enemy models lost
 * this round — removed from their profiles, so an Instant Death wound counts the wounds it took,
 * a Destroyer wound its D3 or D6 + 6 up to the wounds the model had, and saved, shrugged-off and
 * excess wounds nothing. More wins; equal is a draw; a unit wiped out loses (both: a draw).
 */

/** Wounds a unit lost since `from`. */
export const woundsLost = (from: UnitWounds, now: UnitWounds) => totalWounds(from) - totalWounds(now);

export function roundResult(start: Record<Role, UnitWounds>, now: Record<Role, UnitWounds>): RoundResult {
  const caused = {
    attacker: woundsLost(start.defender, now.defender),
    defender: woundsLost(start.attacker, now.attacker),
  };
  const wiped = { attacker: !unitAlive(now.attacker), defender: !unitAlive(now.defender) };
  return { caused, wiped, ...winnerOf(caused, wiped) };
}

/** Who won and by how much: a wiped-out unit loses whatever it caused (both wiped out: a draw). */
export function winnerOf(
  caused: Record<Role, number>,
  wiped: Record<Role, boolean>,
): { winner: Role | null; difference: number } {
  const difference = Math.abs(caused.attacker - caused.defender);
  if (wiped.attacker && wiped.defender) return { winner: null, difference: 0 };
  if (wiped.attacker) return { winner: 'defender', difference };
  if (wiped.defender) return { winner: 'attacker', difference };
  if (caused.attacker === caused.defender) return { winner: null, difference: 0 };
  return { winner: caused.attacker > caused.defender ? 'attacker' : 'defender', difference };
}

/** "Ork Boy: 4 slain; Ork Nob: 1 wound lost" — what a side lost, group by group. */
export function lossesText(setup: Setup, role: Role, from: UnitWounds, now: UnitWounds): string {
  const parts: string[] = [];
  now.forEach((models, group) => {
    const g = groupOf(setup, role, group);
    const before = from[group] ?? [];
    const slain = aliveIn(before) - aliveIn(models);
    const hurt = models.reduce((n, w, i) => n + (w > 0 ? (before[i] ?? 0) - w : 0), 0);
    const what = [
      slain > 0 ? `${slain} slain` : '',
      hurt > 0 ? `${plural(hurt, 'wound')} lost by survivors` : '',
    ].filter(Boolean);
    if (what.length > 0) parts.push(`${g.name}: ${what.join(', ')}`);
  });
  return parts.length > 0 ? parts.join('; ') : 'no losses';
}

/** The lines of the result, each with its arithmetic. */
export function resultLines(
  setup: Setup,
  start: Record<Role, UnitWounds>,
  now: Record<Role, UnitWounds>,
  r: RoundResult,
): string[] {
  const lines = roles.map((role) => {
    const foe = otherRole(role);
    const before = totalWounds(start[foe]);
    const after = totalWounds(now[foe]);
    return `${setup[role].name} caused ${plural(r.caused[role], 'wound')}: ${setup[foe].name} had ${before}, now ${after} (${before} − ${after} = ${r.caused[role]}; ${lossesText(setup, foe, start[foe], now[foe])}).`;
  });
  lines.push(headline(setup, r));
  return lines;
}

export function headline(setup: Setup, r: RoundResult): string {
  if (r.wiped.attacker && r.wiped.defender) return 'Both units are wiped out: a draw.';
  if (r.winner && r.wiped[otherRole(r.winner)])
    return `${setup[otherRole(r.winner)].name} are wiped out: ${setup[r.winner].name} win.`;
  if (!r.winner) return `A draw at ${plural(r.caused.attacker, 'wound')} each: nobody tests Morale.`;
  const loser = otherRole(r.winner);
  return `${setup[r.winner].name} win by ${r.difference} (${r.caused[r.winner]} − ${r.caused[loser]} = ${r.difference}).`;
}
