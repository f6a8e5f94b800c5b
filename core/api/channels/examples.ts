import { registry, type SystemId } from '../../systems';

/**
 * What the contract's examples are made of (its documentation; a test store seeded with them
 * answers every one): the registry's first system and its own example data, so the contract names
 * no system of its own.
 */
export const exampleSystem = registry.definitions[0]!;
export const exampleSystemId = exampleSystem.id as SystemId;
/** A unit profile of that system, as a roster keeps it. */
export const exampleProfile = exampleSystem.roster.exampleProfile as Record<string, unknown>;
/** A setup of that system, as its setup screen starts from it. */
export const exampleSetup = {
  system: exampleSystem.id,
  ...(exampleSystem.rules.exampleSetup as Record<string, unknown>),
};
