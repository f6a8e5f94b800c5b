import type { z } from 'zod';
import type { SystemAnalysis } from '../analysis/system';
import type { SetupLayout } from '../combat/setupLayout';
import type { RuleSystem } from '../combat/system';
import type { SystemDefinition } from './definition';
import { epicArmageddonSystem } from './epic-armageddon/definition';
import { ninthAgeSystem } from './ninth-age/definition';
import { oldWorldSystem } from './old-world/definition';
import { wh40k10eSystem } from './wh40k-10e/definition';
import { wh40k7eSystem } from './wh40k-7e/definition';

import { makeRegistry } from './registry';

export { SideRefused, type SystemDefinition, type FilledSide, type SideRequest } from './definition';
export { makeRegistry, type Registry } from './registry';

/**
 * The registry: every rule system the app knows, one line each, in the order the Combat page
 * lists them. A system is its folder (core/systems/<id>/) and its line here; everything else —
 * the rules by id, the analyses, the roster profiles, the BattleScribe import, the setup screens,
 * the command line — is derived from this list.
 */
const definitionList = [wh40k10eSystem, oldWorldSystem, wh40k7eSystem, ninthAgeSystem, epicArmageddonSystem] as const;

/** The app's registry (registry.ts): the hosts build their backends from it. */
export const registry = makeRegistry(definitionList);

type Definitions = (typeof definitionList)[number];
export type SystemId = Definitions['id'];
export const systemIds = definitionList.map((d) => d.id) as [SystemId, ...SystemId[]];

const byId = <T>(pick: (d: Definitions) => T | undefined): Readonly<Record<string, T>> =>
  Object.fromEntries(
    definitionList.flatMap((d) => {
      const value = pick(d);
      return value === undefined ? [] : [[d.id, value]];
    }),
  );

/** Every system's definition, by id. */
export const definitions: Readonly<Record<string, SystemDefinition>> = byId((d) => d as SystemDefinition);

/** Every rule system the app knows, by id. */
export const systems: Readonly<Record<string, RuleSystem>> = byId((d) => d.rules as RuleSystem);

/** Every system's setup layout, by system id (a system without one gets the plain screen its schema makes). */
export const setupLayouts: Readonly<Record<string, SetupLayout>> = byId((d) => d.setupLayout);

/** Every system's exact analysis, by system id (a system without one is simply absent). */
export const analyses: Readonly<Record<string, SystemAnalysis>> = byId((d) => d.analysis);

/** The unit profile schema of each rule system a roster can hold. */
export type ProfileSchemas = { [D in Definitions as D['id']]: D['roster']['profile'] };
export const profileSchemas = byId((d) => d.roster.profile) as unknown as ProfileSchemas;

export function getSystem(id: string): RuleSystem | undefined {
  return Object.hasOwn(systems, id) ? systems[id] : undefined;
}

export function definitionOf(id: string): SystemDefinition | undefined {
  return Object.hasOwn(definitions, id) ? definitions[id] : undefined;
}

export function isSystemId(value: unknown): value is SystemId {
  return typeof value === 'string' && Object.hasOwn(definitions, value);
}

export type ProfileOf<S extends SystemId> = z.output<ProfileSchemas[S]>;
