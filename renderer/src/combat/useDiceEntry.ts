import { useEffect, useRef, useState, type RefObject } from 'react';
import type { RollStep } from '../../../core/api/view';
import { countsOfFaces, entriesOf, restoredEntry, type RestoredDice } from './diceEntries';
import { saveDiceMode, savedDiceMode, type DiceMode } from './diceMode';

/**
 * The dice entry's state: how the dice are entered (typed or counted, D3s halved from D6s), what is
 * in each box so far, what that comes to, and the keys: Enter submits when every kind is in, else
 * goes on to the next box still to fill. The boxes keep the focus as the step opens and after the
 * host refused what was sent.
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
  const restored = restoredEntry(step, restore);
  const [halve, setHalve] = useState(restored.halve);
  const [texts, setTexts] = useState(() => restored.parts.map((faces) => faces.join(' ')));
  const [counts, setCounts] = useState(() => restored.parts.map(countsOfFaces));
  // Enter pressed with dice still missing: said aloud, not silently ignored.
  const [tried, setTried] = useState(false);
  const fields = useRef<Array<HTMLInputElement | null>>([]);

  const entries = entriesOf(step, { mode, halve, texts, counts });
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
  const setText = (i: number, value: string) => setTexts((all) => all.map((t, j) => (j === i ? value : t)));
  const bump = (i: number, face: number, by: number) =>
    setCounts((all) => all.map((c, j) => (j === i ? c.map((n, f) => (f === face ? Math.max(0, n + by) : n)) : c)));
  useBoxFocus(
    fields,
    mode,
    busy,
    Math.max(
      0,
      entries.findIndex((e) => !e.complete),
    ),
  );
  const missing = tried ? entries.find((e) => !e.complete) : undefined;
  return {
    mode,
    setMode,
    halve,
    setHalve,
    texts,
    setText,
    counts,
    bump,
    fields,
    entries,
    complete,
    submit,
    enter,
    missing,
  };
}

/**
 * The first box takes the focus as the step opens, without scrolling the page to it: the step opens
 * at the top, where who rolls and what is needed are read first. After the host refused what was
 * sent (the step stays, so the entry stays mounted) the typing goes on where it was, not on a button
 * that was disabled meanwhile.
 */
function useBoxFocus(
  fields: RefObject<Array<HTMLInputElement | null>>,
  mode: DiceMode,
  busy: boolean,
  firstOpen: number,
) {
  useEffect(() => {
    if (mode === 'type') fields.current[0]?.focus({ preventScroll: true });
  }, [fields, mode]);
  const wasBusy = useRef(busy);
  useEffect(() => {
    if (wasBusy.current && !busy) fields.current[firstOpen]?.focus();
    wasBusy.current = busy;
  }, [fields, busy, firstOpen]);
}
