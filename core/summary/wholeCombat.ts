import { atLeastLine } from '../analysis/atLeast';
import { chanceText } from '../analysis/combat/headline';
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

const chance = (o: WholeCombatOdds, p: number) => (o.exact ? chanceText(p) : chanceText(p, o.standardError ?? 0));

/** The round the combat is most likely to end in, as "round 2 (41.0%)". */
function likeliestRound(o: WholeCombatOdds): string {
  let best = -1;
  o.rounds.forEach((p, i) => {
    if (best < 0 || p > o.rounds[best]!) best = i;
  });
  return best < 0 ? '—' : `round ${best + 1} (${chance(o, o.rounds[best]!)})`;
}

export function wholeCombatRows(start: WholeCombatOdds, end: WholeCombatOdds): WholeCombatRow[] {
  const row = (label: string, pick: (o: WholeCombatOdds) => number): WholeCombatRow => ({ label, start: chance(start, pick(start)), end: chance(end, pick(end)) });
  const rows: WholeCombatRow[] = [
    row(`${start.attacker.side} win the combat`, (o) => o.pAttackerWins),
    row(`${start.defender.side} win the combat`, (o) => o.pDefenderWins),
    row('Draw', (o) => o.pDraw),
  ];
  for (const role of ['attacker', 'defender'] as const) {
    const unit = start[role].unit;
    rows.push(row(`${unit}: destroyed`, (o) => o[role].pDestroyed), row(`${unit}: breaks and gets away`, (o) => o[role].pFlees), row(`${unit}: breaks and is caught`, (o) => o[role].pCaught));
  }
  rows.push(...otherUnitRows(start, end, row));
  if (start.pUnfinished > 0 || end.pUnfinished > 0) rows.push(row(`Still fighting after round ${start.maxRounds} (not followed further)`, (o) => o.pUnfinished));
  rows.push({ label: 'Most likely to end in', start: likeliestRound(start), end: likeliestRound(end) });
  return rows;
}

/**
 * The whole combat's odds in one line of print, for a fight that took one round (its round's odds
 * above tell the rest, and a round keeps to two A4 pages): who was likely to win the combat before
 * any die, and — when the fight is not over — where it stands now.
 */
export function wholeCombatLine(start: WholeCombatOdds, end: WholeCombatOdds, finished: boolean): string {
  const outcomes = (o: WholeCombatOdds) =>
    [`${o.attacker.side} win ${chance(o, o.pAttackerWins)}`, `${o.defender.side} win ${chance(o, o.pDefenderWins)}`, ...(o.pDraw > 0 ? [`draw ${chance(o, o.pDraw)}`] : [])].join(', ');
  const before = `The whole combat, before any die: ${outcomes(start)}; most likely over in ${likeliestRound(start)}.`;
  return finished ? before : `${before} Now: ${outcomes(end)}.`;
}

/**
 * The other units and characters (a flanking unit, a Captain in the front rank): a row for each fate
 * that can happen to it, so a character who can only be slain has one row, not three empty ones.
 */
function otherUnitRows(start: WholeCombatOdds, end: WholeCombatOdds, row: (label: string, pick: (o: WholeCombatOdds) => number) => WholeCombatRow): WholeCombatRow[] {
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
