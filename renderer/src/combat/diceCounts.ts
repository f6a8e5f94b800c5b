import { parseFaces } from './diceText';

/**
 * Counting dice face by face on the same text the box holds: a count changed rewrites the box's
 * text (the dice grouped by face, "11 333 5"), and the counts are read back from the text. One
 * source for both ways of entering, so switching between typing and counting keeps every die, and
 * one history for the box's own undo.
 */

/** The faces of a typed text that are faces of the die, skipping what is not (the box says what is wrong). */
export function validFaces(text: string, sides: number): number[] {
  const read = parseFaces(text, sides);
  if ('faces' in read) return read.faces;
  return [...text.replace(/[^0-9]/g, '')].map(Number).filter((f) => f >= 1 && f <= sides);
}

/** How many of each face the text holds (index 1..sides; index 0 unused). */
export function countsIn(text: string, sides: number): number[] {
  const counts = new Array<number>(sides + 1).fill(0);
  for (const face of validFaces(text, sides)) counts[face]! += 1;
  return counts;
}

/** Counts back as text, the dice grouped by face: [0, 2, 0, 3] → "11 333". */
export function textOfCounts(counts: readonly number[]): string {
  return counts
    .map((n, face) => (face === 0 || n <= 0 ? '' : String(face).repeat(n)))
    .filter(Boolean)
    .join(' ');
}

/** The most of one face a box takes: more than any roll, few enough to draw. */
export const MOST_OF_A_FACE = 999;

/** The text with one face's count set to `count` (kept between 0 and the most a box takes). */
export function withFaceCount(text: string, sides: number, face: number, count: number): string {
  const counts = countsIn(text, sides);
  counts[face] = Math.max(0, Math.min(MOST_OF_A_FACE, Math.round(count)));
  return textOfCounts(counts);
}

/** A count as typed in a face's box: its digits ("" is none), or null when it holds no number. */
export function readCount(typed: string): number | null {
  const digits = typed.replace(/\s/g, '');
  if (digits === '') return 0;
  if (!/^\d+$/.test(digits)) return null;
  return Math.min(MOST_OF_A_FACE, Number(digits));
}

/** What the boxes held, each edit in turn: Ctrl+Z takes back the last, Ctrl+Shift+Z or Ctrl+Y puts it again. */
export interface BoxHistory {
  past: ReadonlyArray<readonly string[]>;
  now: readonly string[];
  future: ReadonlyArray<readonly string[]>;
}

/** Long enough for any roll typed or counted, bounded so a held key cannot grow it without end. */
const KEPT = 500;

export const startHistory = (now: readonly string[]): BoxHistory => ({ past: [], now, future: [] });

/** One box's text changed: the rest stay as they were; the change can be taken back. */
export function edited(history: BoxHistory, box: number, text: string): BoxHistory {
  if (history.now[box] === text) return history;
  const now = history.now.map((t, i) => (i === box ? text : t));
  return { past: [...history.past, history.now].slice(-KEPT), now, future: [] };
}

/** The last edit taken back, or null when nothing was entered at this step (Ctrl+Z then belongs to the step). */
export function undone(history: BoxHistory): BoxHistory | null {
  const before = history.past.at(-1);
  if (!before) return null;
  return { past: history.past.slice(0, -1), now: before, future: [history.now, ...history.future] };
}

/** The edit just taken back put again, or null when there is none. */
export function redone(history: BoxHistory): BoxHistory | null {
  const next = history.future[0];
  if (!next) return null;
  return { past: [...history.past, history.now], now: next, future: history.future.slice(1) };
}

/** Which box key a keystroke is: undo (Ctrl/Cmd+Z), redo (Ctrl/Cmd+Shift+Z, Ctrl+Y) or neither. */
export function boxUndoKey(e: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): 'undo' | 'redo' | null {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return null;
  const key = e.key.toLowerCase();
  if (key === 'z') return e.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !e.shiftKey) return 'redo';
  return null;
}
