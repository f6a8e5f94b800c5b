import type { z } from 'zod';
import type { rosterChannels } from '../channels/roster';
import { ApiFailure } from '../reply';
import { slug } from '../slug';
import { joinedProblems, screenful } from '../bounds';
import { parseRosterFile, ROSTER_FILE_EXTENSION, type RosterFile } from '../../roster/exchange';
import { StoreError, type RepoDeps, type RosterRepository } from '../../store/repo';
import { profileForm } from '../../roster/form';
import { convertRosterFile, fromBase64 } from '../../roster/import';

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
}

export function createRosterBackend(deps: RosterBackendDeps): RosterBackend {
  const { repo, clock } = deps;

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

  function checkedFile(data: unknown): RosterFile {
    const parsed = parseRosterFile(data);
    if (parsed.ok) return parsed.value;
    const count = parsed.problems.length;
    const message = `The roster file has ${count.toLocaleString('en-US')} problem${count === 1 ? '' : 's'}; nothing was imported: ${joinedProblems(parsed.problems)}`;
    const problems = parsed.problems.map((p) => ({ field: p.field ? `file.${p.field}` : 'file', message: p.message }));
    throw new ApiFailure('invalid_input', message, problems[0]?.field ?? 'file', problems);
  }

  const notFound = (what: string, id: string): never => {
    throw new ApiFailure('not_found', `There is no ${what} with id "${id}".`, 'id');
  };

  return {
    'roster.profileForm': async ({ system }) => ({ system, ...profileForm(system) }),
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
    'roster.checkImport': async ({ file }) => {
      const parsed = parseRosterFile(file);
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
      rosters: await run(() => repo.importRosters(checkedFile(file), onConflict)),
    }),
    'roster.previewImport': async ({ fileName, content }) => {
      const bytes = fromBase64(content);
      if (!bytes) throw new ApiFailure('invalid_input', "content: expected the file's bytes in base64", 'content');
      const converted = convertRosterFile(fileName, bytes, clock());
      if (!converted.ok) throw new ApiFailure('invalid_input', converted.message, 'content');
      const exists = (await repo.existingRosterIds(converted.file.rosters.map((r) => r.id))).length > 0;
      return { file: converted.file, preview: { ...converted.preview, exists } };
    },
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
}
