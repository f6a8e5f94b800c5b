import { positionKey, shedHistory } from '../../../analysis/combat/key';
import type { CombatChain, UnitEnd } from '../../../analysis/combat/types';
import { ninthAge } from '../index';
import type { State, UnitStatus } from '../state';

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
  fates: (s) => ({ attacker: endOf[s.status.attacker] ?? null, defender: endOf[s.status.defender] ?? null }),
  mainUnits: (s) => ({ attacker: s.setup.attacker.unit.name, defender: s.setup.defender.unit.name }),
};
