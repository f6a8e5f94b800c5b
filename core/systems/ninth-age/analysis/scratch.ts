/** Arrays for the outcomes of one node's step: their keys and chances, and a second pair to fold them into. */
export interface OutcomeScratch {
  keys: Float64Array;
  probs: Float64Array;
  keys2: Float64Array;
  probs2: Float64Array;
}

const scratchOf = (size: number): OutcomeScratch => ({
  keys: new Float64Array(size),
  probs: new Float64Array(size),
  keys2: new Float64Array(size),
  probs2: new Float64Array(size),
});

/**
 * Scratch space for one node's outcomes, `initial` long to begin with, grown as needed (at least
 * doubled) and reused: no garbage per node. The round's odds (strikes.ts) and the round model
 * (model/spread.ts) each keep their own.
 */
export function outcomeScratch(initial: number): (outcomes: number) => OutcomeScratch {
  let scratch = scratchOf(initial);
  return (outcomes) => {
    if (scratch.keys.length < outcomes) scratch = scratchOf(Math.max(outcomes, 2 * scratch.keys.length));
    return scratch;
  };
}
