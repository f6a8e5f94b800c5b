import { registry } from '../../systems';
import type { BsRoster } from '../battlescribe/tree';
import type { SystemImport } from '../battlescribe/types';

/**
 * Which Combat Companion system a roster is for, from the game system it names: BSData's game
 * system files, by id where known and by name otherwise (a renamed or forked data set keeps the
 * name's edition). Each system says which games it reads (its definition's `roster.import.games`).
 */
const games = registry.flatMap((d) => (d.roster.import ? [d.roster.import] : []));

/** The games a roster can be imported from, in words: every system that reads BattleScribe rosters, by the name the app gives it. */
export const SUPPORTED_GAMES = ((names: string[]) => (names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '')))(
  registry.filter((d) => d.roster.import).map((d) => d.name),
);

export function systemImportFor(roster: Pick<BsRoster, 'gameSystemId' | 'gameSystemName'>): SystemImport | undefined {
  return games.find((g) => g.games.ids.includes(roster.gameSystemId)) ?? games.find((g) => g.games.names.test(roster.gameSystemName));
}
