import type { CombatChain } from '../../../analysis/combat/types';
import type { State } from '../state';
import { epicArmageddonModel } from './model/roundModel';
import { epicArmageddonWalk } from './walkChain';

/**
 * Epic Armageddon's part in the whole-combat odds (core/analysis/combat): the engine's own rules
 * (walkChain.ts), and the compact round model (model/) the exact odds come from — the engine's walk
 * stays its check.
 */
export const epicArmageddonCombat: CombatChain<State> = { ...epicArmageddonWalk, model: epicArmageddonModel };
