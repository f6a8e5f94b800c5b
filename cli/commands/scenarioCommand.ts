import type { Registry } from '../../core/systems';
import { readScenario, type Scenario } from '../../core/scenario/scenario';
import { InputFileError, readJson } from '../readJson';
import type { CliIo } from '../io';

/** Reads and validates the scenario named on the command line; prints every problem and returns null when it is bad. */
export async function loadScenario(args: string[], io: CliIo, registry: Registry): Promise<Scenario | null> {
  let json: unknown;
  try {
    json = await readJson(args[0], io.stdin);
  } catch (error) {
    if (error instanceof InputFileError) {
      io.err(`combat-companion: ${error.message}\n`);
      return null;
    }
    throw error;
  }
  const result = readScenario(json, registry.systems);
  if (!result.ok) {
    io.err(
      `combat-companion: the scenario is not valid:\n${result.problems.map((p) => `  ${p.message}`).join('\n')}\n`,
    );
    return null;
  }
  return result.scenario;
}
