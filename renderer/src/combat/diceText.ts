/**
 * Reading dice typed at the table: "3 5 6 1", "3,5,6,1" or "3561" (every face is one digit).
 * Returns the faces, or the first problem in words.
 */
export function parseFaces(text: string, sides: number): { faces: number[] } | { problem: string } {
  const cleaned = text.trim();
  if (cleaned === '') return { faces: [] };
  const tokens = /[\s,;]/.test(cleaned) ? cleaned.split(/[\s,;]+/).filter(Boolean) : cleaned.split('');
  const faces: number[] = [];
  for (const token of tokens) {
    const face = Number(token);
    if (!/^\d+$/.test(token) || face < 1 || face > sides) return { problem: `"${token}" is not a face of a D${sides} (1–${sides})` };
    faces.push(face);
  }
  return { faces };
}

/** Faces from counts per face (index 1..sides), in face order. */
export function facesFromCounts(counts: readonly number[]): number[] {
  return counts.flatMap((n, face) => Array.from({ length: face === 0 ? 0 : n }, () => face));
}
