import { z } from 'zod';
import { profileSchemaFor, type SystemId } from './profiles';

const cache = new Map<SystemId, Record<string, unknown>>();

/**
 * A system's unit profile as JSON Schema (zod's own conversion, input side so defaults are
 * optional), for the renderer to build the unit editor's fields from. The host still validates
 * every save against the zod schema itself.
 */
export function profileFormSchema(system: SystemId): Record<string, unknown> {
  let schema = cache.get(system);
  if (!schema) {
    schema = z.toJSONSchema(profileSchemaFor(system), { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
    cache.set(system, schema);
  }
  return schema;
}
