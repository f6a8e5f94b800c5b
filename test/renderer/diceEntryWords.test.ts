import { describe, expect, it } from 'vitest';
import { diceCount, inSixes, parseFaces } from '../../renderer/src/combat/diceText';
import { stepCount, stepsTaken } from '../../renderer/src/combat/stepCount';

describe('dice entry: what is missing, said at once', () => {
  it('says how many more dice are needed, in words for a few', () => {
    expect(diceCount(41, 42)).toBe('41 of 42 dice: one more');
    expect(diceCount(40, 42)).toBe('40 of 42 dice: two more');
    expect(diceCount(0, 18)).toBe('0 of 18 dice: 18 more');
    expect(diceCount(0, 1)).toBe('0 of 1 die: one more');
  });

  it('says when all are in, and how many are too many', () => {
    expect(diceCount(42, 42)).toBe('42 of 42 dice');
    expect(diceCount(43, 42)).toBe('43 of 42 dice: one too many');
  });
});

describe('dice grid: typed dice read back in sixes', () => {
  it('groups 42 typed faces in seven sixes, every face kept in order', () => {
    const typed = '123456 654321 111111 222222 333333 444444 555555';
    const parsed = parseFaces(typed, 6);
    if (!('faces' in parsed)) throw new Error(parsed.problem);
    const rows = inSixes(parsed.faces);
    expect(rows).toHaveLength(7);
    expect(rows.every((r) => r.length === 6)).toBe(true);
    expect(rows.flat()).toEqual(parsed.faces);
    expect(rows[1]).toEqual([6, 5, 4, 3, 2, 1]);
  });

  it('reads dice typed in blocks, with or without spaces, and names a face that is not one', () => {
    expect(parseFaces('356 114', 6)).toEqual({ faces: [3, 5, 6, 1, 1, 4] });
    expect(parseFaces('3,5;6 1', 6)).toEqual({ faces: [3, 5, 6, 1] });
    expect(parseFaces('6 5 7', 6)).toEqual({ problem: '"7" is not a face of a D6 (1–6)' });
    expect(parseFaces('1 2 3', 3)).toEqual({ faces: [1, 2, 3] });
    expect(parseFaces('14', 3)).toEqual({ problem: '"4" is not a face of a D3 (1–3)' });
  });

  it('a last short row holds what is left', () => {
    expect(inSixes([1, 2, 3, 4, 5, 6, 1])).toEqual([[1, 2, 3, 4, 5, 6], [1]]);
    expect(inSixes([])).toEqual([]);
  });
});

describe('one step count everywhere', () => {
  it('a combat under way is at the step after those taken; a finished one counts the steps taken, as the replay does', () => {
    expect(stepCount(18, false)).toBe('step 19');
    // The replay of the same combat ends "After step 18 of 18".
    expect(stepCount(18, true)).toBe('finished after 18 steps');
    expect(stepCount(1, true)).toBe('finished after 1 step');
    expect(stepsTaken(1)).toBe('1 step taken');
    expect(stepsTaken(3)).toBe('3 steps taken');
  });
});
