import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import {
  type FieldHint,
  hintFor,
  type HintMap,
  type Json,
  type JsonSchema,
  type LabelFallback,
} from '../../../core/api/viewForms';

/**
 * What every field of one form shares. It stays the same object while the player types (only the
 * host's problems change it), so a field redraws only when its own value changes; the few fields
 * that read the whole value (a choice of the other side's units) take it from `useRootValue`.
 */
export interface FormEnv {
  /** The path of the form's value in the host's problems: "profile" (a unit), "setup" (a combat). */
  rootPath: string;
  rootSchema: JsonSchema;
  /** The host's problems by field path (with the root path), messages without the path. */
  errors: Record<string, string>;
  /** Sets the field at a path (with the root path); `removed` says which item of a list just went. */
  update: (path: string, value: Json, removed?: number) => void;
  /** Hints by pattern, relative to the root ("attacker.weapons[]"). */
  hints?: HintMap;
  /** The names of the two sides, for hints that say `{side}` / `{other}`. */
  sides?: readonly string[];
  /** Names for fields whose schema has no title. */
  fallback?: LabelFallback;
  /** The order the form prefers for an object's fields (after those its hint lists). */
  order?: (keys: string[]) => string[];
  /** The word for one item of a list whose schema names none. */
  itemNoun?: (listKey: string) => string | undefined;
  /** Extra buttons on a list item's header ("From roster"), given the item's full path. */
  ItemActions?: ComponentType<{ path: string }>;
}

const Env = createContext<FormEnv | null>(null);
const Root = createContext<Json>(undefined);

/** One form: what its fields share, and its whole value. */
export function FormProvider({ env, value, children }: { env: FormEnv; value: Json; children: ReactNode }) {
  return (
    <Env.Provider value={env}>
      <Root.Provider value={value}>{children}</Root.Provider>
    </Env.Provider>
  );
}

export function useFormEnv(): FormEnv {
  const env = useContext(Env);
  if (!env) throw new Error('A schema form field is drawn outside its form (FormProvider).');
  return env;
}

const Nothing = createContext<Json>(undefined);

/**
 * The form's whole value when `needed` (the caller then redraws on every change: only the few
 * fields that point into the form need it), else undefined. `needed` must not change over the
 * caller's life (it comes from the field's hint).
 */
export const useRootIf = (needed: boolean): Json => useContext(needed ? Root : Nothing);

/** The path relative to the form's root, as hints name it: "setup.attacker.name" → "attacker.name". */
export function relativePath(rootPath: string, path: string): string {
  if (path === rootPath) return '';
  return path.startsWith(`${rootPath}.`)
    ? path.slice(rootPath.length + 1)
    : path.startsWith(`${rootPath}[`)
      ? path.slice(rootPath.length)
      : path;
}

export function useHint(path: string): FieldHint {
  const env = useFormEnv();
  return hintFor(env.hints, relativePath(env.rootPath, path));
}

/** The first problem at or under a path (a choice stored as several numbers shows them as one). */
export function errorUnder(errors: Record<string, string>, path: string): string | undefined {
  if (errors[path]) return errors[path];
  const key = Object.keys(errors).find((k) => k.startsWith(`${path}.`) || k.startsWith(`${path}[`));
  return key ? errors[key] : undefined;
}
