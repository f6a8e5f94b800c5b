import type { Registry } from '../../systems/registry';
import type { BsRoster } from '../../battlescribe/tree';
import type { SystemImport } from '../../battlescribe/types';

/**
 * Which Combat Companion system a roster is for, from the game system it names: the published
 * data sets by their game system id (each system's definition, `roster.import.games.ids`), else
 * by a name that plainly names a supported edition (a renamed or forked data set keeps the name's
 * edition), with a note that it was taken by its name.
 */
const gamesOf = (registry: Registry) =>
  registry.definitions.flatMap((d) => (d.roster.import ? [{ ...d.roster.import, systemName: d.name }] : []));

/** The games a roster can be imported from, in words: every system that reads BattleScribe rosters, by the name the app gives it. */
export function supportedGames(registry: Registry): string {
  const names = registry.definitions.filter((d) => d.roster.import).map((d) => d.name);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
}

/** A game system name longer than this is cut before it is matched (real ones are a few words). */
const NAME_CHARS = 200;

export function systemImportFor(
  registry: Registry,
  roster: Pick<BsRoster, 'gameSystemId' | 'gameSystemName'>,
): SystemImport | undefined {
  return recogniseGame(registry, roster)?.system;
}

/** The system a roster is for, and a note when it was recognised by its name rather than a known data set's id. */
export function recogniseGame(
  registry: Registry,
  roster: Pick<BsRoster, 'gameSystemId' | 'gameSystemName'>,
): { system: SystemImport; note: string | null } | undefined {
  const games = gamesOf(registry);
  const byId = games.find((g) => g.games.ids.includes(roster.gameSystemId.slice(0, 100)));
  if (byId) return { system: byId, note: null };
  const name = roster.gameSystemName.slice(0, NAME_CHARS);
  const byName = games.find((g) => g.games.names.test(name));
  if (!byName) return undefined;
  return {
    system: byName,
    note: `The game system “${name.length > 80 ? `${name.slice(0, 79)}…` : name}” is not a data set Combat Companion knows; it was read as ${byName.systemName} from its name. Check the units.`,
  };
}
