import { wholeCombatOf } from '../../core/analysis/combat';
import { noOddsBecause, withinBudget } from '../../core/analysis/guarded';
import type { Registry } from '../../core/systems';
import { EXIT_OK, EXIT_TOO_LARGE, EXIT_USAGE, type CliIo } from '../io';
import { pausedPosition } from '../../core/scenario/resolve';
import { loadScenario } from './scenarioCommand';

/**
 * `combat-companion analyze <file|->`: the exact outcome distributions of a scenario, as JSON —
 * within the analysis work budget (core/analysis/budget.ts): a scenario too large to count
 * exactly is refused with the reason, never left running. Beside the round's figures, for the games
 * fought round after round, `combat`: the odds of the whole combat (core/analysis/combat), exact or
 * marked as an estimate; 40k 10th edition's attack sequence is one round, so it has none.
 */
export async function analyzeCommand(args: string[], io: CliIo, registry: Registry): Promise<number> {
  const scenario = await loadScenario(args, io, registry);
  if (!scenario) return EXIT_USAGE;
  const analysis = registry.analyses[scenario.system.id];
  if (!analysis) {
    io.err(`combat-companion: there is no exact analysis for ${scenario.system.name} yet.\n`);
    return EXIT_USAGE;
  }
  // A combat the scenario's dice leave paused between rounds is analysed from there (fought on next turn).
  const paused = pausedPosition(scenario);
  const state = paused ? paused.state : scenario.system.start(scenario.setup);
  const result = withinBudget(analysis, state, (a, s) => a.report(s));
  if (!result.ok) {
    io.err(`combat-companion: ${noOddsBecause('no exact odds for this scenario', result.tooLarge)}\n`);
    return EXIT_TOO_LARGE;
  }
  const combat = wholeCombatOf(analysis, state);
  const report =
    combat === null
      ? { ...result.value, ...(paused ? { paused: paused.paused } : {}) }
      : {
          ...result.value,
          ...(paused ? { paused: paused.paused } : {}),
          combat: combat.ok
            ? combat.odds
            : { tooLarge: noOddsBecause('No odds for the whole combat', combat.tooLarge) },
        };
  io.out(`${JSON.stringify(report, null, 2)}\n`);
  return EXIT_OK;
}
