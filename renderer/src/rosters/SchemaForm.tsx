import { useMemo } from 'react';
import { FormProvider, relativePath, type FormEnv } from '../forms/FormContext';
import { applyUpdate, type HintMap, type Json, type JsonSchema, labelChain } from '../../../core/api/viewForms';
import { ObjectFields } from '../forms/ObjectFields';

export type { JsonSchema } from '../../../core/api/viewForms';
export { initialValue } from '../../../core/api/viewForms';

/**
 * The unit editor's profile fields: the shared schema form (renderer/src/forms) over the JSON
 * Schema the host gives for a system's unit profile, every field titled in the game's words and
 * laid out in its order by the host (`roster.profileForm`), with the system's layout hints.
 */
export function ProfileFields({
  schema,
  hints,
  value,
  setValue,
  errors,
}: {
  schema: JsonSchema;
  hints: HintMap;
  value: Json;
  /** Takes the change as a function of the value before it (a state setter). */
  setValue: (change: (before: Json) => Json) => void;
  errors: Record<string, string>;
}) {
  const env = useMemo<FormEnv>(
    () => ({
      rootPath: 'profile',
      rootSchema: schema,
      errors,
      update: (path, v, removed) =>
        setValue((before) => applyUpdate(before, relativePath('profile', path), v, { schema }, removed)),
      hints,
    }),
    [schema, hints, errors, setValue],
  );
  return (
    <FormProvider env={env} value={value}>
      <ObjectFields schema={schema} value={value} path="profile" />
    </FormProvider>
  );
}

/** "profile.models[0].toughness" → "Model profile 1 — Toughness (T)", for the list of everything to fix. */
export function profileFieldInWords(schema: JsonSchema, value: Json, field: string): string {
  if (field === 'name') return 'Unit name';
  if (field === 'points') return 'Points';
  if (field === 'profile' || field === '') return 'The unit';
  return labelChain(schema, value, relativePath('profile', field)).join(' — ') || 'The unit';
}
