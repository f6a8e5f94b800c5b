import { startCombat, type Combat } from '../../../../core/combat/engine';
import { playerFor } from '../../../support/drive';
import { epicArmageddon, type Setup, type SetupInput, type State } from '../../../../core/systems/epic-armageddon';

/** Test helpers for Epic assaults: terse setups and a driver that answers steps in order. */

type UnitInput = SetupInput['attacker']['units'][number];
type SideInput = Partial<Omit<SetupInput['attacker'], 'units'>> & { units: UnitInput[] };

/** A plain infantry unit: CC 4+, FF 4+, no save, in base contact. */
export const unit = (over: Partial<UnitInput> = {}): UnitInput => ({ name: 'Unit', armour: null, cc: 4, ff: 4, ...over });

export function setupOf(attacker: SideInput, defender: SideInput): Setup {
  return epicArmageddon.setupSchema.parse({
    system: 'epic-armageddon',
    attacker: { name: 'Red', formation: 'Red force', ...attacker },
    defender: { name: 'Blue', formation: 'Blue force', ...defender },
  });
}

export type EpicCombat = Combat<Setup, State>;

export const start = (setup: Setup): EpicCombat => startCombat(epicArmageddon, setup, 1);

/** Answers the steps in order: dice for a roll, an option id for a choice, 'go' for an outcome. */
export const play = playerFor(epicArmageddon);

/** Standing units (or DC left) per entry of a side. */
export const left = (c: EpicCombat, role: 'attacker' | 'defender') =>
  c.state.setup[role].units.map((_, entry) => c.state.units[role].filter((u) => u.entry === entry).reduce((n, u) => n + u.left, 0));

/** The log's results, for matching. */
export const logText = (c: EpicCombat) => c.state.log.map((l) => `${l.title}: ${l.result}`);

export { chooseStep, n, outcomeStep, rollStep } from '../../../support/drive';
