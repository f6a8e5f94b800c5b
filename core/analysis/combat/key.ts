/**
 * What the whole-combat walk does with a state's history: the log and the notes are only shown,
 * never read by the rules, so the walk's states shed them (each step would otherwise copy a growing
 * log), and two positions are the same when everything else but the setup (the same for every
 * state of a combat) and the step counter (which only names steps) is.
 */

interface WithHistory {
  log: readonly unknown[];
  notes: readonly unknown[];
}

/** The state without its log and notes. */
export function shedHistory<S extends WithHistory>(state: S): S {
  return state.log.length === 0 && state.notes.length === 0 ? state : { ...state, log: [], notes: [] };
}

/** The position a state stands at, as a string (see above). */
export function positionKey(state: WithHistory & { setup: unknown; counter: number }): string {
  return JSON.stringify({ ...state, setup: 0, log: 0, notes: 0, counter: 0 });
}
