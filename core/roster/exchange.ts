import { z } from 'zod';
import type { FieldProblem } from '../validation/issues';
import {
  idSchema,
  isObject,
  prefixIssues,
  problemsOf,
  rosterFieldsSchema,
  timestampSchema,
  unitFieldsSchema,
  type Checked,
  type Roster,
  type Unit,
} from './documents';
import type { Registry } from '../systems/registry';
import { profileSchemaFor, unknownSystem, upgradedProfile, type UnitProfile } from './profiles';
import { list, record } from '../validation/profileFields';

/**
 * The `.ccroster.json` file: one or more rosters with their units, versioned so a later app can
 * read an older file (and an older app can say plainly that a file is too new).
 */
export const ROSTER_FILE_FORMAT = 'combat-companion.roster';
/**
 * 2: old-world units use the 6th edition's troop types (profiles/old-world.ts). A version 1 file
 * is still read: its units are put in today's terms before they are checked.
 */
export const ROSTER_FILE_VERSION = 2;
const READABLE_VERSIONS = [1, 2] as const;
export const ROSTER_FILE_EXTENSION = '.ccroster.json';

const exportedUnitSchema = unitFieldsSchema.extend({
  id: idSchema,
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});

/** A roster is an army: 500 units is far more than any game fields. */
export const MAX_UNITS_PER_ROSTER = 500;
export const MAX_ROSTERS_PER_FILE = 1000;
/**
 * Units in one file, all rosters together: a player's whole collection exported at once (50
 * armies of 40 units) fits; a file past it is refused before a single unit is checked, so
 * importing a file is bounded work however large it is (issue 26: 100,000 empty units were all
 * checked, one by one). A file at the cap is checked and stored in about a second
 * (test/bench/hostile.bench.ts).
 */
export const MAX_UNITS_PER_FILE = 2_000;
/**
 * The check stops after this many problems (a file that broken is not fixed one problem at a
 * time), and says where it stopped: 2,000 wrong units would otherwise take a second and more.
 */
export const MAX_PROBLEMS_CHECKED = 500;

const exportedRosterSchema = rosterFieldsSchema.extend({
  id: idSchema,
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  /** In roster order. */
  units: list(exportedUnitSchema, 0, MAX_UNITS_PER_ROSTER, 'units'),
});

const rosterFileShape = record({
  format: z.literal(ROSTER_FILE_FORMAT, {
    error: `expected "${ROSTER_FILE_FORMAT}": this is not a Combat Companion roster file`,
  }),
  version: z.union(
    READABLE_VERSIONS.map((v) => z.literal(v)),
    { error: `expected version ${READABLE_VERSIONS.join(' or ')}` },
  ),
  exportedAt: timestampSchema,
  rosters: list(exportedRosterSchema, 0, MAX_ROSTERS_PER_FILE, 'rosters'),
});

// Type aliases rather than interfaces: they fit the contract's loose (index-signature) schemas.
export type ExportedUnit = Omit<Unit, 'rosterId' | 'position'>;
export type ExportedRoster = Omit<Roster, 'lastUsedAt'> & { units: ExportedUnit[] };
export type RosterFile = {
  format: typeof ROSTER_FILE_FORMAT;
  version: typeof ROSTER_FILE_VERSION;
  exportedAt: string;
  rosters: ExportedRoster[];
};

/**
 * A roster's own fields as a file keeps them, each named (never a spread, so nothing else slips
 * in): all but when it was last used; its units go apart. The store reads a file's roster back by
 * the same list.
 */
export function exportedRosterFields(roster: Omit<ExportedRoster, 'units'>): Omit<ExportedRoster, 'units'> {
  return {
    id: roster.id,
    name: roster.name,
    system: roster.system,
    pointsLimit: roster.pointsLimit,
    notes: roster.notes,
    createdAt: roster.createdAt,
    updatedAt: roster.updatedAt,
  };
}

/** The file for some rosters and their units (units in roster order). */
export function buildRosterFile(
  rosters: readonly { roster: Roster; units: readonly Unit[] }[],
  exportedAt: string,
): RosterFile {
  return {
    format: ROSTER_FILE_FORMAT,
    version: ROSTER_FILE_VERSION,
    exportedAt,
    rosters: rosters.map(({ roster, units }) => ({
      ...exportedRosterFields(roster),
      units: [...units]
        .sort((a, b) => a.position - b.position)
        .map((unit) => ({
          id: unit.id,
          name: unit.name,
          points: unit.points,
          notes: unit.notes,
          profile: unit.profile,
          createdAt: unit.createdAt,
          updatedAt: unit.updatedAt,
        })),
    })),
  };
}

/** A roster's system is not one here: said once, in the registry's words, in place of the shape's own. */
function systemIssue(issues: z.core.$ZodIssue[], r: number, message: string): void {
  const at = (i: z.core.$ZodIssue) =>
    i.path.length === 3 && i.path[0] === 'rosters' && i.path[1] === r && i.path[2] === 'system';
  const shapes = issues.findIndex(at);
  const issue = { code: 'custom' as const, path: ['rosters', r, 'system'], message, input: undefined };
  if (shapes >= 0) issues.splice(shapes, 1, issue);
  else issues.push(issue);
}

/**
 * Validates a whole roster file and reports ALL its problems with their paths
 * (`rosters[0].units[3].profile.models[0].toughness: expected a number from 1 to 30`), so the
 * player can fix the file in one go. Each unit's profile is checked against its roster's system.
 */
export function parseRosterFile(data: unknown, registry: Registry): Checked<RosterFile> {
  if (isObject(data) && typeof data['version'] === 'number' && data['version'] > ROSTER_FILE_VERSION) {
    return {
      ok: false,
      problems: [
        {
          field: 'version',
          message: `version: this file was written by a newer Combat Companion (file version ${data['version']}); this one reads version ${ROSTER_FILE_VERSION}`,
        },
      ],
    };
  }
  const oversized = sizeProblems(data);
  if (oversized.length > 0) return { ok: false, problems: oversized };
  const shape = rosterFileShape.safeParse(data);
  const issues: z.core.$ZodIssue[] = shape.success ? [] : [...shape.error.issues];
  const profiles = new Map<string, UnitProfile>();

  const rosters = isObject(data) && Array.isArray(data['rosters']) ? (data['rosters'] as unknown[]) : [];
  const rosterIds = new Map<string, string>();
  const unitIds = new Map<string, string>();
  let stoppedAt: string | null = null;
  rosters.forEach((roster, r) => {
    if (!isObject(roster) || stoppedAt) return;
    duplicate(roster['id'], `rosters[${r}]`, rosterIds, ['rosters', r, 'id'], issues);
    const system = roster['system'];
    if (!registry.has(system)) systemIssue(issues, r, unknownSystem(registry, system));
    const units = Array.isArray(roster['units']) ? (roster['units'] as unknown[]) : [];
    units.forEach((unit, u) => {
      if (stoppedAt) return;
      if (issues.length >= MAX_PROBLEMS_CHECKED) {
        stoppedAt = `rosters[${r}].units[${u}]`;
        return;
      }
      if (!isObject(unit)) return;
      duplicate(unit['id'], `rosters[${r}].units[${u}]`, unitIds, ['rosters', r, 'units', u, 'id'], issues);
      // A profile can only be judged once the roster's system is known.
      const schema = typeof system === 'string' ? profileSchemaFor(registry, system) : undefined;
      if (!schema) return;
      const profile = schema.safeParse(upgradedProfile(registry, system as string, unit['profile']));
      if (profile.success) profiles.set(`${r}/${u}`, profile.data as UnitProfile);
      else issues.push(...prefixIssues(profile.error.issues, ['rosters', r, 'units', u, 'profile']));
    });
  });

  if (stoppedAt) {
    const problems = sortProblems(problemsOf(issues));
    problems.push({
      field: 'rosters',
      message: `rosters: the check stopped after ${MAX_PROBLEMS_CHECKED} problems, at ${stoppedAt}; fix these and check the file again for the rest`,
    });
    return { ok: false, problems };
  }
  if (!shape.success || issues.length > 0) return { ok: false, problems: sortProblems(problemsOf(issues)) };
  const file: RosterFile = {
    ...shape.data,
    version: ROSTER_FILE_VERSION,
    rosters: shape.data.rosters.map((roster, r) => ({
      ...roster,
      units: roster.units.map((unit, u) => ({ ...unit, profile: profiles.get(`${r}/${u}`) as UnitProfile })),
    })),
  };
  return { ok: true, value: file };
}

/**
 * The file's lists past their caps, counted without looking inside them: such a file is refused on
 * its size alone, with one problem per list that is too long, and none of its units is checked.
 */
function sizeProblems(data: unknown): FieldProblem[] {
  if (!isObject(data) || !Array.isArray(data['rosters'])) return [];
  const rosters = data['rosters'] as unknown[];
  const count = (n: number) => n.toLocaleString('en-US');
  if (rosters.length > MAX_ROSTERS_PER_FILE) {
    return [
      {
        field: 'rosters',
        message: `rosters: expected at most ${count(MAX_ROSTERS_PER_FILE)} rosters in one file; this one has ${count(rosters.length)}`,
      },
    ];
  }
  const problems: FieldProblem[] = [];
  let total = 0;
  rosters.forEach((roster, r) => {
    const units = isObject(roster) && Array.isArray(roster['units']) ? (roster['units'] as unknown[]).length : 0;
    total += units;
    if (units > MAX_UNITS_PER_ROSTER) {
      problems.push({
        field: `rosters[${r}].units`,
        message: `rosters[${r}].units: expected at most ${count(MAX_UNITS_PER_ROSTER)} units in a roster; this one has ${count(units)}`,
      });
    }
  });
  if (problems.length === 0 && total > MAX_UNITS_PER_FILE) {
    problems.push({
      field: 'rosters',
      message: `rosters: expected at most ${count(MAX_UNITS_PER_FILE)} units in one file, all rosters together; this one has ${count(total)}`,
    });
  }
  return problems;
}

/** Ids must be unique in the file: an import keeps them. */
function duplicate(
  id: unknown,
  where: string,
  seen: Map<string, string>,
  path: PropertyKey[],
  issues: z.core.$ZodIssue[],
): void {
  if (typeof id !== 'string') return;
  const first = seen.get(id.trim());
  if (first !== undefined) {
    issues.push({ code: 'custom', path, message: `duplicate id "${id}": ${first} has it too`, input: id });
    return;
  }
  seen.set(id.trim(), where);
}

/**
 * Problems grouped by roster and unit (the file's lists), in the order found within each, so the
 * list reads top to bottom however the checks ran.
 */
function sortProblems(problems: FieldProblem[]): FieldProblem[] {
  const indices = (field: string) => [...field.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
  const compare = (a: number[], b: number[]): number => {
    for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return (a[i] ?? 0) - (b[i] ?? 0);
    return a.length - b.length;
  };
  return problems
    .map((problem, order) => ({ problem, order, at: indices(problem.field) }))
    .sort((a, b) => compare(a.at, b.at) || a.order - b.order)
    .map(({ problem }) => problem);
}
