import {
  isSystemId,
  profileSchemas,
  systemIds,
  type ProfileOf,
  type ProfileSchemas,
  type SystemId,
} from '../../systems';
import { definitionOf } from '../../systems';

/** The unit profiles a roster can hold, derived from the system registry (core/systems/index.ts). */
export { isSystemId, profileSchemas, systemIds, type ProfileOf, type SystemId };

export type UnitProfile = ProfileOf<SystemId>;

export function profileSchemaFor<S extends SystemId>(system: S): ProfileSchemas[S] {
  return profileSchemas[system];
}

/** A profile stored by an earlier version, in today's terms (the system's own upgrade; unchanged where it has none). */
export function upgradedProfile(system: SystemId, profile: unknown): unknown {
  return definitionOf(system)?.roster.upgradeProfile?.(profile) ?? profile;
}
