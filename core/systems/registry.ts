import type { SystemAnalysis } from '../analysis/system';
import type { SetupLayout } from '../combat/setupLayout';
import type { RuleSystem } from '../combat/system';
import type { SystemDefinition } from './definition';

/**
 * A registry of rule systems: everything per system the hosts need, derived from a list of
 * definitions. The app's own is `registry` (core/systems/index.ts); a host builds its backends
 * from the registry it is given (a test may give one with a system of its own), so no backend
 * imports the list of systems.
 */
export interface Registry {
  /** The definitions, in the order the Combat page lists them. */
  readonly definitions: readonly SystemDefinition[];
  readonly ids: readonly string[];
  /** Every system's rules, by id. */
  readonly systems: Readonly<Record<string, RuleSystem>>;
  /** Every system's exact analysis, by id (a system without one is absent). */
  readonly analyses: Readonly<Record<string, SystemAnalysis>>;
  /** Every system's setup layout, by id (a system without one gets the plain screen its schema makes). */
  readonly setupLayouts: Readonly<Record<string, SetupLayout>>;
  definitionOf(id: string): SystemDefinition | undefined;
  has(id: unknown): id is string;
}

/** What `pick` gives for each definition, by id (definitions it gives nothing for are left out). */
function byId<T>(definitions: readonly SystemDefinition[], pick: (d: SystemDefinition) => T | undefined) {
  return Object.fromEntries(
    definitions.flatMap((d) => {
      const value = pick(d);
      return value === undefined ? [] : [[d.id, value]];
    }),
  ) as Readonly<Record<string, T>>;
}

export function makeRegistry(definitions: readonly SystemDefinition[]): Registry {
  const byIds = byId(definitions, (d) => d);
  const has = (id: unknown): id is string => typeof id === 'string' && Object.hasOwn(byIds, id);
  return {
    definitions,
    ids: definitions.map((d) => d.id),
    systems: byId(definitions, (d) => d.rules as RuleSystem),
    analyses: byId(definitions, (d) => d.analysis),
    setupLayouts: byId(definitions, (d) => d.setupLayout),
    definitionOf: (id) => (has(id) ? byIds[id] : undefined),
    has,
  };
}
