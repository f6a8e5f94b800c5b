import type { z } from 'zod';
import { epicArmageddonProfileSchema } from './epic-armageddon';
import { ninthAgeProfileSchema } from './ninth-age';
import { oldWorldProfileSchema } from './old-world';
import { wh40k10eProfileSchema } from './wh40k-10e';
import { wh40k7eProfileSchema } from './wh40k-7e';

export * from './epic-armageddon';
export * from './ninth-age';
export * from './old-world';
export * from './wh40k-10e';
export * from './wh40k-7e';

/**
 * The unit profile schema of each rule system a roster can hold. Until a system has its own
 * profiles under core/systems/<id>/, its roster profile lives here.
 */
export const profileSchemas = {
  'wh40k-10e': wh40k10eProfileSchema,
  'wh40k-7e': wh40k7eProfileSchema,
  'old-world': oldWorldProfileSchema,
  'epic-armageddon': epicArmageddonProfileSchema,
  'ninth-age': ninthAgeProfileSchema,
} as const;

export type SystemId = keyof typeof profileSchemas;
export const systemIds = Object.keys(profileSchemas) as [SystemId, ...SystemId[]];

export type ProfileOf<S extends SystemId> = z.output<(typeof profileSchemas)[S]>;
export type UnitProfile = ProfileOf<SystemId>;

export function isSystemId(value: unknown): value is SystemId {
  return typeof value === 'string' && Object.hasOwn(profileSchemas, value);
}

export function profileSchemaFor<S extends SystemId>(system: S): (typeof profileSchemas)[S] {
  return profileSchemas[system];
}
