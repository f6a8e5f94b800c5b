import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus, xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';

/**
 * The seeded generator behind "Roll for me": xoroshiro128+ from pure-rand, whose state is a plain
 * array of numbers, so it can be stored in a combat log and resumed exactly.
 */
export type RngState = readonly number[];

export function seedState(seed: number): RngState {
  return xoroshiro128plus(seed | 0).getState();
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
