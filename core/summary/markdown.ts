import { percent } from './format';
import type { Report, Summary } from './schema';
import {
  combatSheet,
  type CombatSheetModel,
  type SheetCasualties,
  type SheetOdds,
  type SheetPart,
  type SheetSide,
  type SheetWholeCombat,
} from './sheet';
import type { SheetDice, SheetResult, SheetStepRow } from './sheetSteps';

export { ordinalPercentile, percent } from './format';

/**
 * The summary and the club-night report as Markdown, for forums and chat: the combat's sheet
 * (sheet.ts: what the printed page says too) drawn in tables that read as plain text too. Dates are
 * written in UTC from the stored timestamps (core has no locale and no clock).
 */
export function summaryMarkdown(summary: Summary, level = 1): string {
  return sheetMarkdown(combatSheet(summary), level);
}

function sheetMarkdown(sheet: CombatSheetModel, level: number): string {
  const h = (n: number, text: string) => [`${'#'.repeat(Math.min(6, level + n - 1))} ${text}`, ''];
  const out: string[] = [...h(1, sheet.title), text(sheet.byline), ''];
  for (const side of sheet.sides) out.push(...sideMarkdown(side), '');
  const { outcome, steps, casualties, odds, wholeCombat } = sheet;
  out.push(...h(2, outcome.heading));
  if (outcome.lines) out.push(...outcome.lines.map((line) => `- ${line}`));
  if (outcome.unfinished) out.push(outcome.unfinished);
  if (outcome.winner) out.push('', `**Winner:** ${outcome.winner}`);
  out.push('');
  if (steps) {
    out.push(...h(2, 'Steps'));
    if (steps.form === 'empty') out.push(steps.text, '');
    else out.push(...table(['#', 'Who', 'Step', 'Needs', 'Dice', 'Result', 'Why'], steps.rows.map(stepCells)), '');
  }
  out.push(...h(2, casualties.heading), ...casualtiesMarkdown(casualties), '');
  if (odds) out.push(...h(2, odds.heading), ...oddsMarkdown(odds), '');
  if (sheet.oddsUnavailable) out.push(sheet.oddsUnavailable, '');
  if (wholeCombat) out.push(...h(2, wholeCombat.heading), ...wholeCombatMarkdown(wholeCombat), '');
  return out.join('\n');
}

export function reportMarkdown(report: Report): string {
  const out: string[] = [`# ${report.title}`, ''];
  const period = [report.from && `from ${utc(report.from)}`, report.to && `until ${utc(report.to)}`]
    .filter(Boolean)
    .join(' ');
  out.push(
    `${report.combats.length} ${report.combats.length === 1 ? 'combat' : 'combats'}${period ? ` ${period}` : ''}`,
    '',
  );
  out.push('## Contents', '');
  out.push(
    ...report.contents.map((c) => `${c.n}. ${c.title} — ${c.result}${c.winner ? ` (won by ${c.winner})` : ''}`),
    '',
  );
  out.push('## Tally', '');
  out.push(
    ...table(
      ['Force', 'Combats', 'Won', 'Lost', 'Drawn', 'Models destroyed', 'Models lost'],
      report.tally.map((t) => [t.name, t.combats, t.won, t.lost, t.drawn, t.modelsDestroyed, t.modelsLost].map(String)),
    ),
    '',
  );
  for (const combat of report.combats) out.push(summaryMarkdown(combat, 2));
  return out.join('\n');
}

/** A line's words: bold as **bold**, a timestamp in UTC. */
function text(parts: readonly SheetPart[]): string {
  return parts.map((p) => (typeof p === 'string' ? p : 'strong' in p ? `**${p.strong}**` : utc(p.date))).join('');
}

function sideMarkdown(side: SheetSide): string[] {
  const lines = [`**${side.label}:** ${side.name}${side.roster ? ` (roster: ${side.roster})` : ''}`];
  for (const p of side.profile) lines.push(`- ${p.label}: ${p.text}`);
  return lines;
}

/** A roll's dice in a cell: "6 5 4 3 2 1 (4 pass, 1 crit)"; D6s halved for D3s as typed, then the D3 results. */
function diceCell(dice: SheetDice | null): string {
  if (!dice) return '';
  const faces = dice.typed ? `${dice.typed.join(' ')} → ${dice.faces.join(' ')} (D6s halved)` : dice.faces.join(' ');
  const counts = [
    dice.successes !== null && `${dice.successes} pass`,
    dice.criticals !== null && `${dice.criticals} crit`,
  ]
    .filter(Boolean)
    .join(', ');
  return [faces, counts && `(${counts})`, dice.byApp ? '(rolled by the app)' : ''].filter(Boolean).join(' ');
}

const resultCell = (result: SheetResult) =>
  joinParts([result.choice && `Chose: ${result.choice}`, result.text, ...result.lines.map((line) => line.text)]);

function stepCells(row: SheetStepRow): string[] {
  const why = row.reasons.map((r) => `${r.rule}: ${r.detail}`).join('; ');
  return [
    row.n === null ? '' : String(row.n),
    row.who ?? '',
    row.title,
    row.needs ?? '',
    diceCell(row.dice),
    resultCell(row.result),
    why,
  ];
}

/** One table of every side's models: "destroyed", or the wounds left of the wounds each. */
function casualtiesMarkdown(casualties: SheetCasualties): string[] {
  if (casualties.none) return [casualties.none];
  const rows = casualties.sides.flatMap((side) =>
    side.rows.map((r) => [side.name, r.models, r.destroyed ? 'destroyed' : `${r.woundsLeft}/${r.wounds}`]),
  );
  return table(['Side', 'Model', 'Wounds left'], rows);
}

/** The round's odds: the result and the luck, the distribution as a table (the chart of print), the named chances. */
function oddsMarkdown(odds: SheetOdds): string[] {
  const { measure, before, offset, actual } = odds.distribution;
  const lines = [text(odds.result), ''];
  const rows = before.map((p, k) => [String(offset + k), percent(p), actual === k ? 'actual result' : '']);
  lines.push(...table([measure, 'Chance before', 'Actual'], rows));
  if (odds.facts) lines.push('', ...table(odds.facts.head, odds.facts.rows));
  if (odds.atLeast) lines.push('', odds.atLeast);
  return lines;
}

/** The whole combat's odds before any die and where it ended, as a table (estimates marked "≈ 62% ± 1%"). */
function wholeCombatMarkdown(whole: SheetWholeCombat): string[] {
  const rows = whole.rows.map((r) => [r.label, r.start, r.end]);
  return [...table(whole.head, rows), ...(whole.note ? ['', whole.note] : [])];
}

/** Parts of one cell, "; " between them — a space alone after a whole sentence (never ".;"). */
export function joinParts(parts: ReadonlyArray<string | false | null | undefined>): string {
  return parts
    .filter((p): p is string => typeof p === 'string' && p !== '')
    .reduce((out, part) => (out === '' ? part : `${out}${/[.!?]$/.test(out) ? ' ' : '; '}${part}`), '');
}

function table(head: string[], rows: string[][]): string[] {
  const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
  return [
    `| ${head.map(cell).join(' | ')} |`,
    `|${head.map(() => ' --- ').join('|')}|`,
    ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`),
  ];
}

/** "2026-11-22T19:05:00.000Z" → "2026-11-22 19:05 UTC". */
export function utc(iso: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(iso);
  return match ? `${match[1]} ${match[2]} UTC` : iso;
}
