import { noOddsBecause, withinBudget } from '../../core/analysis/guarded';
import { analyses } from '../../core/systems';
import { EXIT_OK, EXIT_TOO_LARGE, EXIT_USAGE, type CliIo } from '../io';
import { loadScenario } from './scenarioCommand';

/**
 * `combat-companion analyze <file|->`: the exact outcome distributions of a scenario, as JSON —
 * within the analysis work budget (core/analysis/budget.ts): a scenario too large to count
 * exactly is refused with the reason, never left running.
 */
export async function analyzeCommand(args: string[], io: CliIo): Promise<number> {
  const scenario = await loadScenario(args, io);
  if (!scenario) return EXIT_USAGE;
  const analysis = analyses[scenario.system.id];
  if (!analysis) {
    io.err(`combat-companion: there is no exact analysis for ${scenario.system.name} yet.\n`);
    return EXIT_USAGE;
  }
  const result = withinBudget(analysis, scenario.system.start(scenario.setup), (a, state) => a.report(state));
  if (!result.ok) {
    io.err(`combat-companion: ${noOddsBecause('no exact odds for this scenario', result.tooLarge)}\n`);
    return EXIT_TOO_LARGE;
  }
  io.out(`${JSON.stringify(result.value, null, 2)}\n`);
  return EXIT_OK;
}
