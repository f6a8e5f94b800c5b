import { errorText } from '../analysis/combat/headline';
import type { SystemDefinition } from '../systems/definition';
import { matchupCells } from './run';
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
  const byPair = new Map(matchupCells(definition, mine, theirs, mode).map((c) => [`${c.mine}\u0000${c.theirs}`, c]));
  const cells = mine.units.map((m) => theirs.units.map((t) => plainCell(byPair.get(`${m.id}\u0000${t.id}`)!)));
  return { system: definition.id, mine: mine.units.map((u) => u.name), theirs: theirs.units.map((u) => u.name), cells };
}

/** A cell in the printed shape: my win charging, my win charged (their charge's loss), or one attack's figures. */
function plainCell(cell: MatchupCell): PlainCell {
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
  const defending = cell.defending ?? null;
  const exact = odds.exact && (defending?.exact ?? true);
  return {
    pWin: whole ? odds.win : null,
    pWinDefending: whole ? (defending?.win ?? null) : null,
    expectedDestroyed: whole ? null : (odds.meanModelsDestroyed ?? null),
    pDestroyAll: whole ? null : odds.win,
    exact,
    // Their charge may be refused where mine is not (a unit that can only be charged): said in words.
    note: exact ? (cell.defendingWhy ?? null) : estimateNote(odds.standardError ?? defending?.standardError),
  };
}

/** "estimated, ± 1%": how an estimate is said (never how it was made). */
const estimateNote = (standardError: number | undefined) =>
  standardError === undefined ? 'estimated' : `estimated, ± ${errorText(standardError)}`;
