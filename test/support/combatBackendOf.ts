import { createCombatBackend, type CombatBackendDeps } from '../../core/api/backends/combat';
import { createOddsService, type OddsServiceDeps } from '../../core/api/backends/odds/service';

/**
 * A combat backend from a test's own systems and analysis, its odds worked out in this thread
 * (core/api/backends/odds/service.ts) as the hosts' default.
 */
export function combatBackendOf(
  deps: Omit<CombatBackendDeps, 'odds'> & Pick<OddsServiceDeps, 'analyze' | 'wholeCombatInChunks' | 'pause'>,
) {
  const { analyze, wholeCombatInChunks, pause, ...rest } = deps;
  const odds = createOddsService({
    systems: deps.systems,
    analyze,
    ...(wholeCombatInChunks ? { wholeCombatInChunks } : {}),
    ...(pause ? { pause } : {}),
    ...(deps.maxOpen ? { maxOpen: deps.maxOpen } : {}),
  });
  return createCombatBackend({ ...rest, odds });
}
