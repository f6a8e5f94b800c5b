import { z } from 'zod';
import type { RuleSystem } from './system';

export interface SetupForm {
  /** The setup schema as JSON Schema, input side (fields with defaults are optional), with each field's `title`/`description`. */
  schema: Record<string, unknown>;
  /** A typical setup to start from, or null when the system gives none. */
  example: Record<string, unknown> | null;
}

const cache = new WeakMap<RuleSystem, SetupForm>();

/**
 * What one shared setup screen needs to build a system's form: its setup schema as JSON Schema
 * (zod's own conversion, like the roster editor's unit profiles) and the system's example setup.
 * The host still validates the setup against the zod schema when the combat starts.
 */
export function setupFormOf(system: RuleSystem): SetupForm {
  let form = cache.get(system);
  if (!form) {
    form = {
      schema: z.toJSONSchema(system.setupSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>,
      // Plain data the hosts copy as they send it (IPC, postMessage); nobody mutates it.
      example: system.exampleSetup ? (system.exampleSetup as Record<string, unknown>) : null,
    };
    cache.set(system, form);
  }
  return form;
}
