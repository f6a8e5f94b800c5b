import { positionKey, shedHistory } from '../../../analysis/combat/key';
import type { CombatChain, UnitEnd } from '../../../analysis/combat/types';
import { wh40k7e } from '../index';
import type { State, UnitFate } from '../state';

/**
 * 40k 7th edition's part in the whole-combat odds (core/analysis/combat): its own rules walk every
 * round (Initiative steps, result, Morale, Sweeping Advance, the next round), so what carries over
 * is what its state carries — the wounds left on every model. A unit wiped out is destroyed, one
 * that fell back got away, one swept by a Sweeping Advance was caught.
 */

const endOf: Partial<Record<UnitFate, UnitEnd>> = { wipedOut: 'destroyed', fellBack: 'flees', swept: 'caught' };

export const wh40k7eCombat: CombatChain<State> = {
  rules: wh40k7e,
  round: (s) => s.round,
  key: positionKey,
  shed: shedHistory,
  setup: (s) => s.setup,
  fates: (s) => ({ attacker: endOf[s.fate.attacker] ?? null, defender: endOf[s.fate.defender] ?? null }),
  mainUnits: (s) => ({ attacker: s.setup.attacker.name, defender: s.setup.defender.name }),
};
