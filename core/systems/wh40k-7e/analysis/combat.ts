import { positionKey, shedHistory } from '../../../analysis/combat/key';
import type { CombatChain } from '../../../analysis/combat/types';
import { wh40k7e } from '../index';
import type { State } from '../state';
import { fatesOf, unitFatesOf } from './fates';
import { wh40k7eModel } from './model';

/**
 * 40k 7th edition's part in the whole-combat odds (core/analysis/combat): its own rules walk every
 * round (Initiative steps, result, Morale, Sweeping Advance, the next round), so what carries over
 * is what its state carries — the wounds left on every model. Its compact round model (model/)
 * gives the exact odds from the dice's closed forms; the engine's walk is that model's check.
 */

export const wh40k7eCombat: CombatChain<State> = {
  rules: wh40k7e,
  round: (s) => s.round,
  key: positionKey,
  shed: shedHistory,
  setup: (s) => s.setup,
  // What one engine step costs here, at about 5 ns a work unit (core/analysis/budget.ts): about 21 µs: a play-out step of the example 22 µs, of the small combat 14, a walk step 20 (the bundled code, warm, the shared two-core machine).
  stepWork: 4_200,
  fates: fatesOf,
  mainUnits: (s) => ({ attacker: s.setup.attacker.name, defender: s.setup.defender.name }),
  unitFates: unitFatesOf,
  model: wh40k7eModel,
};

export { followedGroups } from './fates';
