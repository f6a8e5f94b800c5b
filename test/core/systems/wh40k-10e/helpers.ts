import { advance, startCombat, type Combat, type Input } from '../../../../core/combat';
import { wh40k10e, type Setup, type State } from '../../../../core/systems/wh40k-10e';
import { setupSchema, type SetupInput, type WeaponInput } from '../../../../core/systems/wh40k-10e/profiles';

export type WCombat = Combat<Setup, State>;

/** A setup from partial input: one weapon against ten T4 Sv3+ W1 models by default. */
export function setupOf(
  opts: {
    weapons?: WeaponInput[];
    attacker?: Partial<SetupInput['attacker']>;
    defender?: Partial<SetupInput['defender']>;
  } = {},
): Setup {
  return setupSchema.parse({
    system: 'wh40k-10e',
    attacker: { name: 'Attackers', weapons: opts.weapons ?? [weapon()], ...opts.attacker },
    defender: { name: 'Targets', models: [{ count: 10, toughness: 4, save: 3, wounds: 1 }], ...opts.defender },
  });
}

export function weapon(w: Partial<WeaponInput> = {}): WeaponInput {
  return { name: 'Gun', attacks: 1, skill: 3, strength: 4, ap: 0, damage: 1, ...w };
}

export function start(setup: Setup, seed = 1): WCombat {
  return startCombat(wh40k10e, setup, seed);
}

/** Answers the current step: dice for a roll, an option id for a choice. */
export function inputFor(combat: WCombat, answer: number[] | string): Input {
  const step = combat.step;
  if (Array.isArray(answer)) return { kind: 'roll', stepId: step.id, dice: answer, by: 'entered' };
  return { kind: 'choose', stepId: step.id, option: answer };
}

export function play(combat: WCombat, ...answers: Array<number[] | string>): WCombat {
  let c = combat;
  answers.forEach((answer, i) => {
    const result = advance(wh40k10e, c, inputFor(c, answer));
    if (!result.ok)
      throw new Error(`answer ${i + 1} (${JSON.stringify(answer)}) at ${c.step.id}: ${result.error.message}`);
    c = result.combat;
  });
  return c;
}

/** The current step as a roll (fails the test otherwise). */
export function rollStep(combat: WCombat) {
  if (combat.step.kind !== 'roll') throw new Error(`expected a roll step, got ${JSON.stringify(combat.step)}`);
  return combat.step;
}

export function chooseStep(combat: WCombat) {
  if (combat.step.kind !== 'choose') throw new Error(`expected a choose step, got ${JSON.stringify(combat.step)}`);
  return combat.step;
}

export function finalLines(combat: WCombat): string[] {
  if (combat.step.kind !== 'outcome' || !combat.step.final)
    throw new Error(`expected the final outcome, got ${JSON.stringify(combat.step)}`);
  return combat.step.lines;
}

export const wounds = (combat: WCombat) => combat.state.models.map((m) => m.woundsLeft);
export const repeat = (face: number, n: number) => Array.from({ length: n }, () => face);
