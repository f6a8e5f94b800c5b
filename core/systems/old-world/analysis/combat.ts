import { positionKey, shedHistory } from '../../../analysis/combat/key';
import type { CombatChain, UnitEnd } from '../../../analysis/combat/types';
import { oldWorld } from '../index';
import { unitKey, unitOf, type Role, type State, type UnitStatus } from '../state';

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
  key: positionKey,
  shed: shedHistory,
  setup: (s) => s.setup,
  fates: (s) => ({ attacker: mainEnd(s, 'attacker'), defender: mainEnd(s, 'defender') }),
  mainUnits: (s) => ({ attacker: unitOf(s.setup, 'attacker', 0).name, defender: unitOf(s.setup, 'defender', 0).name }),
};

function mainEnd(s: State, role: Role): UnitEnd {
  return endOf[s.status[unitKey(role, 0)] ?? 'fighting'] ?? null;
}
