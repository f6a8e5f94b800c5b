import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus, xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';

/**
 * The seeded generator behind "Roll for me": xoroshiro128+ from pure-rand, whose state is a plain
 * array of numbers, so it can be stored in a combat log and resumed exactly.
 */
export type RngState = readonly number[];

/**
 * xoroshiro128+ seeded straight from small, nearby integers starts with correlated outputs
 * (seeds 10000, 10001, 10002 began 4444…, 3333…, 2222…). The seed is therefore scrambled with
 * MurmurHash3's 32-bit finaliser and the first outputs are discarded before any die is drawn.
 */
function scramble(seed: number): number {
  let h = seed | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h | 0;
}

const warmUp = 16;

export function seedState(seed: number): RngState {
  const rng = xoroshiro128plus(scramble(seed));
  for (let i = 0; i < warmUp; i++) rng.next();
  return rng.getState();
}

/**
 * `count` dice of `sides` faces from `state`, and the state after them. Pure: the same state
 * always gives the same dice. `uniformInt` rejects and redraws instead of taking a modulo, so every
 * face is exactly equally likely.
 */
export function drawDice(state: RngState, count: number, sides: number): { faces: number[]; state: RngState } {
  const rng = xoroshiro128plusFromState(state);
  const faces: number[] = [];
  for (let i = 0; i < count; i++) faces.push(uniformInt(rng, 1, sides));
  return { faces, state: rng.getState() };
}
