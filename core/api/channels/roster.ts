import { z } from 'zod';
import { hintMapSchema } from '../../combat/setupLayout';
import { channel } from '../channel';
import { exampleProfile, exampleSystemId } from './examples';
import { idSchema, rosterFieldsSchema, systemIdSchema, unitFieldsSchema } from '../../roster/documents';
import { ROSTER_FILE_FORMAT, ROSTER_FILE_VERSION } from '../../roster/exchange';
import { name, stat } from '../../validation/profileFields';
import { MAX_FILE_BYTES, toBase64 } from '../../roster/import';
import { strToU8 } from 'fflate';
import { payloadProblem, ROSTER_FILE_CAPS } from '../payloadBounds';

/**
 * Rosters, their units, roster files and the combat history. Ids are made by the host. A unit's
 * profile is checked in the backend against its roster's system (the request alone cannot say
 * which schema applies), with every problem reported by path.
 */

const timestamp = z.string();

export const rosterSchema = z.object({
  id: z.string(),
  name: z.string(),
  system: systemIdSchema,
  pointsLimit: z.number().nullable(),
  notes: z.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
  lastUsedAt: timestamp,
});
export const rosterSummarySchema = rosterSchema.extend({ unitCount: z.number().int() });

export const unitSchema = z.object({
  id: z.string(),
  rosterId: z.string(),
  name: z.string(),
  points: z.number().nullable(),
  notes: z.string(),
  position: z.number().int(),
  profile: z.record(z.string(), z.unknown()),
  createdAt: timestamp,
  updatedAt: timestamp,
});

/** The roster file as it crosses the boundary; its content was built or checked by core/roster. */
export const rosterFileSchema = z.looseObject({
  format: z.literal(ROSTER_FILE_FORMAT),
  version: z.literal(ROSTER_FILE_VERSION),
  exportedAt: timestamp,
  rosters: z.array(
    z.looseObject({ id: z.string(), name: z.string(), units: z.array(z.looseObject({ id: z.string() })) }),
  ),
});

export const fieldProblemSchema = z.object({ field: z.string(), message: z.string() });

export const combatSummarySchema = z.object({
  id: z.string(),
  system: z.string(),
  title: z.string(),
  startedAt: timestamp,
  updatedAt: timestamp,
  finishedAt: timestamp.nullable(),
  seed: z.number(),
  summary: z.string().nullable(),
  rosterIds: z.array(z.string()),
  inputCount: z.number().int(),
});
export const combatRecordSchema = combatSummarySchema.extend({
  setup: z.unknown(),
  inputs: z.array(z.unknown()),
});

const byId = (what: string) => z.object({ id: idSchema.describe(`the ${what}'s id`) }).strict();
const jsonObject = z.record(z.string(), z.unknown(), { error: 'expected an object' });
/**
 * A roster file as the import takes it: an object of at most ROSTER_FILE_CAPS (a whole club's
 * store exported is a few MB), refused in words past them before a single unit is checked.
 */
const rosterFileObject = jsonObject.superRefine((file, ctx) => {
  const problem = payloadProblem(file, ROSTER_FILE_CAPS, 'the roster file');
  if (problem) ctx.addIssue({ code: 'custom', message: problem, abort: true });
});
/** A unit's profile: a handful of levels and values. */
const profileObject = jsonObject.superRefine((profile, ctx) => {
  const problem = payloadProblem(profile, { maxDepth: 16, maxValues: 100_000, maxChars: 1_000_000 }, 'the profile');
  if (problem) ctx.addIssue({ code: 'custom', message: problem, abort: true });
});
const onConflictSchema = z.enum(['ask', 'replace', 'keep-both'], { error: 'expected "ask", "replace" or "keep-both"' });

const exampleFile = {
  format: ROSTER_FILE_FORMAT,
  version: ROSTER_FILE_VERSION,
  exportedAt: '2024-05-01T18:30:00.000Z',
  rosters: [
    {
      id: 'example-imported-roster',
      name: 'Imported force',
      system: exampleSystemId,
      pointsLimit: 1000,
      notes: '',
      createdAt: '2024-05-01T18:00:00.000Z',
      updatedAt: '2024-05-01T18:00:00.000Z',
      units: [
        {
          id: 'example-imported-unit',
          name: 'Intercessor Squad',
          points: 80,
          profile: exampleProfile,
          createdAt: '2024-05-01T18:00:00.000Z',
          updatedAt: '2024-05-01T18:00:00.000Z',
        },
      ],
    },
  ],
};

/** What an import from a roster editor found, for the player to read before anything is written. */
export const importPreviewSchema = z.object({
  fileName: z.string(),
  gameSystem: z.string(),
  system: systemIdSchema,
  rosterName: z.string(),
  points: z.number().nullable(),
  pointsLimit: z.number().nullable(),
  units: z.array(
    z.object({
      name: z.string(),
      points: z.number().nullable(),
      models: z.string(),
      stats: z.array(z.string()),
      weapons: z.array(z.string()),
      abilities: z.array(z.string()),
      notes: z.array(z.string()),
      confirm: z.array(z.string()),
    }),
  ),
  skipped: z.array(z.object({ name: z.string(), reason: z.string() })),
  rosterNotes: z.array(z.string()),
  /** The roster is already here (imported before): importing asks "replace or keep both". */
  exists: z.boolean(),
});

/** Base64 of a file of at most MAX_FILE_BYTES bytes. */
const MAX_BASE64 = Math.ceil(MAX_FILE_BYTES / 3) * 4;

/** A small BattleScribe roster: one 40k 10th edition unit, as the example of roster.previewImport. */
const exampleRos = `<?xml version="1.0" encoding="utf-8"?>
<roster id="example-ros" name="Example force" gameSystemId="sys-352e-adc2-7639-d6a9" gameSystemName="Warhammer 40,000 10th Edition" xmlns="http://www.battlescribe.net/schema/rosterSchema">
  <costs><cost name="pts" typeId="51b2-306e-1021-d207" value="80"/></costs>
  <forces><force id="f1" name="Army Roster" catalogueName="Imperium - Space Marines"><selections>
    <selection id="s1" name="Intercessor Squad" type="unit" number="1">
      <costs><cost name="pts" typeId="51b2-306e-1021-d207" value="80"/></costs>
      <categories><category id="c1" name="Infantry" primary="false"/><category id="c2" name="Faction: Adeptus Astartes" primary="false"/></categories>
      <profiles><profile id="p1" name="Intercessor" typeName="Unit"><characteristics>
        <characteristic name="M">6"</characteristic><characteristic name="T">4</characteristic><characteristic name="SV">3+</characteristic>
        <characteristic name="W">2</characteristic><characteristic name="LD">6+</characteristic><characteristic name="OC">2</characteristic>
      </characteristics></profile></profiles>
      <selections><selection id="s2" name="Intercessor" type="model" number="5"><selections>
        <selection id="s3" name="Bolt rifle" type="upgrade" number="5"><profiles><profile id="p2" name="Bolt rifle" typeName="Ranged Weapons"><characteristics>
          <characteristic name="Range">24"</characteristic><characteristic name="A">2</characteristic><characteristic name="BS">3+</characteristic><characteristic name="S">4</characteristic>
          <characteristic name="AP">-1</characteristic><characteristic name="D">1</characteristic><characteristic name="Keywords">Assault, Heavy</characteristic>
        </characteristics></profile></profiles></selection>
      </selections></selection></selections>
    </selection>
  </selections></force></forces>
</roster>`;

/** Ids the examples below refer to: a test store seeded with them answers every example. */
export const rosterExampleIds = { roster: 'example-roster', unit: 'example-unit', combat: 'example-combat' } as const;

export const rosterChannels = {
  'roster.profileForm': channel({
    summary:
      "The JSON Schema of a system's unit profile (from its zod schema, every field titled in the game's words) and its layout hints, so the editor builds its fields from it.",
    request: z.object({ system: systemIdSchema }).strict(),
    response: z.object({ system: systemIdSchema, schema: z.record(z.string(), z.unknown()), hints: hintMapSchema }),
    example: { system: exampleSystemId },
  }),
  'roster.list': channel({
    summary: 'Every roster (no units), with its unit count, sorted by name, last change or last use.',
    request: z
      .object({
        sort: z
          .enum(['name', 'updated', 'last-used'], { error: 'expected "name", "updated" or "last-used"' })
          .default('name'),
      })
      .strict(),
    response: z.object({ rosters: z.array(rosterSummarySchema) }),
    example: { sort: 'name' },
  }),
  'roster.get': channel({
    summary: 'One roster with its units in order.',
    request: byId('roster'),
    response: z.object({ roster: rosterSchema, units: z.array(unitSchema) }),
    example: { id: rosterExampleIds.roster },
  }),
  'roster.save': channel({
    changes: ['rosters'],
    summary: "Creates a roster (no id) or updates a roster's name, system, points limit and notes.",
    request: rosterFieldsSchema.extend({ id: idSchema.optional() }).strict(),
    response: z.object({ roster: rosterSchema }),
    example: { name: 'Strike Force Alpha', system: exampleSystemId, pointsLimit: 2000, notes: 'Crusade list' },
  }),
  'roster.delete': channel({
    changes: ['rosters'],
    summary: 'Deletes a roster and all its units, together.',
    request: byId('roster'),
    response: z.object({ id: z.string(), unitsDeleted: z.number().int() }),
    example: { id: rosterExampleIds.roster },
  }),
  'roster.duplicate': channel({
    changes: ['rosters'],
    summary: 'Copies a roster and its units under new ids; the copy is named "<name> (copy)" unless a name is given.',
    request: z.object({ id: idSchema, name: name().optional() }).strict(),
    response: z.object({ roster: rosterSchema }),
    example: { id: rosterExampleIds.roster, name: 'Strike Force Beta' },
  }),
  'unit.save': channel({
    changes: ['rosters'],
    summary:
      "Creates (no id) or replaces one unit of a roster; the profile is checked against the roster's system. Last write wins per unit.",
    request: z
      .object({
        rosterId: idSchema,
        id: idSchema.optional(),
        // Only the type here: the name's and the points' ranges are checked with the profile
        // (checkUnit), so a unit form hears of every problem at once, not the name first and the
        // profile on the next try (issue 18).
        name: z.string().max(10_000),
        points: z.number().nullable().default(null),
        notes: unitFieldsSchema.shape.notes,
        profile: profileObject,
      })
      .strict(),
    response: z.object({ unit: unitSchema }),
    example: { rosterId: rosterExampleIds.roster, name: 'Intercessor Squad', points: 80, profile: exampleProfile },
  }),
  'unit.delete': channel({
    changes: ['rosters'],
    summary: 'Deletes one unit.',
    request: byId('unit'),
    response: z.object({ id: z.string() }),
    example: { id: rosterExampleIds.unit },
  }),
  'roster.export': channel({
    summary:
      'The given rosters (all when ids is empty) as a versioned .ccroster.json document, with a suggested file name.',
    request: z.object({ ids: z.array(idSchema, { error: 'expected a list of roster ids' }).max(1000) }).strict(),
    response: z.object({ fileName: z.string(), file: rosterFileSchema }),
    example: { ids: [rosterExampleIds.roster] },
  }),
  'roster.checkImport': channel({
    summary: 'Checks a roster file without importing: every problem with its path, and which rosters already exist.',
    request: z.object({ file: rosterFileObject }).strict(),
    response: z.object({
      /** A screenful at most (core/api/bounds.ts); `moreProblems` counts the rest. */
      problems: z.array(fieldProblemSchema),
      moreProblems: z.number().int().min(0).default(0),
      rosters: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          system: z.string(),
          unitCount: z.number().int(),
          exists: z.boolean(),
        }),
      ),
    }),
    example: { file: exampleFile },
  }),
  'roster.import': channel({
    changes: ['rosters'],
    summary:
      'Imports a roster file: all of it or, if any field is wrong, nothing (invalid_input lists every problem). A roster id that exists is a conflict unless onConflict says replace or keep-both.',
    request: z.object({ file: rosterFileObject, onConflict: onConflictSchema.default('ask') }).strict(),
    response: z.object({ rosters: z.array(rosterSummarySchema) }),
    example: { file: exampleFile, onConflict: 'ask' },
  }),
  'roster.previewImport': channel({
    summary:
      "Reads a BattleScribe or New Recruit roster (.ros, or .rosz zipped; the file's bytes in base64) and converts it: the roster file that roster.import takes, and a preview of what was found, mapped, kept in notes and should be checked. Writes nothing.",
    request: z
      .object({
        fileName: z
          .string({ error: 'expected the file name' })
          .trim()
          .min(1, 'expected the file name')
          .max(260, 'expected a file name of at most 260 characters'),
        content: z
          .string({ error: "expected the file's bytes in base64" })
          .max(MAX_BASE64, `the file is too large: a roster file is at most ${MAX_FILE_BYTES / 1_000_000} MB`)
          .pipe(z.base64({ error: "expected the file's bytes in base64" })),
      })
      .strict(),
    response: z.object({ file: rosterFileSchema, preview: importPreviewSchema }),
    example: { fileName: 'Example force.ros', content: toBase64(strToU8(exampleRos)) },
  }),
  'combat.history': channel({
    summary: 'Stored combats, newest first, a page at a time (pass the last one as before for the next page).',
    request: z
      .object({
        limit: stat(1, 200).default(50),
        before: z
          .object(
            { startedAt: z.string().max(40), id: idSchema },
            { error: 'expected the last combat of the previous page, or null' },
          )
          .strict()
          .nullable()
          .default(null),
      })
      .strict(),
    response: z.object({ combats: z.array(combatSummarySchema) }),
    example: { limit: 20, before: null },
  }),
  'history.get': channel({
    summary: 'One stored combat with its full log (setup and inputs), for replay or printing.',
    request: byId('combat'),
    response: z.object({ combat: combatRecordSchema }),
    example: { id: rosterExampleIds.combat },
  }),
  'history.delete': channel({
    changes: ['combats'],
    summary: 'Deletes one stored combat.',
    request: byId('combat'),
    response: z.object({ id: z.string() }),
    example: { id: rosterExampleIds.combat },
  }),
} as const;
