import { UnstyledButton } from '@mantine/core';
import { cellText, type MatchupCell, type MatchupOdds, type MatchupTable } from '../../../core/api';

/**
 * The colour of a cell, from how good it is for me (my chance to win less theirs; one attack: the
 * chance to wipe them out): green for good, red for bad, pale for even. The numbers are always
 * written in the cell too: the colour only helps the eye.
 */
export function cellColour(odds: MatchupOdds | null): string {
  if (!odds) return 'var(--mantine-color-gray-1)';
  // One attack rarely wipes a unit out: its colour is the share of their models it destroys on average.
  const score =
    odds.kind === 'attack'
      ? Math.max(2 * odds.win - 1, (2.5 * (odds.meanModelsDestroyed ?? 0)) / Math.max(1, odds.targetModels ?? 1) - 1)
      : odds.win - odds.lose;
  if (score >= 0.5) return 'var(--mantine-color-green-3)';
  if (score >= 0.15) return 'var(--mantine-color-green-1)';
  if (score > -0.15) return 'var(--mantine-color-yellow-1)';
  if (score > -0.5) return 'var(--mantine-color-red-1)';
  return 'var(--mantine-color-red-3)';
}

/** A cell's words, one part a line ("Win 62%", "lose 30%"), "Best" first on the row's best. */
function CellWords({ cell, best }: { cell: MatchupCell; best: boolean }) {
  const parts = cellText(cell.odds).split(' · ');
  return (
    <>
      {best && <span className="matchup-best">★ Best · </span>}
      {parts.map((part, i) => (
        <span key={i} className={i === 0 && best ? 'matchup-best' : undefined} style={{ display: 'block' }}>
          {part}
        </span>
      ))}
    </>
  );
}

/**
 * The table: my units down the side (best first), theirs across the top, every cell a button that
 * opens its detail. A cell not worked out yet reads "…".
 */
export function MatchupGrid({
  table,
  pending,
  onOpen,
}: {
  table: MatchupTable;
  pending: boolean;
  onOpen: (cell: MatchupCell) => void;
}) {
  const theirName = new Map(table.theirs.units.map((u) => [u.id, u.name]));
  return (
    <div className="matchup-scroll">
      <table className="matchup-table" data-testid="matchup-table">
        <caption style={{ captionSide: 'top', textAlign: 'left', paddingBottom: 6 }}>
          Your units ({table.mine.name}) down the side, best first; theirs ({table.theirs.name}) across the top.
          {/* A game of charges (no shooting-or-fighting mode): the other way round is in each cell's detail (not on paper). */}
          {table.mode === undefined && (
            <span className="matchup-noprint">
              {' '}
              Each cell is your unit charging theirs: tap it for their charge too.
            </span>
          )}
        </caption>
        <thead>
          <tr>
            <th scope="col">Your unit ↓ · their unit →</th>
            {table.theirs.units.map((u) => (
              <th scope="col" key={u.id}>
                {u.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.unit.id} data-testid="matchup-row">
              <th scope="row">{row.unit.name}</th>
              {row.cells.map((cell) => {
                const waiting = cell.odds === null && cell.why === undefined;
                const label = `${row.unit.name} against ${theirName.get(cell.theirs) ?? ''}: ${
                  waiting ? (pending ? 'not worked out yet' : 'not worked out') : cellText(cell.odds)
                }`;
                return (
                  <td key={cell.theirs} style={{ background: cellColour(cell.odds) }}>
                    <UnstyledButton
                      className="matchup-cell"
                      style={{ background: cellColour(cell.odds) }}
                      aria-label={label}
                      onClick={() => onOpen(cell)}
                      disabled={waiting}
                      data-testid="matchup-cell"
                    >
                      {waiting ? '…' : <CellWords cell={cell} best={row.best === cell.theirs} />}
                    </UnstyledButton>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
