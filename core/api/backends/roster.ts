import type { z } from 'zod';
import type { rosterChannels } from '../channels/roster';
import { ApiFailure } from '../reply';
import { slug } from '../slug';
import { joinedProblems, screenful } from '../bounds';
import { parseRosterFile, ROSTER_FILE_EXTENSION, type RosterFile } from '../../roster/exchange';
import { StoreError, type RepoDeps, type RosterRepository } from '../../store/repo';
import { profileForm } from '../../roster/form';
import { convertRosterFile, fromBase64 } from '../../roster/import';
import { unknownSystem } from '../../roster/profiles';
import type { Registry } from '../../systems/registry';

type RosterChannels = typeof rosterChannels;
type RosterChannel = keyof RosterChannels;

/** The roster channels' implementation; spread into the backend next to the app channels. */
export type RosterBackend = {
  [C in RosterChannel]: (
    request: z.output<RosterChannels[C]['request']>,
  ) => Promise<z.output<RosterChannels[C]['response']>>;
};

export interface RosterBackendDeps extends RepoDeps {
  repo: RosterRepository;
  /** The rule systems whose rosters the store keeps (the host's registry). */
  registry: Registry;
}

/** Expected store failures become error replies; anything else stays internal. */
async function run<T>(work: () => Promise<T>, fieldPrefix = ''): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StoreError) {
      const field = error.field === undefined ? undefined : `${fieldPrefix}${error.field}`;
      const problems = error.problems.map((p) => ({ field: `${fieldPrefix}${p.field}`, message: p.message }));
      throw new ApiFailure(error.code, error.message, field, problems);
    }
    throw error;
  }
}

const notFound = (what: string, id: string): never => {
  throw new ApiFailure('not_found', `There is no ${what} with id "${id}".`, 'id');
};

/** A roster file checked whole against the registry's systems, or refused with every problem. */
function checkedFile(data: unknown, registry: Registry): RosterFile {
  const parsed = parseRosterFile(data, registry);
  if (parsed.ok) return parsed.value;
  const count = parsed.problems.length;
  const message = `The roster file has ${count.toLocaleString('en-US')} problem${count === 1 ? '' : 's'}; nothing was imported: ${joinedProblems(parsed.problems)}`;
  const problems = parsed.problems.map((p) => ({ field: p.field ? `file.${p.field}` : 'file', message: p.message }));
  throw new ApiFailure('invalid_input', message, problems[0]?.field ?? 'file', problems);
}

export function createRosterBackend(deps: RosterBackendDeps): RosterBackend {
  return { ...rosterDocuments(deps), ...rosterFiles(deps), ...combatRecords(deps.repo) } as RosterBackend;
}

type Part<C extends RosterChannel> = Pick<RosterBackend, C>;

/** Rosters and units: the unit editor's form, list, read, save, delete, duplicate, export. */
function rosterDocuments({ repo, clock, registry }: RosterBackendDeps) {
  const part: Part<
    | 'roster.profileForm'
    | 'roster.list'
    | 'roster.get'
    | 'roster.save'
    | 'roster.delete'
    | 'roster.duplicate'
    | 'unit.save'
    | 'unit.delete'
    | 'roster.export'
  > = {
    'roster.profileForm': async ({ system }) => {
      const definition = registry.definitionOf(system);
      if (!definition) throw new ApiFailure('invalid_input', `system: ${unknownSystem(registry, system)}`, 'system');
      return { system, ...profileForm(definition) };
    },
    'roster.list': async ({ sort }) => ({ rosters: await repo.listRosters(sort) }),
    'roster.get': async ({ id }) => (await repo.getRoster(id)) ?? notFound('roster', id),
    'roster.save': async (request) => ({ roster: await run(() => repo.saveRoster(request)) }),
    'roster.delete': async ({ id }) => ({ id, ...(await run(() => repo.deleteRoster(id))) }),
    'roster.duplicate': async ({ id, name }) => ({ roster: await run(() => repo.duplicateRoster(id, name)) }),
    'unit.save': async ({ rosterId, id, name, points, notes, profile }) => ({
      unit: await run(() => repo.saveUnit(rosterId, { name, points, notes, profile }, id)),
    }),
    'unit.delete': async ({ id }) => {
      await run(() => repo.deleteUnit(id));
      return { id };
    },
    'roster.export': async ({ ids }) => {
      const file = await run(() => repo.exportRosters(ids), 'ids.');
      const only = file.rosters.length === 1 ? file.rosters[0] : undefined;
      const base = only ? slug(only.name) || 'roster' : `rosters-${clock().slice(0, 10)}`;
      return { fileName: `${base}${ROSTER_FILE_EXTENSION}`, file };
    },
  };
  return part;
}

/** Roster files in: checked, imported, and BattleScribe / New Recruit files converted for a preview. */
function rosterFiles({ repo, clock, registry }: RosterBackendDeps) {
  const part: Part<'roster.checkImport' | 'roster.import' | 'roster.previewImport'> = {
    'roster.checkImport': async ({ file }) => {
      const parsed = parseRosterFile(file, registry);
      if (!parsed.ok) {
        // A screenful of problems and how many more: a broken file must not become a list of 100,000.
        const { listed, more } = screenful(parsed.problems);
        return { problems: listed, moreProblems: more, rosters: [] };
      }
      const existing = new Set(await repo.existingRosterIds(parsed.value.rosters.map((r) => r.id)));
      return {
        problems: [],
        moreProblems: 0,
        rosters: parsed.value.rosters.map((r) => ({
          id: r.id,
          name: r.name,
          system: r.system,
          unitCount: r.units.length,
          exists: existing.has(r.id),
        })),
      };
    },
    'roster.import': async ({ file, onConflict }) => ({
      rosters: await run(() => repo.importRosters(checkedFile(file, registry), onConflict)),
    }),
    'roster.previewImport': async ({ fileName, content }) => {
      const bytes = fromBase64(content);
      if (!bytes) throw new ApiFailure('invalid_input', "content: expected the file's bytes in base64", 'content');
      const converted = convertRosterFile(fileName, bytes, clock(), registry);
      if (!converted.ok) throw new ApiFailure('invalid_input', converted.message, 'content');
      const exists = (await repo.existingRosterIds(converted.file.rosters.map((r) => r.id))).length > 0;
      return { file: converted.file, preview: { ...converted.preview, exists } };
    },
  };
  return part;
}

/** The stored combats History lists, opens and deletes. */
function combatRecords(repo: RosterRepository) {
  const part: Part<'combat.history' | 'history.get' | 'history.delete'> = {
    'combat.history': async ({ limit, before }) => ({
      combats: await repo.listCombats({ limit, before: before ?? undefined }),
    }),
    'history.get': async ({ id }) => {
      const combat = await repo.getCombat(id);
      return combat ? { combat } : notFound('combat', id);
    },
    'history.delete': async ({ id }) => {
      await run(() => repo.deleteCombat(id));
      return { id };
    },
  };
  return part;
}
