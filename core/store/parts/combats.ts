import type { RosterRepository } from '../repo';
import { StoreError } from '../storeError';
import type { CombatRow } from '../rows';
import { summaryOf, type StoreContext } from './context';

type Combats = Pick<
  RosterRepository,
  'saveCombat' | 'getCombat' | 'listCombats' | 'deleteCombat' | 'getSetting' | 'putSetting'
>;

/** Combats as History keeps them, and the settings. */
export function combatPart({ db, clock, newId }: StoreContext): Combats {
  return {
    async saveCombat(input) {
      const now = clock();
      return db.transaction('rw', db.combats, async () => {
        const existing = input.id === undefined ? undefined : await db.combats.get(input.id);
        if (input.id !== undefined && !existing && !input.create)
          throw new StoreError('not_found', `There is no combat with id "${input.id}".`, 'id');
        if (existing && input.create)
          throw new StoreError('conflict', `There is already a combat with id "${input.id}".`, 'id');
        const row: CombatRow = {
          id: existing?.id ?? input.id ?? newId(),
          system: input.system,
          title: input.title,
          startedAt: existing?.startedAt ?? now,
          updatedAt: now,
          finishedAt: input.finished ? (existing?.finishedAt ?? now) : null,
          seed: input.seed,
          summary: input.summary,
          rosterIds: input.rosterIds,
          log: JSON.stringify({ setup: input.setup, inputs: input.inputs }),
        };
        await db.combats.put(row);
        return summaryOf(row);
      });
    },

    async getCombat(id) {
      const row = await db.combats.get(id);
      if (!row) return undefined;
      const log = JSON.parse(row.log) as { setup: unknown; inputs: unknown[] };
      return { ...summaryOf(row), setup: log.setup, inputs: log.inputs };
    },

    async listCombats({ limit, before }) {
      const index = db.combats.where('[startedAt+id]');
      const range = before ? index.below([before.startedAt, before.id]) : index.above(['', '']);
      const rows = await range.reverse().limit(limit).toArray();
      return rows.map(summaryOf);
    },

    async deleteCombat(id) {
      await db.transaction('rw', db.combats, async () => {
        if (!(await db.combats.get(id))) throw new StoreError('not_found', `There is no combat with id "${id}".`, 'id');
        await db.combats.delete(id);
      });
    },

    async getSetting(key) {
      return (await db.settings.get(key))?.value;
    },

    async putSetting(key, value) {
      await db.settings.put({ key, value });
    },
  };
}
