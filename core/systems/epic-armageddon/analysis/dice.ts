/** Helpers for the Epic analysis beyond the shared ones (core/dice/probability.ts): probabilities as plain arrays, P(k) at index k. */
import { binomial, convolve } from '../../../dice/probability';

export { binomial, convolve };

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
