import type { z } from 'zod';
import type { ProfileOf, SystemId } from '../../systems';
import type { Registry } from '../../systems/registry';

/**
 * The unit profiles a roster can hold: each system's own, from the registry the host gives (the
 * app's, or a test's with systems of its own).
 */
export type { ProfileOf, SystemId };

export type UnitProfile = ProfileOf<SystemId>;

/** The unit profile schema of `system`, or undefined where the registry has no such system. */
export function profileSchemaFor(registry: Registry, system: string): z.ZodType | undefined {
  return registry.definitionOf(system)?.roster.profile;
}

/** A profile stored by an earlier version, in today's terms (the system's own upgrade; unchanged where it has none). */
export function upgradedProfile(registry: Registry, system: string, profile: unknown): unknown {
  return registry.definitionOf(system)?.roster.upgradeProfile?.(profile) ?? profile;
}

/** Why a roster's system is not one here, in words (the ids the registry has). */
export const unknownSystem = (registry: Registry, system: unknown) =>
  `expected one of ${registry.ids.join(', ')}${typeof system === 'string' ? ` (not "${system.slice(0, 40)}")` : ''}`;
