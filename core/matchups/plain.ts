import { runToEnd } from '../analysis/chunked';
import { errorText } from '../analysis/combat/headline';
import type { SystemDefinition } from '../systems/definition';
import { cellInChunks, type CellRequest } from './cell';
import { cellRequestsOf } from './run';
import type { MatchupCell, MatchupMode, MatchupSide } from './types';

/**
 * The matchup table as the command line prints it (issue 37, its fixed JSON shape): my units and
 * theirs by name in their rosters' order, `cells[i][j]` my unit i against their unit j — in the
 * games fought round after round my chance to win the fight charging (`pWin`) and charged by that
 * unit (`pWinDefending`); in 40k 10th edition's one attack the models destroyed on average and the
 * chance to destroy the unit. A figure that does not apply is null; `note` says why a cell has no
 * figures, or that they are estimated.
 */
export interface PlainMatchups {
  system: string;
  mine: string[];
  theirs: string[];
  cells: PlainCell[][];
}

export interface PlainCell {
  pWin: number | null;
  pWinDefending: number | null;
  expectedDestroyed: number | null;
  pDestroyAll: number | null;
  exact: boolean;
  note: string | null;
}

/** Every pair worked out both ways where a fight goes both ways (my charge, and theirs), each within its own work cap. */
export function plainMatchups(
  definition: SystemDefinition,
  mine: MatchupSide,
  theirs: MatchupSide,
  mode: MatchupMode | undefined,
): PlainMatchups {
  const cellOf = (request: CellRequest) => runToEnd(cellInChunks(definition, request));
  const charging = cellRequestsOf(mine, theirs, mode).map(cellOf);
  const cells = mine.units.map((_, i) =>
    theirs.units.map((_, j) => {
      const cell = charging[i * theirs.units.length + j]!;
      // Their unit charging mine: the same pair with the sides swapped (a whole fight only).
      const defending =
        cell.odds?.kind === 'whole' ? cellOf(cellRequestsOf(oneOf(theirs, j), oneOf(mine, i), mode)[0]!) : null;
      return plainCell(cell, defending);
    }),
  );
  return { system: definition.id, mine: mine.units.map((u) => u.name), theirs: theirs.units.map((u) => u.name), cells };
}

/** A side of one unit, its `index`th. */
const oneOf = (side: MatchupSide, index: number): MatchupSide => ({ name: side.name, units: [side.units[index]!] });

/** A cell in the printed shape: my win charging, my win charged (their charge's loss), or one attack's figures. */
function plainCell(cell: MatchupCell, defending: MatchupCell | null): PlainCell {
  const odds = cell.odds;
  if (!odds)
    return {
      pWin: null,
      pWinDefending: null,
      expectedDestroyed: null,
      pDestroyAll: null,
      exact: false,
      note: cell.why ?? null,
    };
  const whole = odds.kind === 'whole';
  const exact = odds.exact && (defending?.odds?.exact ?? true);
  return {
    pWin: whole ? odds.win : null,
    pWinDefending: whole ? (defending?.odds?.lose ?? null) : null,
    expectedDestroyed: whole ? null : (odds.meanModelsDestroyed ?? null),
    pDestroyAll: whole ? null : odds.win,
    exact,
    note: exact ? null : estimateNote(odds.standardError ?? defending?.odds?.standardError),
  };
}

/** "estimated, ± 1%": how an estimate is said (never how it was made). */
const estimateNote = (standardError: number | undefined) =>
  standardError === undefined ? 'estimated' : `estimated, ± ${errorText(standardError)}`;
