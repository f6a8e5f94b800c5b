import { positionKey, shedHistory } from '../../../analysis/combat/key';
import type { CombatChain, UnitEnd, UnitFate } from '../../../analysis/combat/types';
import { epicArmageddon } from '../index';
import { alive, roles, unitName, type Role, type State } from '../state';

/**
 * Epic Armageddon's part in the whole-combat odds (core/analysis/combat), as the engine's walk reads
 * it (combat.ts adds the compact round model, model/): its own rules walk every
 * round of an assault (A3 to A7; a drawn round is fought again), so what carries over is what its
 * state carries — the units left and war-engine damage, kills, Blast markers, Broken formations.
 * The "main unit" of a side is its formation: destroyed when no unit is left, got away when it
 * broke (Epic has no pursuit: nothing is caught).
 */

/** The state without history: its log and notes, and each unit's tally of hits and saves (kept only for the picture of the formations). */
function shed(s: State): State {
  const bare = shedHistory(s);
  const tallied = (['attacker', 'defender'] as const).some((r) =>
    s.units[r].some((u) => u.hits !== 0 || u.saved !== 0),
  );
  if (!tallied) return bare;
  const clear = (r: Role) => s.units[r].map((u) => (u.hits === 0 && u.saved === 0 ? u : { ...u, hits: 0, saved: 0 }));
  return { ...bare, units: { attacker: clear('attacker'), defender: clear('defender') } };
}

/**
 * The position as the rules read it: the results of earlier drawn rounds (their dice and modifiers)
 * are only shown, in the next round's first prompt, so they are left out of the key — else every
 * way of drawing round 1 would be a position of its own, and round 2 walked fifty times over.
 */
function key(s: State): string {
  const bare: State = { ...s, previous: [] };
  return positionKey(bare);
}

function formationEnd(s: State, role: Role): UnitEnd {
  if (s.units[role].every((u) => u.left === 0)) return 'destroyed';
  return brokeNow(s, role) ? 'flees' : null;
}

/** The formation lost the assault and became Broken (A7): it withdraws. One Broken before it that loses is destroyed instead. */
const brokeNow = (s: State, role: Role) => s.broken[role] && !s.setup[role].broken;

/**
 * Every unit of both formations, the attacker's first, each in the setup's order (nearest first)
 * and named as the screen names it ("Boyz #3"): a unit with nothing left is destroyed — by the
 * attacks, by the extra hits for losing the assault, for ending its withdrawal within 15cm of the
 * enemy, or with a formation that was already Broken when it lost; a unit left standing in a
 * formation that broke withdraws (flees). Epic has no pursuit, so none is caught. Supporting units
 * belong to other formations, which this assault can neither hit nor break: they are not listed.
 */
function unitFates(s: State): UnitFate[] {
  return roles.flatMap((role) => {
    const names = rowNames(s, role);
    return s.units[role].map((u, i): UnitFate => ({
      role,
      unit: names[i]!,
      end: !alive(u) ? 'destroyed' : brokeNow(s, role) ? 'flees' : null,
    }));
  });
}

const ordinal = (n: number) =>
  `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`;

/**
 * Each unit's name as the screen gives it ("Boyz #2"); where two entries of a formation share a
 * name (Boyz in base contact, more Boyz in a firefight), the entry is said too — "Boyz #1 (2nd Boyz
 * entry)" — so no two rows of the odds read alike.
 */
function rowNames(s: State, role: Role): string[] {
  const entries = s.setup[role].units;
  return s.units[role].map((u) => {
    const name = unitName(s.setup, role, u);
    const e = entries[u.entry]!;
    const same = entries.filter((x) => x.name === e.name).length;
    if (same < 2) return name;
    const place = entries.slice(0, u.entry + 1).filter((x) => x.name === e.name).length;
    return `${name} (${ordinal(place)} ${e.name} entry)`;
  });
}

/** The chain without the round model: what the model's ends and the tests' walks read. */
export const epicArmageddonWalk: CombatChain<State> = {
  rules: epicArmageddon,
  round: (s) => s.round,
  key,
  shed,
  setup: (s) => s.setup,
  // What one engine step costs here, at about 5 ns a work unit (core/analysis/budget.ts): about 25 µs: a play-out step of the example 25 µs, of the small combat 14, a walk step 19 (the bundled code, warm, the shared two-core machine).
  stepWork: 5_000,
  fates: (s) => ({ attacker: formationEnd(s, 'attacker'), defender: formationEnd(s, 'defender') }),
  mainUnits: (s) => ({ attacker: s.setup.attacker.formation, defender: s.setup.defender.formation }),
  unitFates,
};
