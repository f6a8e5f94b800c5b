import { z } from 'zod';
import { NOTES_MAX } from '../validation/fields';

export { NOTES_MAX };
import type { FieldProblem } from '../validation/issues';
import { fieldProblems } from '../validation/issues';
import type { Registry } from '../systems/registry';
import { name, record, stat } from '../validation/profileFields';
import { profileSchemaFor, unknownSystem, type UnitProfile } from './profiles';

/** Roster and unit documents: what the store keeps and what the contract exchanges. */

export const idSchema = z
  .string({ error: 'expected an id' })
  .trim()
  .min(1, 'expected an id')
  .max(100, 'expected an id of at most 100 characters');

export const timestampSchema = z.iso.datetime({ error: 'expected a date and time such as 2024-05-01T18:30:00.000Z' });

/**
 * A rule system's id as documents carry it: which ids are systems is the registry's to say (the
 * backends and the import check it against the one the host gives them).
 */
export const systemIdSchema = z
  .string({ error: 'expected a rule system' })
  .min(1, 'expected a rule system')
  .max(40, 'expected a rule system id of at most 40 characters');

/** What the player edits on a roster. */
/** Free text the player keeps with a roster or a unit (and what an import could not map). */
const notesText = () =>
  z.string({ error: 'expected text' }).max(NOTES_MAX, 'expected notes of at most 10,000 characters').default('');

export const rosterFieldsSchema = record({
  name: name(),
  system: systemIdSchema,
  /** The army's points limit; null when the game has none. */
  pointsLimit: stat(0, 100_000).nullable().default(null),
  notes: notesText(),
});
export type RosterFields = z.output<typeof rosterFieldsSchema>;

export interface Roster extends RosterFields {
  id: string;
  createdAt: string;
  updatedAt: string;
  /** When the roster or one of its units was last saved; "sort by last used". */
  lastUsedAt: string;
}

/** A roster in a list: no units, but how many. */
export interface RosterSummary extends Roster {
  unitCount: number;
}

/**
 * What the player edits on a unit. The profile's shape depends on the roster's system, so it is
 * checked against that system's schema by `checkUnit`, not here.
 */
export const unitFieldsSchema = record({
  name: name(),
  /** Points cost; null when not costed. */
  points: stat(0, 100_000).nullable().default(null),
  /**
   * What the profile has no field for: ability text, wargear, a roster editor's rules an import
   * could not map. Absent in files and stores written before units had notes.
   */
  notes: notesText(),
  profile: z.unknown(),
});
export type UnitFields = Omit<z.output<typeof unitFieldsSchema>, 'profile'> & { profile: UnitProfile };

export interface Unit extends UnitFields {
  id: string;
  rosterId: string;
  /** Order within the roster, 0-based. */
  position: number;
  createdAt: string;
  updatedAt: string;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; problems: FieldProblem[] };

/**
 * Validates a unit for a roster of `system`: its own fields and its profile against the system's
 * schema, reporting every problem with its path (`profile.models[0].toughness`).
 */
export function checkUnit(registry: Registry, system: string, input: unknown): Checked<UnitFields> {
  const schema = profileSchemaFor(registry, system);
  if (!schema)
    return { ok: false, problems: [{ field: 'system', message: `system: ${unknownSystem(registry, system)}` }] };
  const fields = unitFieldsSchema.safeParse(input);
  const profileInput = isObject(input) ? input['profile'] : undefined;
  const profile = schema.safeParse(profileInput);
  const issues = [
    ...(fields.success ? [] : fields.error.issues),
    ...(profile.success ? [] : prefixIssues(profile.error.issues, ['profile'])),
  ];
  if (!fields.success || !profile.success) return { ok: false, problems: problemsOf(issues) };
  return { ok: true, value: { ...fields.data, profile: profile.data as UnitProfile } };
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function prefixIssues(issues: readonly z.core.$ZodIssue[], prefix: PropertyKey[]): z.core.$ZodIssue[] {
  return issues.map((issue) => ({ ...issue, path: [...prefix, ...issue.path] }));
}

export function problemsOf(issues: readonly z.core.$ZodIssue[]): FieldProblem[] {
  return fieldProblems(new z.ZodError([...issues]));
}
