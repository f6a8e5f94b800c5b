import { describe, expect, it } from 'vitest';
import type { RollStep } from '../../core/api/view';
import {
  boxUndoKey,
  countsIn,
  edited,
  readCount,
  redone,
  startHistory,
  textOfCounts,
  undone,
  validFaces,
  withFaceCount,
} from '../../renderer/src/combat/diceCounts';
import { entriesOf } from '../../renderer/src/combat/diceEntries';

const roll = (count: number, passOn = 3): RollStep => ({
  kind: 'roll',
  id: 's1',
  title: 'Hit roll',
  actor: 'attacker',
  count,
  sides: 6,
  passOn,
  needs: `${passOn}+`,
  why: [],
  notes: [],
});

describe('dice by face: a count per face written as the box text', () => {
  it('sets seven 3s in one go, and the rest of the box stays', () => {
    const text = withFaceCount('1 5 5', 6, 3, 7);
    expect(text).toBe('1 3333333 55');
    expect(countsIn(text, 6)).toEqual([0, 1, 0, 7, 0, 2, 0]);
  });

  it('enters forty dice as six counts', () => {
    const counts: Record<number, number> = { 1: 5, 2: 7, 3: 6, 4: 8, 5: 9, 6: 5 };
    const text = Object.entries(counts).reduce((t, [face, n]) => withFaceCount(t, 6, Number(face), n), '');
    const [entry] = entriesOf(roll(40), { halve: false, texts: [text] });
    expect(entry!.typed).toHaveLength(40);
    expect(entry!.complete).toBe(true);
    expect(countsIn(text, 6).slice(1)).toEqual([5, 7, 6, 8, 9, 5]);
  });

  it('keeps what was typed when counting starts: typed dice are counted, counts read back as dice', () => {
    const typed = '6 3 1 3 6 6';
    expect(countsIn(typed, 6)).toEqual([0, 1, 0, 2, 0, 0, 3]);
    // One more 2 counted: the box holds the same dice and the 2, grouped by face.
    const counted = withFaceCount(typed, 6, 2, 1);
    expect(validFaces(counted, 6).sort()).toEqual([1, 2, 3, 3, 6, 6, 6]);
    expect(textOfCounts(countsIn(counted, 6))).toBe(counted);
  });

  it('counts what is a face and leaves out what is not, the box still saying what is wrong', () => {
    expect(validFaces('3 9 x 4', 6)).toEqual([3, 4]);
    const [entry] = entriesOf(roll(2), { halve: false, texts: ['3 9'] });
    expect(entry!.problem).toMatch(/"9" is not a face of a D6/);
  });

  it('never takes a count below none or past the most a box holds', () => {
    expect(withFaceCount('44', 6, 4, -3)).toBe('');
    expect(countsIn(withFaceCount('', 6, 2, 5000), 6)[2]).toBe(999);
  });

  it('reads a typed count: digits, empty as none, anything else refused', () => {
    expect(readCount('7')).toBe(7);
    expect(readCount(' 12 ')).toBe(12);
    expect(readCount('')).toBe(0);
    expect(readCount('7a')).toBeNull();
    expect(readCount('-1')).toBeNull();
  });
});

describe("a dice box's own undo", () => {
  it('takes back edits one by one, puts them again, and then lets Ctrl+Z go to the step', () => {
    let h = startHistory(['']);
    h = edited(h, 0, '3');
    h = edited(h, 0, '35');
    h = edited(h, 0, withFaceCount(h.now[0]!, 6, 6, 3));
    expect(h.now).toEqual(['3 5 666']);
    h = undone(h)!;
    expect(h.now).toEqual(['35']);
    h = redone(h)!;
    expect(h.now).toEqual(['3 5 666']);
    h = undone(undone(undone(h)!)!)!;
    expect(h.now).toEqual(['']);
    // Nothing entered at this step is left to take back: the key belongs to the combat's Undo.
    expect(undone(h)).toBeNull();
  });

  it('starts from the dice put back by a step undo, which it does not take away', () => {
    const h = startHistory(['3 5', '1']);
    expect(undone(h)).toBeNull();
    const after = edited(h, 1, '12');
    expect(undone(after)!.now).toEqual(['3 5', '1']);
  });

  it('a new edit after an undo drops what could have been put again', () => {
    const h = edited(undone(edited(edited(startHistory(['']), 0, '1'), 0, '12'))!, 0, '14');
    expect(redone(h)).toBeNull();
    expect(h.now).toEqual(['14']);
  });

  it('knows its keys: Ctrl or Cmd with Z, Shift for again, Ctrl+Y', () => {
    const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {}) =>
      boxUndoKey({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });
    expect(key('z', { ctrlKey: true })).toBe('undo');
    expect(key('z', { metaKey: true })).toBe('undo');
    expect(key('Z', { ctrlKey: true, shiftKey: true })).toBe('redo');
    expect(key('y', { ctrlKey: true })).toBe('redo');
    expect(key('z')).toBeNull();
    expect(key('z', { ctrlKey: true, altKey: true })).toBeNull();
  });
});
