import type { CombatView, UnitView } from '../combat/view';
import { casualtyRows, type CasualtyRow } from './casualties';
import { fixed2, luckSentence, percent } from './format';
import type { Summary, SummaryOdds, SummarySide } from './schema';
import { sheetSteps, type SheetSteps, type StepLogForm } from './sheetSteps';
import {
  atLeastText,
  estimatedFiguresNote,
  estimatedWords,
  wholeCombatLine,
  wholeCombatRows,
  type WholeCombatRow,
} from './wholeCombat';

/**
 * A stored combat's sheet: what the printed page and the Markdown copy say, decided here once and
 * drawn by each (renderer/src/print/CombatSheet.tsx on paper, markdown.ts as text). Plain data:
 * sections, rows and lines of words. What a medium draws its own way is kept as data — a timestamp
 * (the reader's locale on paper, UTC in text: core has no locale), a roll's dice and counts, a
 * distribution (a chart on paper, a table in text), the rank diagrams (paper only).
 */

/** Words of a line: plain, in bold, or a timestamp each medium writes its own way. */
export type SheetPart = string | { strong: string } | { date: string };

export interface SheetSide {
  role: SummarySide['role'];
  /** "Attacker", "Defender". */
  label: string;
  name: string;
  /** The roster the side came from, where known. */
  roster: string | null;
  profile: Array<{ label: string; text: string }>;
  /** In a ranks game, its units as they stand, each drawn as a rank diagram. */
  ranks: { caption: string; units: UnitView[] } | null;
}

export interface SheetOutcome {
  heading: string;
  /** The final result and its arithmetic, or why there is none yet. */
  lines: string[] | null;
  unfinished: string | null;
  winner: string | null;
}

export interface SheetCasualties {
  heading: string;
  /** Each side's models, runs of alike models folded into one row. */
  sides: Array<{ role: SummarySide['role']; name: string; rows: CasualtyRow[] }>;
  /** When no model was at risk, in words (the tables are then left out). */
  none: string | null;
}

export interface SheetOdds {
  heading: string;
  /** The headline measure's distribution before any die and now; `actual` the bar of the result. */
  distribution: Pick<SummaryOdds, 'measure' | 'before' | 'now' | 'offset'> & { actual: number | null };
  /** What the bars of its chart are. */
  key: string;
  /** The result (or where it stands), what was expected and whose luck it was. */
  result: SheetPart[];
  /** The named chances (win, break, caught…) before and at the result or now. */
  facts: { head: [string, string, string]; rows: Array<[string, string, string]> } | null;
  /** "At least (before any die): 1+: 92.0% · …", where such a line says something. */
  atLeast: string | null;
}

export interface SheetWholeCombat {
  heading: string;
  head: [string, string, string];
  rows: WholeCombatRow[];
  note: string | null;
  /**
   * The same in one line, for a fight of one round: its round's odds tell the rest, so a sheet short
   * of room (paper: a round keeps to two A4 pages) prints the line instead of the table.
   */
  line: string | null;
}

export interface CombatSheetModel {
  title: string;
  /** "System · date · finished · seed 7": the seed only where the app rolled (dice all entered replay without it). */
  byline: SheetPart[];
  sides: [SheetSide, SheetSide];
  /** The rank diagrams' key, once under both sides, in a ranks game. */
  rankRule: string | null;
  outcome: SheetOutcome;
  /** Null: the steps left out. */
  steps: SheetSteps | null;
  casualties: SheetCasualties;
  odds: SheetOdds | null;
  /** Why there are no odds, when the analysis refused a combat this large. */
  oddsUnavailable: string | null;
  wholeCombat: SheetWholeCombat | null;
}

export interface SheetOptions {
  /** The steps in full (the default), one line each, or none. */
  steps?: StepLogForm;
  /** The combat as the wizard last drew it: a ranks game's sheet draws its units' rank diagrams from it. */
  view?: CombatView | undefined;
}

/** A combat's sheet from its summary. */
export function combatSheet(summary: Summary, options: SheetOptions = {}): CombatSheetModel {
  const { steps = 'full', view } = options;
  const names = { attacker: summary.sides.attacker.name, defender: summary.sides.defender.name };
  const units = [...(view?.sides.attacker.units ?? []), ...(view?.sides.defender.units ?? [])];
  return {
    title: summary.title,
    byline: byline(summary),
    sides: [
      sideOf(summary.sides.attacker, view?.sides.attacker.units, summary.finished),
      sideOf(summary.sides.defender, view?.sides.defender.units, summary.finished),
    ],
    rankRule: units.find((u) => u.formation)?.formation?.rankRule ?? null,
    outcome: outcomeOf(summary),
    steps: steps === 'none' ? null : sheetSteps(summary.steps, steps),
    casualties: casualtiesOf([summary.sides.attacker, summary.sides.defender]),
    odds: summary.odds ? oddsOf(summary.odds, names) : null,
    oddsUnavailable: summary.odds ? null : summary.oddsUnavailable,
    wholeCombat: summary.wholeCombat ? wholeCombatOf(summary.wholeCombat, summary) : null,
  };
}

function byline(summary: Summary): SheetPart[] {
  const rolled = summary.steps.some((s) => s.rolledBy === 'rolled');
  return [
    `${summary.system.name} · `,
    { date: summary.startedAt },
    ` · ${summary.finished ? 'finished' : 'unfinished'}`,
    ...(rolled ? [` · seed ${summary.seed}`] : []),
  ];
}

function sideOf(side: SummarySide, units: readonly UnitView[] | undefined, finished: boolean): SheetSide {
  const ranked = (units ?? []).filter((u) => u.formation);
  return {
    role: side.role,
    label: side.role === 'attacker' ? 'Attacker' : 'Defender',
    name: side.name,
    roster: side.roster?.name ?? null,
    profile: side.profile,
    ranks: ranked.length > 0 ? { caption: finished ? 'At the end:' : 'So far:', units: ranked } : null,
  };
}

function outcomeOf(summary: Summary): SheetOutcome {
  const { outcome, winner } = summary;
  return {
    heading: 'Outcome',
    lines: outcome ? outcome.lines : null,
    unfinished: outcome ? null : `Unfinished: the combat waits at “${summary.pending ?? 'the next step'}”.`,
    winner: winner ? (winner === 'draw' ? 'a draw' : summary.sides[winner].name) : null,
  };
}

function casualtiesOf(sides: readonly SummarySide[]): SheetCasualties {
  // A side with no models at risk (a 10th edition attacker is its weapons) has no table: never an empty one.
  const rows = sides
    .map((side) => ({ role: side.role, name: side.name, rows: casualtyRows([side]) }))
    .filter((side) => side.rows.length > 0);
  const none = rows.length === 0;
  return {
    heading: 'Casualties and wounds left',
    sides: rows,
    none: none ? 'No models were at risk.' : null,
  };
}

function oddsOf(odds: SummaryOdds, names: { attacker: string; defender: string }): SheetOdds {
  const ended = odds.actual !== null;
  const atLeast = atLeastText(odds.before, odds.offset);
  return {
    heading: `Odds and luck: ${odds.measure}`,
    distribution: { ...odds, actual: odds.actual?.index ?? null },
    key: `Outlined bars: the chances before any die was rolled. Filled bar${ended ? ': the actual result' : 's: the chances given the dice so far'}.`,
    result: odds.actual
      ? [
          'Result: ',
          { strong: String(odds.actual.value) },
          ` ${odds.measure}. Expected before any die: ${fixed2(odds.meanBefore)}. `,
          luckSentence(odds.percentile, names, true),
        ]
      : [
          `Expected before any die: ${fixed2(odds.meanBefore)}; now: ${fixed2(odds.meanNow)}. `,
          luckSentence(odds.percentile, names, false),
        ],
    facts:
      odds.facts.length > 0
        ? {
            head: ['', 'Before', ended ? 'Result' : 'Now'],
            rows: odds.facts.map((f) => [f.label, percent(f.before), percent(f.now)]),
          }
        : null,
    atLeast: atLeast ? `At least (before any die): ${atLeast}.` : null,
  };
}

/** The rounds a combat went: the highest "round N" its steps name (every ranks and assault game says it), 1 where none does. */
function roundsIn(steps: ReadonlyArray<{ title: string }>): number {
  let rounds = 1;
  for (const { title } of steps)
    for (const m of title.matchAll(/\bround (\d+)/gi)) rounds = Math.max(rounds, Number(m[1]));
  return rounds;
}

function wholeCombatOf(whole: NonNullable<Summary['wholeCombat']>, summary: Summary): SheetWholeCombat {
  const { start, end } = whole;
  const { finished } = summary;
  const estimated = !start.exact || !end.exact ? ` ≈: ${estimatedWords(start, end)}.` : '';
  return {
    heading: 'Odds of the whole combat',
    head: ['', 'Before any die', finished ? 'Where it ended' : 'Now'],
    rows: wholeCombatRows(start, end),
    note: estimatedFiguresNote(start, end, finished),
    line: roundsIn(summary.steps) <= 1 ? `${wholeCombatLine(start, end, finished)}${estimated}` : null,
  };
}
