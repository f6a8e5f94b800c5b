import { ResolveError, resolveScenario, TooLargeToResolve } from '../../core/scenario/resolve';
import { EXIT_OK, EXIT_TOO_LARGE, EXIT_USAGE, type CliIo } from '../io';
import type { Registry } from '../../core/systems';
import { loadScenario } from './scenarioCommand';

/**
 * `combat-companion resolve <file|->`: resolves a scenario with its seed or its dice; prints the log
 * and the final state. A scenario too large to play through is refused in words (exit code 3).
 */
export async function resolveCommand(args: string[], io: CliIo, registry: Registry): Promise<number> {
  const scenario = await loadScenario(args, io, registry);
  if (!scenario) return EXIT_USAGE;
  if (scenario.seed === undefined && scenario.dice === undefined) {
    io.err(
      'combat-companion: the scenario needs "seed": n (the app rolls) or "dice": [faces…] (used in order) to be resolved.\n',
    );
    return EXIT_USAGE;
  }
  try {
    const resolution = resolveScenario(scenario);
    io.out(`${JSON.stringify(resolution, null, 2)}\n`);
    return EXIT_OK;
  } catch (error) {
    if (error instanceof ResolveError) {
      io.err(`combat-companion: ${error.message}\n`);
      // Too large to play through: valid, but refused in words, as `analyze` refuses what it cannot count.
      return error instanceof TooLargeToResolve ? EXIT_TOO_LARGE : EXIT_USAGE;
    }
    throw error;
  }
}
