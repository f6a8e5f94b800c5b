import { shedHistory } from '../../../analysis/combat/key';
import type { CombatChain, UnitEnd, UnitFate } from '../../../analysis/combat/types';
import { oldWorld } from '../index';
import { unitKey, unitOf, woundsLeft, type Role, type State, type UnitStatus } from '../state';
import { oldWorldKey } from './key';
import { oldWorldModel } from './model';
import { roundTransition } from './transition';

/**
 * The old world's part in the whole-combat odds (core/analysis/combat): its own rules walk every
 * round (strikes, result, break tests, flee and pursuit, the next round), so what carries over from
 * round to round is what its state carries — wounds lost, who won the last round, obstacles lifted,
 * units fled or caught. A side's main unit is its first unit.
 */

const endOf: Partial<Record<UnitStatus, UnitEnd>> = { destroyed: 'destroyed', fled: 'flees', caught: 'caught' };

export const oldWorldCombat: CombatChain<State> = {
  rules: oldWorld,
  round: (s) => s.round,
  // What the rules read from here on (key.ts): shown-only fields and those no rule reads again left out.
  key: oldWorldKey,
  shed: shedHistory,
  setup: (s) => s.setup,
  // What one engine step costs here, at about 5 ns a work unit (core/analysis/budget.ts): about 12 µs: a play-out step of the example 10 µs, of the small combat 9 (the bundled code, warm, the shared two-core machine); the steps its transition still walks, with their keys and classes, a little dearer.
  stepWork: 2_500,
  fates: (s) => ({ attacker: mainEnd(s, 'attacker'), defender: mainEnd(s, 'defender') }),
  mainUnits: (s) => ({ attacker: unitOf(s.setup, 'attacker', 0).name, defender: unitOf(s.setup, 'defender', 0).name }),
  unitFates,
  // Each round from the system's own strike distribution and the rolls after it by class (transition.ts).
  transition: (s, cap) => roundTransition(oldWorldCombat, s, cap),
  // The compact round model (model/): each round in closed form over wounds lost and statuses; the walk above is its check.
  model: oldWorldModel,
};

/** Every unit with its characters after it: a character slain is destroyed, else he shares his unit's fate (he flees or is caught with it). */
function unitFates(s: State): UnitFate[] {
  return (['attacker', 'defender'] as const).flatMap((role) =>
    s.setup[role].units.flatMap((u, i): UnitFate[] => {
      const unitEnd = endOf[s.status[unitKey(role, i)] ?? 'fighting'] ?? null;
      const characters = u.characters.map((c, character): UnitFate => ({
        role,
        unit: c.name,
        end:
          woundsLeft(s.setup, s.lost, { role, unit: i, character }) === 0
            ? 'destroyed'
            : unitEnd === 'destroyed'
              ? null
              : unitEnd,
      }));
      return [{ role, unit: u.name, end: unitEnd }, ...characters];
    }),
  );
}

function mainEnd(s: State, role: Role): UnitEnd {
  return endOf[s.status[unitKey(role, 0)] ?? 'fighting'] ?? null;
}
