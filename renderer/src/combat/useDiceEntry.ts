import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { RollStep } from '../../../core/api/view';
import { boxUndoKey, countsIn, edited, redone, startHistory, undone, withFaceCount } from './diceCounts';
import { entriesOf, restoredEntry, type Entry, type RestoredDice } from './diceEntries';
import { saveDiceMode, savedDiceMode, type DiceMode } from './diceMode';

/**
 * The dice entry's state: how the dice are entered (typed or counted, D3s halved from D6s), what is
 * in each box so far, what that comes to, and the keys: Enter submits when every kind is in, else
 * goes on to the next box still to fill. Typing and counting write the same text, so switching
 * between them keeps every die. The boxes keep the focus as the step opens and after the host
 * refused what was sent.
 */
export function useDiceEntry(
  step: RollStep,
  {
    busy,
    restore,
    onEnter,
  }: { busy: boolean; restore?: RestoredDice | undefined; onEnter: (dice: number[], typed?: number[]) => void },
) {
  const [mode, setModeNow] = useState<DiceMode>(savedDiceMode);
  const setMode = (next: DiceMode) => {
    saveDiceMode(next);
    setModeNow(next);
  };
  const [restored] = useState(() => restoredEntry(step, restore));
  const [halve, setHalve] = useState(restored.halve);
  const box = useBoxHistory(restored.parts.map((faces) => faces.join(' ')));
  const { texts } = box;
  // Enter pressed with dice still missing: said aloud, not silently ignored.
  const [tried, setTried] = useState(false);
  const fields = useRef<Array<HTMLInputElement | null>>([]);
  const countFields = useRef<Record<string, HTMLInputElement | null>>({});

  const entries = entriesOf(step, { halve, texts });
  const counts = entries.map((e, i) => countsIn(texts[i] ?? '', e.sides));
  const complete = entries.every((e) => e.complete);
  const submit = () => {
    if (!complete) setTried(true);
    if (!complete || busy) return;
    onEnter(
      entries.flatMap((e) => e.faces),
      halve ? entries.flatMap((e) => e.typed) : undefined,
    );
  };
  const enter = (i: number) => {
    if (complete) return submit();
    const next = entries.findIndex((e, j) => j > i && !e.complete);
    if (next >= 0 && entries[i]!.complete) fields.current[next]?.focus();
    else setTried(true);
  };
  /** Enter in a face's count: on to the next face (of the next box after the last face), or submit when all is in. */
  const enterCount = (i: number, face: number) => {
    if (complete) return submit();
    const next = nextCountField(entries, i, face);
    if (next) countFields.current[next]?.focus();
    else setTried(true);
  };
  const setCount = (i: number, face: number, count: number) =>
    box.setText(i, withFaceCount(texts[i] ?? '', entries[i]!.sides, face, count));
  const bump = (i: number, face: number, by: number) => setCount(i, face, (counts[i]![face] ?? 0) + by);
  const firstOpen = Math.max(
    0,
    entries.findIndex((e) => !e.complete),
  );
  useBoxFocus(fields, countFields, mode, busy, firstOpen);
  const missing = tried ? entries.find((e) => !e.complete) : undefined;
  return {
    ...{ mode, setMode, halve, setHalve, texts, setText: box.setText, onBoxKey: box.onKey },
    ...{ counts, setCount, bump, enterCount, fields, countFields, entries, complete, submit, enter, missing },
  };
}

/** The key of a face's count field: the box and the face. */
export const countKey = (box: number, face: number) => `${box}-${face}`;

/** The count field after this one: the next face, or the first face of the next box still to fill. */
function nextCountField(entries: readonly Entry[], i: number, face: number): string | null {
  if (face < entries[i]!.sides) return countKey(i, face + 1);
  const next = entries.findIndex((e, j) => j > i && !e.complete && (e.count ?? 0) > 0);
  return next >= 0 ? countKey(next, 1) : null;
}

/**
 * What the boxes hold and their own undo: Ctrl+Z (Cmd+Z) in a box takes back the last thing typed or
 * counted there, Ctrl+Shift+Z or Ctrl+Y puts it again, and neither reaches the combat's Undo, which
 * would take back the step before and throw these dice away. A box with nothing entered at this step
 * lets Ctrl+Z through: the box holds the focus at every roll, and the step before can still be undone.
 */
function useBoxHistory(initial: readonly string[]) {
  const [history, setHistory] = useState(() => startHistory(initial));
  const setText = (i: number, value: string) => setHistory((h) => edited(h, i, value));
  const onKey = (e: KeyboardEvent) => {
    const key = boxUndoKey(e);
    if (!key) return;
    const next = key === 'undo' ? undone(history) : redone(history);
    if (!next) return;
    // The browser's own undo of the text would fight this one; the combat's must not see the key.
    e.preventDefault();
    e.stopPropagation();
    setHistory(next);
  };
  return { texts: history.now, setText, onKey };
}

/**
 * The first box takes the focus as the step opens, without scrolling the page to it: the step opens
 * at the top, where who rolls and what is needed are read first. After the host refused what was
 * sent (the step stays, so the entry stays mounted) the typing goes on where it was, not on a button
 * that was disabled meanwhile. Counting, the first face's count takes it, to type counts from the keys.
 */
function useBoxFocus(
  fields: RefObject<Array<HTMLInputElement | null>>,
  countFields: RefObject<Record<string, HTMLInputElement | null>>,
  mode: DiceMode,
  busy: boolean,
  firstOpen: number,
) {
  useEffect(() => {
    boxToFocus(fields.current, countFields.current, mode, 0)?.focus({ preventScroll: true });
  }, [fields, countFields, mode]);
  const wasBusy = useRef(busy);
  useEffect(() => {
    if (wasBusy.current && !busy) boxToFocus(fields.current, countFields.current, mode, firstOpen)?.focus();
    wasBusy.current = busy;
  }, [fields, countFields, mode, busy, firstOpen]);
}

/** The field that takes the focus at box `i`: its text box, or (counting, keys at hand) its first face's count. */
function boxToFocus(
  fields: Array<HTMLInputElement | null>,
  countFields: Record<string, HTMLInputElement | null>,
  mode: DiceMode,
  i: number,
): HTMLInputElement | null | undefined {
  if (mode === 'type') return fields[i];
  return keysAtHand() ? countFields[countKey(i, 1)] : null;
}

/**
 * A mouse and keys at hand (a laptop): counting, the first count takes the focus, to type counts.
 * On a touch screen the faces are tapped, and a focused count would open the number pad over them.
 */
function keysAtHand(): boolean {
  return globalThis.matchMedia?.('(pointer: fine)').matches ?? true;
}
