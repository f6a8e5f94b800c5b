/** Binomial and convolution helpers for the Epic analysis (probabilities as plain arrays, P(k) at index k). */

const rows: number[][] = [[1]];
/** Pascal's triangle row n (exact in doubles far beyond the sizes used here). */
function choose(n: number): number[] {
  while (rows.length <= n) {
    const prev = rows[rows.length - 1]!;
    const next = [1];
    for (let k = 1; k < prev.length; k++) next.push(prev[k - 1]! + prev[k]!);
    next.push(1);
    rows.push(next);
  }
  return rows[n]!;
}

/** P(k successes in n independent trials of chance p), k = 0…n. */
export function binomial(n: number, p: number): number[] {
  if (p <= 0) return [1, ...Array<number>(n).fill(0)];
  if (p >= 1) return [...Array<number>(n).fill(0), 1];
  const c = choose(n);
  const out = new Array<number>(n + 1);
  for (let k = 0; k <= n; k++) out[k] = c[k]! * p ** k * (1 - p) ** (n - k);
  return out;
}

export function convolve(a: readonly number[], b: readonly number[]): number[] {
  if (a.length === 1 && a[0] === 1) return [...b];
  if (b.length === 1 && b[0] === 1) return [...a];
  const out = new Array<number>(a.length + b.length - 1).fill(0);
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    if (x === 0) continue;
    for (let j = 0; j < b.length; j++) out[i + j]! += x * b[j]!;
  }
  return out;
}

/** The number of successes among independent trials with these chances. */
export function poissonBinomial(chances: readonly number[]): number[] {
  let out = [1];
  for (const p of chances) {
    const next = new Array<number>(out.length + 1).fill(0);
    for (let k = 0; k < out.length; k++) {
      next[k]! += out[k]! * (1 - p);
      next[k + 1]! += out[k]! * p;
    }
    out = next;
  }
  return out;
}
