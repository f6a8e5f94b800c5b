import type { SystemConformance } from '../../core/systems/conformance';
import type { SystemDefinition } from '../../core/systems/definition';
import { kitRegistry } from './registry';

/**
 * The systems the conformance kit runs (registry.ts: the app's and the toy dice duel), each with
 * what it declares in its own folder (conformance.ts): the kit's suites take every system from
 * here, so none lists systems by id.
 */
export { kitRegistry };

export interface UnderTest {
  id: string;
  definition: SystemDefinition;
  conformance: SystemConformance;
}

/** Every system of `from` with its declarations, in the registry's order. */
export async function underTest(from = kitRegistry): Promise<UnderTest[]> {
  return Promise.all(
    from.definitions.map(async (definition) => ({
      id: definition.id,
      definition,
      conformance: (await definition.conformance()).conformance,
    })),
  );
}

/** The systems the kit runs, with their declarations. */
export const systemsUnderTest = await underTest();

/** The systems whose combat goes on round after round (a whole-combat chain). */
export const roundByRound = systemsUnderTest.filter((s) => s.definition.analysis?.combat);
