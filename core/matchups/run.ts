import { runToEnd } from '../analysis/chunked';
import type { SystemDefinition } from '../systems/definition';
import { pairInChunks, preparePair, type CellRequest, type PreparedPair } from './cell';
import { planInChunks } from './order';
import { tableOf } from './table';
import type { MatchupCell, MatchupMode, MatchupSide, MatchupTable } from './types';

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

/** Every pairing prepared once (its combats started and sized), cheapest first: the order the table is worked out in. */
export function* pairingPlanInChunks(
  definition: SystemDefinition,
  requests: readonly CellRequest[],
): Generator<void, PreparedPair[], void> {
  return yield* planInChunks(
    requests,
    (request) => preparePair(definition, request),
    (pair) => pair.size,
  );
}

/**
 * The whole table worked out at once (the command line, the bench): cheapest pairing first, every
 * cell within its own work cap — the same table in whatever order, each cell's figures its own.
 */
export function matchupTable(
  definition: SystemDefinition,
  mine: MatchupSide,
  theirs: MatchupSide,
  mode: MatchupMode | undefined,
): MatchupTable {
  return tableOf(definition.id, mode, mine, theirs, matchupCells(definition, mine, theirs, mode));
}

/** Every cell of the table, cheapest pairing first (see `matchupTable`). */
export function matchupCells(
  definition: SystemDefinition,
  mine: MatchupSide,
  theirs: MatchupSide,
  mode: MatchupMode | undefined,
): MatchupCell[] {
  const plan = runToEnd(pairingPlanInChunks(definition, cellRequestsOf(mine, theirs, mode)));
  return plan.map((pair) => runToEnd(pairInChunks(definition, pair)));
}
