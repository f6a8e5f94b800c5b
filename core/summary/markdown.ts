import { casualtyRows } from './casualties';
import { fixed2, luckSentence, ordinalPercentile, percent } from './format';

import { atLeastText, estimatedFiguresNote, wholeCombatRows } from './wholeCombat';

export { ordinalPercentile, percent };
import type { Report, Summary, SummaryOdds, SummarySide, SummaryStep } from './schema';

/**
 * The summary and the club-night report as Markdown, for forums and chat: the same content as the
 * printed sheet, in tables that read as plain text too. Dates are written in UTC from the stored
 * timestamps (core has no locale and no clock).
 */
export function summaryMarkdown(summary: Summary, level = 1): string {
  const h = (n: number) => '#'.repeat(Math.min(6, level + n - 1));
  const out: string[] = [];
  out.push(`${h(1)} ${summary.title}`, '');
  out.push(
    `${summary.system.name} · ${utc(summary.startedAt)} · ${summary.finished ? 'finished' : 'unfinished'} · seed ${summary.seed}`,
    '',
  );
  for (const side of [summary.sides.attacker, summary.sides.defender]) out.push(...sideMarkdown(side), '');

  out.push(`${h(2)} Steps`, '');
  if (summary.steps.length === 0) out.push('No step was taken.', '');
  else out.push(...table(['#', 'Who', 'Step', 'Needs', 'Dice', 'Result', 'Why'], summary.steps.map(stepCells)), '');

  out.push(`${h(2)} Outcome`, '');
  if (summary.outcome) out.push(...summary.outcome.lines.map((line) => `- ${line}`));
  else out.push(`Unfinished: the combat waits at “${summary.pending ?? 'the next step'}”.`);
  if (summary.winner)
    out.push('', `**Winner:** ${summary.winner === 'draw' ? 'a draw' : summary.sides[summary.winner].name}`);
  out.push('');

  out.push(`${h(2)} Casualties`, '');
  const rows = casualtyRows([summary.sides.attacker, summary.sides.defender]).map((r) => [
    r.side,
    r.models,
    r.destroyed ? 'destroyed' : `${r.woundsLeft}/${r.wounds}`,
  ]);
  if (rows.length === 0) out.push('No models were at risk.', '');
  else out.push(...table(['Side', 'Model', 'Wounds left'], rows), '');

  if (summary.odds)
    out.push(
      `${h(2)} Odds: ${summary.odds.measure}`,
      '',
      ...oddsMarkdown(summary.odds, { attacker: summary.sides.attacker.name, defender: summary.sides.defender.name }),
      '',
    );
  else if (summary.oddsUnavailable) out.push(`${h(2)} Odds`, '', summary.oddsUnavailable, '');
  if (summary.wholeCombat)
    out.push(`${h(2)} Odds of the whole combat`, '', ...wholeCombatMarkdown(summary.wholeCombat, summary.finished), '');
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

function sideMarkdown(side: SummarySide): string[] {
  const role = side.role === 'attacker' ? 'Attacker' : 'Defender';
  const lines = [`**${role}:** ${side.name}${side.roster ? ` (roster: ${side.roster.name})` : ''}`];
  for (const p of side.profile) lines.push(`- ${p.label}: ${p.text}`);
  return lines;
}

function stepCells(step: SummaryStep): string[] {
  // D6s halved for D3s: what was typed, then the D3 results the rules used.
  const dice = step.dice
    ? step.typed
      ? `${step.typed.join(' ')} → ${step.dice.join(' ')} (D6s halved)`
      : step.dice.join(' ')
    : '';
  const counts = [
    step.successes !== null && `${step.successes} pass`,
    step.criticals !== null && `${step.criticals} crit`,
  ]
    .filter(Boolean)
    .join(', ');
  const result = joinParts([
    step.choice && `Chose: ${step.choice}`,
    resultAfterChoice(step),
    ...extraLines(step).map((line) => line.trim()),
  ]);
  const why = step.why.map((r) => `${r.rule}: ${r.detail}`).join('; ');
  return [
    String(step.n),
    step.actorName ?? '',
    step.title,
    step.needs ?? '',
    [dice, counts && `(${counts})`, step.rolledBy === 'rolled' ? '(rolled by the app)' : ''].filter(Boolean).join(' '),
    result,
    why,
  ];
}

/** Parts of one cell, "; " between them — a space alone after a whole sentence (never ".;"). */
export function joinParts(parts: ReadonlyArray<string | false | null | undefined>): string {
  return parts
    .filter((p): p is string => typeof p === 'string' && p !== '')
    .reduce((out, part) => (out === '' ? part : `${out}${/[.!?]$/.test(out) ? ' ' : '; '}${part}`), '');
}

/**
 * A step's result as printed after "Chose: …": a log line that starts with the chosen option's own
 * words ("3 at Captain; in all: …") says them once, as the choice.
 */
export function resultAfterChoice(step: Pick<SummaryStep, 'choice' | 'result'>): string {
  const { choice, result } = step;
  if (!choice) return result;
  if (result === choice) return '';
  // A result that only repeats the option chosen ("as suggested: Boyz #1, Boyz #2") is printed once, in the choice.
  if (result !== '' && choice.toLowerCase().includes(result.toLowerCase())) return '';
  for (const gap of ['; ', ': ', ', '])
    if (result.startsWith(`${choice}${gap}`)) return result.slice(choice.length + gap.length);
  return result;
}

/** An outcome step's lines beyond its result (the result is often one of them). */
export function extraLines(step: SummaryStep): string[] {
  return step.lines.filter((line) => line !== step.result);
}

function oddsMarkdown(odds: SummaryOdds, names: { attacker: string; defender: string }): string[] {
  const lines = [`Expected before any die: ${fixed2(odds.meanBefore)}.`];
  if (odds.actual) lines.push(`Actual: **${odds.actual.value}**.`);
  else lines.push(`Expected now: ${fixed2(odds.meanNow)}.`);
  lines.push(luckSentence(odds.percentile, names, odds.actual !== null));
  lines.push('');
  const rows = odds.before.map((p, k) => [
    String(odds.offset + k),
    percent(p),
    odds.actual?.index === k ? 'actual result' : '',
  ]);
  lines.push(...table([odds.measure, 'Chance before', 'Actual'], rows));
  const atLeast = atLeastText(odds.before, odds.offset);
  if (atLeast) lines.push('', `At least (before any die): ${atLeast}.`);
  if (odds.facts.length > 0)
    lines.push('', ...odds.facts.map((f) => `- ${f.label}: ${percent(f.before)} before → ${percent(f.now)}`));
  return lines;
}

/** The whole combat's odds before any die and where it ended, as a table (estimates marked "≈ 62% ± 1%"). */
function wholeCombatMarkdown(whole: NonNullable<Summary['wholeCombat']>, finished: boolean): string[] {
  const rows = wholeCombatRows(whole.start, whole.end);
  const note = estimatedFiguresNote(whole.start, whole.end, finished);
  const notes = note ? ['', note] : [];
  return [
    ...table(
      ['', 'Before any die', finished ? 'Where it ended' : 'Now'],
      rows.map((r) => [r.label, r.start, r.end]),
    ),
    ...notes,
  ];
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
