import { drawDice, seedState, type RngState } from './prng';

/**
 * Where dice come from. Every rule that needs a random number asks a DiceSource, so a combat is
 * replayed exactly from its log: either the app rolls (seeded, every die recorded) or the players
 * type in the physical dice they rolled.
 */
export interface DiceSource {
  roll(count: number, sides: number): number[];
}

export interface RolledDice extends DiceSource {
  /** Every roll made, in order, as `{ sides, faces }`. */
  readonly record: ReadonlyArray<{ sides: number; faces: number[] }>;
  /** The generator state now: resumes the same stream later. */
  state(): RngState;
}

export function rolledDice(start: number | RngState): RolledDice {
  let state = typeof start === 'number' ? seedState(start) : start;
  const record: Array<{ sides: number; faces: number[] }> = [];
  return {
    record,
    state: () => state,
    roll(count, sides) {
      const drawn = drawDice(state, count, sides);
      state = drawn.state;
      record.push({ sides, faces: drawn.faces });
      return drawn.faces;
    },
  };
}

export class DiceEntryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DiceEntryError';
  }
}

export interface EnteredDice extends DiceSource {
  /** How many of the given faces are still unused. */
  remaining(): number;
}

/** The players' own dice, consumed in the order given. A face outside the die is refused. */
export function enteredDice(faces: readonly number[]): EnteredDice {
  let next = 0;
  return {
    remaining: () => faces.length - next,
    roll(count, sides) {
      if (next + count > faces.length) {
        throw new DiceEntryError(
          `Ran out of entered dice: needed ${count} more D${sides}, ${faces.length - next} left.`,
        );
      }
      const out = faces.slice(next, next + count);
      out.forEach((face, i) => {
        if (!Number.isInteger(face) || face < 1 || face > sides) {
          throw new DiceEntryError(
            `Entered die #${next + i + 1} is ${face}, which is not a face of a D${sides} (1–${sides}).`,
          );
        }
      });
      next += count;
      return out;
    },
  };
}
