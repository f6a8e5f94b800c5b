import type { z } from 'zod';

/** What zod keeps of a schema's definition, as far as walking into it needs. */
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  getter?: () => z.ZodType;
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** A schema with its wrappers (optional, default, nullable, a transform's input…) taken off. */
function unwrapped(schema: z.ZodType): z.ZodType {
  let s = schema;
  for (let i = 0; i < 20; i++) {
    const def = defOf(s);
    const inner =
      def.innerType ?? (def.type === 'pipe' ? def.in : undefined) ?? (def.type === 'lazy' ? def.getter?.() : undefined);
    if (!inner) return s;
    s = inner;
  }
  return s;
}

/** The zod schema of the value at a path of an object ("attacker", "units", 0 …), or undefined where the schema has no such place. */
export function schemaAt(schema: z.ZodType, path: ReadonlyArray<string | number>): z.ZodType | undefined {
  let s: z.ZodType | undefined = schema;
  for (const part of path) {
    if (!s) return undefined;
    const def = defOf(unwrapped(s));
    s = typeof part === 'number' ? def.element : def.shape?.[part];
  }
  return s;
}
