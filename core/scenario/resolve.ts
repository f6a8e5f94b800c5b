import { advance, replay, rollForMe, startCombat, type Combat } from '../combat/engine';
import { collectDice } from '../combat/rollGroups';
import { pausedAt, type Input } from '../combat/steps';
import type { CombatView } from '../combat/view';
import { DiceEntryError, enteredDice } from '../dice/source';
import type { Scenario } from './scenario';

export interface Resolution {
  system: string;
  seed: number;
  inputs: Input[];
  view: CombatView;
  /** The final outcome's lines; none for a combat paused between rounds. */
  outcome: string[];
  /** Where the entered dice leave the combat paused between rounds (steps.ts `pause`), its words. */
  paused?: string;
}

export class ResolveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ResolveError';
  }
}

/** A valid scenario too large to play through step by step (the CLI exits with 3, as `analyze` does for what it cannot count). */
export class TooLargeToResolve extends ResolveError {
  constructor(message: string) {
    super(message);
    this.name = 'TooLargeToResolve';
  }
}

/**
 * Resolves a scenario to the end without anyone at the table: roll steps take the scenario's
 * entered dice in order (or the seeded generator when it gives a seed), choices take the option
 * the system suggests (else the first), outcomes are acknowledged.
 */
export function resolveScenario({ system, setup, seed, dice }: Scenario, maxSteps = 100_000): Resolution {
  const tooLarge = system.tooLargeToPlay?.(setup) ?? null;
  if (tooLarge !== null) throw new TooLargeToResolve(`no step-by-step resolution for this scenario: ${tooLarge}`);
  let combat: Combat = startCombat(system, setup, seed ?? 0);
  const entered = dice ? enteredDice(dice) : null;
  for (let steps = 0; steps < maxSteps; steps++) {
    const step = combat.step;
    if (step.kind === 'outcome' && step.final) {
      if (entered && entered.remaining() > 0)
        throw new ResolveError(`The combat ended with ${entered.remaining()} of the given dice unused.`);
      return { ...resolutionOf(system, combat), outcome: step.lines };
    }
    let input: Input;
    if (step.kind === 'roll') {
      if (entered) {
        let faces: number[];
        try {
          // A step taking several kinds of dice (a Damage D3 and Feel No Pain D6s) takes them group by
          // group; a chained group as many as the dice before it call for.
          faces = collectDice(step, (g, count) => {
            if (entered.remaining() < count)
              throw new ResolveError(
                `Ran out of dice at "${step.title}": ${step.groups ? `${g.label} needs` : 'it needs'} ${count}, ${entered.remaining()} left.`,
              );
            return entered.roll(count, g.sides);
          }).flat();
        } catch (error) {
          if (error instanceof DiceEntryError) throw new ResolveError(`At "${step.title}": ${error.message}`);
          throw error;
        }
        input = { kind: 'roll', stepId: step.id, dice: faces, by: 'entered' };
      } else {
        input = rollForMe(combat);
      }
    } else if (step.kind === 'choose') {
      // The entered dice end where the players may pause: the combat is fought on next turn (a paused combat).
      const paused = entered && entered.remaining() === 0 ? pausedAt(step).paused : undefined;
      if (paused) return { ...resolutionOf(system, combat), outcome: [], paused };
      input = {
        kind: 'choose',
        stepId: step.id,
        option: (step.options.find((o) => o.suggested) ?? step.options[0]!).id,
      };
    } else {
      input = { kind: 'continue', stepId: step.id };
    }
    const result = advance(system, combat, input);
    if (!result.ok) throw new ResolveError(`At "${step.title}": ${result.error.message}`);
    combat = result.combat;
  }
  throw new ResolveError(`The combat did not end within ${maxSteps} steps.`);
}

function resolutionOf(system: Scenario['system'], combat: Combat): Omit<Resolution, 'outcome'> {
  return { system: system.id, seed: combat.log.seed, inputs: combat.log.inputs, view: system.view(combat.state) };
}

/**
 * Where a scenario's entered dice leave its combat paused between rounds (a combat to be fought on
 * next turn): its state there and the pause's words — what `analyze` gives the odds from. Null for
 * a scenario without dice, or whose dice end anywhere else (its odds are from the start).
 */
export function pausedPosition(scenario: Scenario): { state: unknown; paused: string } | null {
  if (!scenario.dice) return null;
  let resolution: Resolution;
  try {
    resolution = resolveScenario(scenario);
  } catch {
    return null;
  }
  if (!resolution.paused) return null;
  const { system, setup } = scenario;
  const combat = replay(system, { system: system.id, setup, seed: resolution.seed, inputs: resolution.inputs });
  return { state: combat.state, paused: resolution.paused };
}
