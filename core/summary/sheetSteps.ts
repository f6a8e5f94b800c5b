import type { Reason } from '../combat/steps';
import type { SummaryStep } from './schema';

/**
 * The step log of a combat's sheet, as rows: what each step needed and why, its dice, what came of
 * it. Print draws the rows as a table (in full, or one line a step); the Markdown copy as its table.
 */

/** How the sheet gives the steps: every reason ("full"), one line a step ("compact"), or none. */
export type StepLogForm = 'full' | 'compact' | 'none';

/** A roll's dice as the players rolled them. */
export interface SheetDice {
  /** The faces the rules used (the D3 results where D6s were halved). */
  faces: number[];
  /** Where D6s were rolled and halved for D3s: the D6s as typed. */
  typed: number[] | null;
  /** Dice at or above the target, and at or above the critical face, where the step had them. */
  successes: number | null;
  criticals: number | null;
  /** Rolled by the app ("Roll for me"), not entered. */
  byApp: boolean;
}

/** What came of a step: the option chosen, the result after it, and the lines that work it out. */
export interface SheetResult {
  choice: string | null;
  text: string;
  /** Each line of arithmetic; `setIn` where it explains the line above it (a bonus and its reason). */
  lines: Array<{ text: string; setIn: boolean }>;
}

export interface SheetStepRow {
  /**
   * The step's number as the app counts the steps taken ("finished after 6 steps" numbers 1 to 6);
   * null on a row of what the rules did by themselves (before the first step, or a worked-out
   * result of their own after one).
   */
  n: number | null;
  /** The side that acted (none: the rules did). */
  who: string | null;
  title: string;
  /** What each die needed, e.g. "3+". */
  needs: string | null;
  /** Why it needed that: the rules behind it. */
  reasons: Reason[];
  /**
   * The reasons in one run of words, as the printed log gives them under a step in full: each said
   * once, a note in brackets that an earlier reason of the row already gave left out. Null: none
   * (and always in the compact log).
   */
  why: string | null;
  dice: SheetDice | null;
  result: SheetResult;
  /**
   * What reads across the page, over the needs and dice columns: the lines of an outcome worked out
   * (a round's combat result) and a choice; null: the row's own columns.
   */
  across: 'lines' | 'choice' | null;
}

/** The steps of a sheet: none taken, or the rows in full or one line a step. */
export type SheetSteps = { form: 'empty'; text: string } | { form: 'full' | 'compact'; rows: SheetStepRow[] };

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

/** A line indented under another ("  +1 Charge") explains it. */
const lineOf = (line: string) => ({ text: line.trim(), setIn: /^\s{2,}/.test(line) });

function diceOf(step: SummaryStep): SheetDice | null {
  if (!step.dice) return null;
  return {
    faces: step.dice,
    typed: step.typed ?? null,
    successes: step.successes,
    criticals: step.criticals,
    byApp: step.rolledBy === 'rolled',
  };
}

/** An outcome with lines of arithmetic (a combat result) reads across the page, not down the narrow Result column. */
const workedOut = (step: SummaryStep) =>
  step.kind === 'outcome' && extraLines(step).length > 0 && !step.dice && !step.needs;

/** A bracketed note at the end of a reason ("… → 3+ (a natural 1 always fails)"). */
const NOTE = /\s*(\([^()]*\))$/;

/** What a log has said so far: each reason and each closing note in brackets is printed once, the first time. */
export interface SaidSoFar {
  reasons: Set<string>;
  notes: Set<string>;
}

/**
 * A step's reasons in one run: each said once in the log, and a closing note in brackets that an
 * earlier reason already gave (four to-hit rolls each "(a natural 1 always fails, …)") said only
 * the first time. `said` carries what earlier rows said (none: this row alone).
 */
export function condensedReasons(
  reasons: readonly Reason[],
  said: SaidSoFar = { reasons: new Set(), notes: new Set() },
): string | null {
  const { notes } = said;
  const parts: string[] = [];
  for (const { detail } of reasons) {
    const text = detail.trim();
    if (text === '' || said.reasons.has(text)) continue;
    said.reasons.add(text);
    const note = NOTE.exec(text)?.[1];
    if (note && notes.has(note)) parts.push(text.slice(0, text.length - NOTE.exec(text)![0].length));
    else parts.push(text);
    if (note) notes.add(note);
  }
  return parts.length > 0 ? withinLength(parts) : null;
}

/**
 * About three lines of small print across the page: a step's reasons past it (a break test that
 * lists every point of both Combat Scores) end "… (+N more)" — the Markdown copy keeps them all.
 */
export const WHY_LENGTH = 360;

function withinLength(parts: readonly string[]): string {
  let text = parts[0]!;
  for (let i = 1; i < parts.length; i++) {
    const next = `${text} · ${parts[i]}`;
    if (next.length > WHY_LENGTH) return `${text} · … (+${parts.length - i} more)`;
    text = next;
  }
  return text;
}

function rowOf(step: SummaryStep, n: number | null, said: SaidSoFar | null): SheetStepRow {
  const choice = step.kind === 'choose';
  return {
    n,
    who: step.actorName,
    title: step.title,
    needs: step.needs,
    reasons: step.why,
    // What a player weighed at a choice (the figures of every option, often twenty lines) stays on
    // screen and in the Markdown copy: the printed log says what was chosen and what came of it.
    why: said && !choice ? condensedReasons(step.why, said) : null,
    dice: diceOf(step),
    result: { choice: step.choice, text: resultAfterChoice(step), lines: extraLines(step).map(lineOf) },
    across: workedOut(step) ? 'lines' : choice ? 'choice' : null,
  };
}

/**
 * One row a step: what the rules did by themselves right after a step (the casualties of an
 * Agility or Initiative step removed) is said in that step's row, not in a row of its own.
 */
function oneRowAStep(steps: readonly SummaryStep[]): SummaryStep[] {
  const rows: SummaryStep[] = [];
  for (const s of steps) {
    const last = rows.at(-1);
    const sameStep = last !== undefined && s.taken !== undefined && s.taken === last.taken;
    if (s.kind === 'auto' && !s.dice && extraLines(s).length === 0 && last && (sameStep || last.kind === 'roll')) {
      rows[rows.length - 1] = { ...last, result: [last.result, `${s.title}: ${s.result}`].filter(Boolean).join(' · ') };
    } else rows.push(s);
  }
  return rows;
}

/**
 * The numbers the rows print: the app's count of steps taken, on the first row of each step (a
 * summary from before steps were counted numbers its rows 1, 2, 3…).
 */
function numbers(rows: readonly SummaryStep[]): Array<number | null> {
  if (!rows.some((r) => r.taken !== undefined)) return rows.map((r) => r.n);
  return rows.map((r, i) => (r.taken !== undefined && r.taken !== rows[i - 1]?.taken ? r.taken : null));
}

/**
 * The step log for the table: one row a step — who, what, what it needed, the dice, what came of
 * it — a choice and a round's result set across the page. In full, each roll's reasons in a line
 * under it, each reason said once in the log; compact, none.
 */
export function sheetSteps(steps: readonly SummaryStep[], form: 'full' | 'compact'): SheetSteps {
  if (steps.length === 0) return { form: 'empty', text: 'No step was taken.' };
  const rows = oneRowAStep(steps);
  const n = numbers(rows);
  // In full, each reason once in the log: the second Agility step does not repeat how every step is rolled.
  const said = form === 'full' ? { reasons: new Set<string>(), notes: new Set<string>() } : null;
  return { form, rows: rows.map((s, i) => rowOf(s, n[i] ?? null, said)) };
}
