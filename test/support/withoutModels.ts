import type { CombatChain } from '../../core/analysis/combat';
import { makeRegistry, registry, type Registry } from '../../core/systems';

/**
 * The engine's own chain of a system, without its round model: the whole combat walked step by
 * step, within the budget, and past it the seeded play-outs — the round models' check, and what a
 * system without a model gets. Tests of the walk, the early give-up, the estimate and the chunks
 * use it, since with its model a system's example is exact at once.
 */
export function walked<S>(chain: CombatChain<S>): CombatChain<S> {
  return { ...chain, model: undefined };
}

/** The app's registry with every system's chain walked (see above). */
export function registryWithoutModels(from: Registry = registry): Registry {
  return makeRegistry(
    from.definitions.map((d) =>
      d.analysis?.combat ? { ...d, analysis: { ...d.analysis, combat: walked(d.analysis.combat) } } : d,
    ),
  );
}
