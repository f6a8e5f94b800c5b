import { rulesRegistry } from '../../core/api/backends/rules';
import { EXIT_OK, EXIT_USAGE, type CliIo } from '../main';
import { loadScenario } from './scenarioCommand';

/** `combat-companion analyze <file|->`: the exact outcome distributions of a scenario, as JSON. */
export async function analyzeCommand(args: string[], io: CliIo): Promise<number> {
  const scenario = await loadScenario(args, io);
  if (!scenario) return EXIT_USAGE;
  const analysis = rulesRegistry.analyses[scenario.system.id];
  if (!analysis) {
    io.err(`combat-companion: there is no exact analysis for ${scenario.system.name} yet.\n`);
    return EXIT_USAGE;
  }
  const state = scenario.system.start(scenario.setup);
  // A setup the schema accepts may still be too large to count exactly: say so rather than hang.
  const tooLarge = analysis.tooLarge?.(state) ?? null;
  if (tooLarge) {
    io.err(`combat-companion: ${tooLarge}\n`);
    return EXIT_USAGE;
  }
  io.out(`${JSON.stringify(analysis.report(state), null, 2)}\n`);
  return EXIT_OK;
}
