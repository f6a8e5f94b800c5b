import { NBSP } from '../analysis/combat/headline';
import type { MatchupCell, MatchupMode, MatchupOdds, MatchupSide, MatchupTable } from './types';

/**
 * How good a cell is for me, to sort by: my chance to win less theirs (one attack: the chance to
 * wipe them out), then the models destroyed on average (one attack rarely wipes a unit out). Null: no odds.
 */
export const scoreOf = (odds: MatchupOdds | null): [number, number] | null =>
  odds ? [odds.win - odds.lose, odds.meanModelsDestroyed ?? 0] : null;

/** Whether cell odds `a` are better for me than `b` (any odds are better than none). */
export function betterOdds(a: MatchupOdds | null, b: MatchupOdds | null): boolean {
  const [x, y] = [scoreOf(a), scoreOf(b)];
  if (!x) return false;
  if (!y) return true;
  return x[0] > y[0] || (x[0] === y[0] && x[1] > y[1]);
}

/** Every cell of the table, row by row (my units) and column by column (theirs), in the rosters' order. */
export function cellOrder(mine: MatchupSide, theirs: MatchupSide): Array<{ mine: string; theirs: string }> {
  return mine.units.flatMap((m) => theirs.units.map((t) => ({ mine: m.id, theirs: t.id })));
}

/**
 * The table from its cells (any order; a cell not given yet reads as no odds): my units as rows,
 * the row whose best cell is best first (ties keep the roster's order), their units as columns.
 */
export function tableOf(
  system: string,
  mode: MatchupMode | undefined,
  mine: MatchupSide,
  theirs: MatchupSide,
  cells: readonly MatchupCell[],
): MatchupTable {
  const byPair = new Map(cells.map((c) => [`${c.mine}\u0000${c.theirs}`, c]));
  const rows = mine.units.map((m) => {
    const row = theirs.units.map(
      (t): MatchupCell => byPair.get(`${m.id}\u0000${t.id}`) ?? { mine: m.id, theirs: t.id, odds: null },
    );
    let best: MatchupCell | null = null;
    for (const cell of row) if (betterOdds(cell.odds, best?.odds ?? null)) best = cell;
    return {
      unit: { id: m.id, name: m.name },
      best: best?.theirs ?? null,
      cells: row,
      top: best?.odds ?? null,
    };
  });
  const ordered = rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => (betterOdds(a.row.top, b.row.top) ? -1 : betterOdds(b.row.top, a.row.top) ? 1 : a.i - b.i))
    .map(({ row: { top: _top, ...row } }) => row);
  const ref = (u: { id: string; name: string }) => ({ id: u.id, name: u.name });
  return {
    system,
    ...(mode ? { mode } : {}),
    mine: { name: mine.name, units: mine.units.map(ref) },
    theirs: { name: theirs.name, units: theirs.units.map(ref) },
    rows: ordered,
    estimates: cells.filter((c) => c.odds && !c.odds.exact).length,
  };
}

/**
 * A chance in a cell: a whole percent, never "0%" or "100%" for what can still happen ("<1%",
 * ">99%"), an estimate marked "≈".
 */
function cellChance(value: number, exact: boolean): string {
  const whole = Math.round(100 * value);
  const text = value > 0 && whole === 0 ? '<1%' : value < 1 && whole === 100 ? '>99%' : `${whole}%`;
  return exact ? text : `≈${NBSP}${text}`;
}

/**
 * A cell in words, short enough for a table: "Win 62% · lose 30%", a draw where there can be one,
 * an estimate marked "≈"; one attack "Wipe out 40% · 3.2 models". No odds: "no odds".
 */
export function cellText(odds: MatchupOdds | null): string {
  if (!odds) return 'no odds';
  const chance = (v: number) => cellChance(v, odds.exact);
  if (odds.kind === 'attack')
    return `Wipe out ${chance(odds.win)} · ${(odds.meanModelsDestroyed ?? 0).toFixed(1)}${NBSP}models`;
  const parts = [`Win ${chance(odds.win)}`, `lose ${chance(odds.lose)}`];
  if (odds.draw >= 0.005) parts.push(`draw ${chance(odds.draw)}`);
  return parts.join(' · ');
}

/** Markdown cells cannot hold a pipe or a line break. */
const md = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

/** The table as Markdown (the "Copy as Markdown" button and `matchups --markdown`): best first, the best cell of each row in bold. */
export function matchupMarkdown(table: MatchupTable): string {
  const what = table.mode ? ` (${table.mode})` : '';
  const head = [`${table.mine.name} ↓ against ${table.theirs.name} →${what}`, ...table.theirs.units.map((u) => u.name)];
  const lines = [`| ${head.map(md).join(' | ')} |`, `|${head.map(() => ' --- ').join('|')}|`];
  for (const row of table.rows) {
    const cells = row.cells.map((c) => {
      const text = md(cellText(c.odds));
      return c.theirs === row.best ? `**${text}**` : text;
    });
    lines.push(`| ${[md(row.unit.name), ...cells].join(' | ')} |`);
  }
  if (table.estimates > 0)
    lines.push(
      '',
      `≈ marks an estimate: ${table.estimates} matchup(s) too large to count exactly were played out instead.`,
    );
  return `${lines.join('\n')}\n`;
}
