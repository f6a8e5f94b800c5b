import { epicArmageddonImport } from './epicArmageddon';
import { ninthAgeImport } from './ninthAge';
import { oldWorldImport } from './oldWorld';
import type { BsRoster } from './tree';
import type { SystemImport } from './types';
import { wh40k10eImport } from './wh40k10e';
import { wh40k7eImport } from './wh40k7e';

/**
 * Which Combat Companion system a roster is for, from the game system it names: BSData's game
 * system files, by id where known and by name otherwise (a renamed or forked data set keeps the
 * name's edition).
 */
const games: { import: SystemImport; ids: string[]; names: RegExp }[] = [
  { import: wh40k10eImport, ids: ['sys-352e-adc2-7639-d6a9'], names: /warhammer\s*40,?000.*\b10th\b|\bwh40k.*10(th|e)\b/i },
  { import: wh40k7eImport, ids: ['e1ebd931-a209-3ce4-87b4-d9918d25530b'], names: /warhammer\s*40,?000.*\b7th\b|\bwh40k.*7(th|e)\b/i },
  {
    import: oldWorldImport,
    // WHFB 6th edition (the "WHFB 6th Edition" and "Warhammer Fantasy Battle 6th edition" data sets), and The Old World.
    ids: ['4ca8-2035-2f87-1bd7', '6d8e-38d9-3c69-febf'],
    names: /\b(whfb|warhammer fantasy(\s+battles?)?)\s*:?\s*6th\b|\bthe old world\b/i,
  },
  { import: epicArmageddonImport, ids: ['8f10-ee06-8dc1-beb6'], names: /\bepic\b.*\barmageddon\b/i },
  { import: ninthAgeImport, ids: ['aa64-1e8e-66fc-9abf', '8c9a-3026-84b4-cf16'], names: /\b(9th|ninth)\s+age\b|\bt9a\b/i },
];

export const SUPPORTED_GAMES = 'Warhammer 40,000 (10th and 7th edition), Warhammer Fantasy Battle 6th edition / The Old World, Epic Armageddon and The Ninth Age';

export function systemImportFor(roster: Pick<BsRoster, 'gameSystemId' | 'gameSystemName'>): SystemImport | undefined {
  return (games.find((g) => g.ids.includes(roster.gameSystemId)) ?? games.find((g) => g.names.test(roster.gameSystemName)))?.import;
}
