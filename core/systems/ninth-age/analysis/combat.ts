import { positionKey, shedHistory } from '../../../analysis/combat/key';
import type { CombatChain, UnitEnd, UnitFate } from '../../../analysis/combat/types';
import { ninthAge } from '../index';
import { alive, roles, type State, type UnitStatus } from '../state';
import { ninthAgeModel } from './model';

/**
 * The Ninth Age's part in the whole-combat odds (core/analysis/combat): its own rules walk every
 * round (Agility steps, Combat Score, Break Test, flee and pursuit, the next round), so what
 * carries over is what its state carries — the HP each pool has lost.
 */

const endOf: Partial<Record<UnitStatus, UnitEnd>> = { destroyed: 'destroyed', fled: 'flees', caught: 'caught' };

export const ninthAgeCombat: CombatChain<State> = {
  rules: ninthAge,
  round: (s) => s.round,
  key: positionKey,
  shed: shedHistory,
  setup: (s) => s.setup,
  // What one engine step costs here, at about 5 ns a work unit (core/analysis/budget.ts): about 19 µs: a play-out step of the example 19 µs, of the small combat 12, a walk step 18 (the bundled code, warm, the shared two-core machine).
  stepWork: 3_800,
  fates: (s) => ({ attacker: endOf[s.status.attacker] ?? null, defender: endOf[s.status.defender] ?? null }),
  mainUnits: (s) => ({ attacker: s.setup.attacker.unit.name, defender: s.setup.defender.unit.name }),
  unitFates,
  // The compact round model (model/): the exact whole-combat odds from closed forms; the walk above is its check.
  model: ninthAgeModel,
};

/** Each unit, then its characters: a character slain is destroyed, else he shares his unit's flight or capture (seed 004: characters are part of the unit). */
function unitFates(s: State): UnitFate[] {
  return roles.flatMap((role) => {
    const unitEnd = endOf[s.status[role]] ?? null;
    const characters = s.setup[role].unit.characters.map((c, who): UnitFate => ({
      role,
      unit: c.name,
      end: alive(s.setup, s.lost, { role, who }) ? (unitEnd === 'destroyed' ? null : unitEnd) : 'destroyed',
    }));
    return [{ role, unit: s.setup[role].unit.name, end: unitEnd }, ...characters];
  });
}
