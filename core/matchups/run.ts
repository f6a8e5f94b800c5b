import { runToEnd } from '../analysis/chunked';
import type { SystemDefinition } from '../systems/definition';
import { cellInChunks, type CellRequest } from './cell';
import { tableOf } from './table';
import type { MatchupMode, MatchupSide, MatchupTable } from './types';

/** Every cell's request, row by row (my units) and column by column (theirs): what the host and the command line work out. */
export function cellRequestsOf(mine: MatchupSide, theirs: MatchupSide, mode: MatchupMode | undefined): CellRequest[] {
  return mine.units.flatMap((m) =>
    theirs.units.map((t) => ({
      mine: { id: m.id, rosterName: mine.name, unitName: m.name, profile: m.profile },
      theirs: { id: t.id, rosterName: theirs.name, unitName: t.name, profile: t.profile },
      ...(mode ? { mode } : {}),
    })),
  );
}

/** The whole table worked out at once (the command line, the bench): every cell within its own work cap. */
export function matchupTable(
  definition: SystemDefinition,
  mine: MatchupSide,
  theirs: MatchupSide,
  mode: MatchupMode | undefined,
): MatchupTable {
  const cells = cellRequestsOf(mine, theirs, mode).map((request) => runToEnd(cellInChunks(definition, request)));
  return tableOf(definition.id, mode, mine, theirs, cells);
}
