import { advance, startCombat, type Combat } from '../../../../core/combat/engine';
import type { ChooseStep, Input, OutcomeStep, RollStep } from '../../../../core/combat/steps';
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
export function play(combat: EpicCombat, ...answers: Array<number[] | string>): EpicCombat {
  let c = combat;
  for (const answer of answers) {
    const step = c.step;
    let input: Input;
    if (Array.isArray(answer)) input = { kind: 'roll', stepId: step.id, dice: answer, by: 'entered' };
    else if (answer === 'go') input = { kind: 'continue', stepId: step.id };
    else input = { kind: 'choose', stepId: step.id, option: answer };
    const r = advance(epicArmageddon, c, input);
    if (!r.ok) throw new Error(`at "${step.title}": ${r.error.message}`);
    c = r.combat;
  }
  return c;
}

export function rollStep(c: EpicCombat): RollStep {
  if (c.step.kind !== 'roll') throw new Error(`expected a roll, got ${c.step.kind}: ${c.step.title}`);
  return c.step;
}
export function chooseStep(c: EpicCombat): ChooseStep {
  if (c.step.kind !== 'choose') throw new Error(`expected a choice, got ${c.step.kind}: ${c.step.title}`);
  return c.step;
}
export function outcomeStep(c: EpicCombat): OutcomeStep {
  if (c.step.kind !== 'outcome') throw new Error(`expected an outcome, got ${c.step.kind}: ${c.step.title}`);
  return c.step;
}

/** Standing units (or DC left) per entry of a side. */
export const left = (c: EpicCombat, role: 'attacker' | 'defender') =>
  c.state.setup[role].units.map((_, entry) => c.state.units[role].filter((u) => u.entry === entry).reduce((n, u) => n + u.left, 0));

/** The log's results, for matching. */
export const logText = (c: EpicCombat) => c.state.log.map((l) => `${l.title}: ${l.result}`);
