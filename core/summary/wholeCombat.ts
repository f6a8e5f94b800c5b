import { atLeastLine } from '../analysis/atLeast';
import { chanceText, errorText, NBSP } from '../analysis/combat/headline';
import type { WholeCombatOdds } from '../analysis/combat/types';
import { percent } from './format';

/**
 * The whole combat's odds as print and Markdown give them: one row per outcome, before any die and
 * where the fight ended (or stands), each chance exact ("62.0%") or estimated ("≈ 62% ± 1%"). The
 * rows are the same for the sheet and the Markdown, so the two never disagree.
 */

export interface WholeCombatRow {
  label: string;
  start: string;
  end: string;
}

const chance = (o: WholeCombatOdds, p: number, withError = true) =>
  o.exact ? chanceText(p) : chanceText(p, o.standardError ?? 0, withError);

/** The rounds an estimate counted exactly, as "rounds 1 to 3" or "round 2" (none: null). */
function exactRoundsWords(o: WholeCombatOdds): string | null {
  const exact = o.exactRounds ?? 0;
  if (exact === 0) return null;
  return exact === 1 ? `round ${o.fromRound}` : `rounds ${o.fromRound} to ${o.fromRound + exact - 1}`;
}

/**
 * How an estimate was made, in words: the rounds counted exactly (where the exact count got that
 * far before it gave up) and the play-outs behind the rest — the live panel's note.
 */
export function estimateNote(o: WholeCombatOdds): string {
  const estimated = `estimated, ±${NBSP}${errorText(o.standardError ?? 0)}`;
  const rounds = exactRoundsWords(o);
  if (!rounds) return `too many positions to count exactly in about a second, so ${estimated}.`;
  const counted = `${rounds[0]!.toUpperCase()}${rounds.slice(1)} ${o.exactRounds === 1 ? 'is' : 'are'} counted exactly`;
  return `too many positions to count the whole combat exactly in about a second. ${counted}; what follows is ${estimated}.`;
}

/** How far an estimate may be off, in players' words: "estimated, ± 1%" (the larger error of the columns estimated). */
export function estimatedWords(...odds: WholeCombatOdds[]): string {
  const error = Math.max(0, ...odds.filter((o) => !o.exact).map((o) => o.standardError ?? 0));
  return `estimated, ±${NBSP}${errorText(error)}`;
}

/** Print's and Markdown's note under the whole combat's table, where a column is estimated (none: null). */
export function estimatedFiguresNote(start: WholeCombatOdds, end: WholeCombatOdds, finished: boolean): string | null {
  const columns: Array<[string, WholeCombatOdds]> = [
    ['before any die', start],
    [finished ? 'where it ended' : 'now', end],
  ];
  const estimated = columns.filter(([, o]) => !o.exact);
  if (estimated.length === 0) return null;
  const exactParts = estimated.flatMap(([label, o]) => {
    const rounds = exactRoundsWords(o);
    return rounds ? [`${label}, ${rounds} counted exactly`] : [];
  });
  const exactly = exactParts.length > 0 ? `; ${exactParts.join('; ')}, and only what follows estimated` : '';
  return `Figures marked ≈ are ${estimatedWords(start, end)}${exactly}.`;
}

/** The round the combat is most likely to end in, as "round 2 (41.0%)". */
function likeliestRound(o: WholeCombatOdds, withError = true): string {
  let best = -1;
  o.rounds.forEach((p, i) => {
    if (best < 0 || p > o.rounds[best]!) best = i;
  });
  return best < 0 ? '—' : `round ${best + 1} (${chance(o, o.rounds[best]!, withError)})`;
}

/**
 * The table's rows. Without `withErrors`, an estimate reads "≈ 50.1%" alone: the live panel's
 * narrow column gives the one error of each column above it (`columnError`) instead of in every cell.
 */
export function wholeCombatRows(start: WholeCombatOdds, end: WholeCombatOdds, withErrors = true): WholeCombatRow[] {
  const row = (label: string, pick: (o: WholeCombatOdds) => number): WholeCombatRow => ({
    label,
    start: chance(start, pick(start), withErrors),
    end: chance(end, pick(end), withErrors),
  });
  const rows: WholeCombatRow[] = [
    row(`${start.attacker.side} win the combat`, (o) => o.pAttackerWins),
    row(`${start.defender.side} win the combat`, (o) => o.pDefenderWins),
    row('Draw', (o) => o.pDraw),
  ];
  for (const role of ['attacker', 'defender'] as const) {
    const unit = start[role].unit;
    rows.push(
      row(`${unit}: destroyed`, (o) => o[role].pDestroyed),
      row(`${unit}: breaks and gets away`, (o) => o[role].pFlees),
      row(`${unit}: breaks and is caught`, (o) => o[role].pCaught),
    );
  }
  rows.push(...otherUnitRows(start, end, row));
  if (start.pUnfinished > 0 || end.pUnfinished > 0)
    rows.push(row(`Still fighting after round ${start.maxRounds} (not followed further)`, (o) => o.pUnfinished));
  rows.push({
    label: 'Most likely to end in',
    start: likeliestRound(start, withErrors),
    end: likeliestRound(end, withErrors),
  });
  return rows;
}

/** A column's one standard error, as "± 0.2% each" (an exact column: null). */
export const columnError = (o: WholeCombatOdds): string | null =>
  o.exact ? null : `±${NBSP}${errorText(o.standardError ?? 0)} each`;

/**
 * The whole combat's odds in one line of print, for a fight that took one round (its round's odds
 * above tell the rest, and a round keeps to two A4 pages): who was likely to win the combat before
 * any die, and — when the fight is not over — where it stands now.
 */
export function wholeCombatLine(start: WholeCombatOdds, end: WholeCombatOdds, finished: boolean): string {
  const outcomes = (o: WholeCombatOdds) =>
    [
      `${o.attacker.side} win ${chance(o, o.pAttackerWins)}`,
      `${o.defender.side} win ${chance(o, o.pDefenderWins)}`,
      ...(o.pDraw > 0 ? [`draw ${chance(o, o.pDraw)}`] : []),
    ].join(', ');
  const before = `The whole combat, before any die: ${outcomes(start)}; most likely over in ${likeliestRound(start)}.`;
  return finished ? before : `${before} Now: ${outcomes(end)}.`;
}

/**
 * The other units and characters (a flanking unit, a Captain in the front rank): a row for each fate
 * that can happen to it, so a character who can only be slain has one row, not three empty ones.
 */
function otherUnitRows(
  start: WholeCombatOdds,
  end: WholeCombatOdds,
  row: (label: string, pick: (o: WholeCombatOdds) => number) => WholeCombatRow,
): WholeCombatRow[] {
  const rows: WholeCombatRow[] = [];
  (start.units ?? []).forEach((u, i) => {
    if (u.unit === start[u.role].unit) return;
    const at = (o: WholeCombatOdds) => o.units?.[i] ?? { pDestroyed: 0, pFlees: 0, pCaught: 0 };
    const fates = [
      ['destroyed', (o: WholeCombatOdds) => at(o).pDestroyed],
      ['breaks and gets away', (o: WholeCombatOdds) => at(o).pFlees],
      ['breaks and is caught', (o: WholeCombatOdds) => at(o).pCaught],
    ] as const;
    for (const [what, pick] of fates) if (pick(start) > 0 || pick(end) > 0) rows.push(row(`${u.unit}: ${what}`, pick));
  });
  return rows;
}

/** "1: 92.0% · 2: 75.3% · 3: 41.0%": the "at least" odds of a distribution worth a line of print, or '' when none are. */
export function atLeastText(dist: readonly number[], offset = 0): string {
  return atLeastLine(dist, offset)
    .map((x) => `${x.value}+: ${percent(x.p)}`)
    .join(' · ');
}
