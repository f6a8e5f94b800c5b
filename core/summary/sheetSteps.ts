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
  n: number;
  /** The side that acted (none: the rules did). */
  who: string | null;
  title: string;
  /** What each die needed, e.g. "3+". */
  needs: string | null;
  /** Why it needed that: the rules behind it. */
  reasons: Reason[];
  dice: SheetDice | null;
  result: SheetResult;
  /**
   * What reads across the page, over the needs and dice columns: the lines of an outcome worked out
   * (a round's combat result) and, in the compact log, a choice; null: the row's own columns.
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

function rowOf(step: SummaryStep, across: SheetStepRow['across']): SheetStepRow {
  return {
    n: step.n,
    who: step.actorName,
    title: step.title,
    needs: step.needs,
    reasons: step.why,
    dice: diceOf(step),
    result: { choice: step.choice, text: resultAfterChoice(step), lines: extraLines(step).map(lineOf) },
    across,
  };
}

/**
 * The compact log's steps: what the rules did by themselves right after a roll (the casualties of
 * an Agility or Initiative step removed) is said in that roll's row, not in a row of its own.
 */
function compactSteps(steps: readonly SummaryStep[]): SummaryStep[] {
  const rows: SummaryStep[] = [];
  for (const s of steps) {
    const last = rows.at(-1);
    if (s.kind === 'auto' && !s.dice && last?.kind === 'roll' && extraLines(s).length === 0) {
      rows[rows.length - 1] = { ...last, result: `${last.result} · ${s.title}: ${s.result}` };
    } else rows.push(s);
  }
  return rows;
}

/**
 * The step log for the table. In full: every step with the reasons behind its target. Compact: one
 * line a roll — who, what, what it needed, the dice, what came of it — a choice and a round's
 * result set across the page; the reasons behind each target and what a player weighed at a choice
 * (the odds per target: rows of twenty lines) are left to the full log.
 */
export function sheetSteps(steps: readonly SummaryStep[], form: 'full' | 'compact'): SheetSteps {
  if (steps.length === 0) return { form: 'empty', text: 'No step was taken.' };
  const across = (s: SummaryStep) =>
    workedOut(s) ? 'lines' : form === 'compact' && s.kind === 'choose' ? 'choice' : null;
  return { form, rows: (form === 'full' ? steps : compactSteps(steps)).map((s) => rowOf(s, across(s))) };
}
