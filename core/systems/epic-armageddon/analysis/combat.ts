import { positionKey, shedHistory } from '../../../analysis/combat/key';
import type { CombatChain, UnitEnd } from '../../../analysis/combat/types';
import { epicArmageddon } from '../index';
import type { Role, State } from '../state';

/**
 * Epic Armageddon's part in the whole-combat odds (core/analysis/combat): its own rules walk every
 * round of an assault (A3 to A7; a drawn round is fought again), so what carries over is what its
 * state carries — the units left and war-engine damage, kills, Blast markers, Broken formations.
 * The "main unit" of a side is its formation: destroyed when no unit is left, got away when it
 * broke (Epic has no pursuit: nothing is caught).
 */

/** The state without history: its log and notes, and each unit's tally of hits and saves (kept only for the picture of the formations). */
function shed(s: State): State {
  const bare = shedHistory(s);
  const tallied = (['attacker', 'defender'] as const).some((r) => s.units[r].some((u) => u.hits !== 0 || u.saved !== 0));
  if (!tallied) return bare;
  const clear = (r: Role) => s.units[r].map((u) => (u.hits === 0 && u.saved === 0 ? u : { ...u, hits: 0, saved: 0 }));
  return { ...bare, units: { attacker: clear('attacker'), defender: clear('defender') } };
}

function formationEnd(s: State, role: Role): UnitEnd {
  if (s.units[role].every((u) => u.left === 0)) return 'destroyed';
  return s.broken[role] && !s.setup[role].broken ? 'flees' : null;
}

export const epicArmageddonCombat: CombatChain<State> = {
  rules: epicArmageddon,
  round: (s) => s.round,
  key: positionKey,
  shed,
  setup: (s) => s.setup,
  fates: (s) => ({ attacker: formationEnd(s, 'attacker'), defender: formationEnd(s, 'defender') }),
  mainUnits: (s) => ({ attacker: s.setup.attacker.formation, defender: s.setup.defender.formation }),
};
