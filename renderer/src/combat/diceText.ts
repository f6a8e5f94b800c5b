/**
 * Reading dice typed at the table: "3 5 6 1", "3,5,6,1", "3561" or in blocks, "356114 223456"
 * (every face of a D3 or D6 is one digit, so a run of digits is that many dice).
 * Returns the faces, or the first problem in words.
 */
export function parseFaces(text: string, sides: number): { faces: number[] } | { problem: string } {
  const cleaned = text.trim();
  if (cleaned === '') return { faces: [] };
  const tokens = cleaned.split(/[\s,;]+/).flatMap((t) => t.split(''));
  const faces: number[] = [];
  for (const token of tokens) {
    const face = Number(token);
    if (!/^\d+$/.test(token) || face < 1 || face > sides)
      return { problem: `"${token}" is not a face of a D${sides} (1–${sides})` };
    faces.push(face);
  }
  return { faces };
}

/** Faces from counts per face (index 1..sides), in face order. */
export function facesFromCounts(counts: readonly number[]): number[] {
  return counts.flatMap((n, face) => Array.from({ length: face === 0 ? 0 : n }, () => face));
}

const WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
/** "one", "twelve" → "12": small counts in words, as players say them. */
const inWords = (n: number) => WORDS[n] ?? String(n);

/**
 * What is still missing, said at once: "41 of 42 dice: one more", "40 of 42 dice: two more",
 * "43 of 42 dice: one too many", "42 of 42 dice" when it is all in.
 */
export function diceCount(have: number, need: number): string {
  const of = `${have} of ${need} ${need === 1 ? 'die' : 'dice'}`;
  if (have < need) return `${of}: ${inWords(need - have)} more`;
  if (have > need) return `${of}: ${inWords(have - need)} too many`;
  return of;
}

/** Faces in rows of six, as the dice grid shows them so a long roll reads back at a glance. */
export function inSixes<T>(faces: readonly T[]): T[][] {
  const rows: T[][] = [];
  for (let i = 0; i < faces.length; i += 6) rows.push(faces.slice(i, i + 6));
  return rows;
}
