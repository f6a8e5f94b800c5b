import { within, workSpent, type Meter } from './budget';

/**
 * Long analyses done in chunks, so that the host can answer other requests between them: the whole
 * combat's odds take up to about a second, and a step the players take meanwhile must not wait
 * behind them (core/api/backends/combat.ts drives them, pausing between chunks). A chunked
 * analysis is a generator that yields between pieces of its work and returns its answer; run
 * straight through (`runToEnd`), it gives exactly what it gives in chunks — a chunk boundary
 * changes no figure, only when the host may do something else.
 */
export type Chunked<T> = Generator<void, T, void>;

/**
 * Work units a chunk may run before it offers the host a pause: about 10 ms (budget.ts: some 5 ns a
 * unit). A chunk only ends between pieces (a round's walk, a play-out), so one may run a little longer.
 */
export const CHUNK_WORK = 2e6;

/** The answer of a chunked analysis, computed at once (the command line, print, tests). */
export function runToEnd<T>(work: Chunked<T>): T {
  for (;;) {
    const r = work.next();
    if (r.done) return r.value;
  }
}

/** `work` with every chunk run against `meter` (a chunk that spends past it throws, as `metered` would). */
export function* meteredChunks<T>(meter: Meter, work: Chunked<T>): Chunked<T> {
  for (;;) {
    const r = within(meter, () => work.next());
    if (r.done) return r.value;
    yield;
  }
}

/** Whether the work spent under the current meter since it stood at `from` fills a chunk: the analysis yields then. */
export const chunkFull = (from: number) => workSpent() - from >= CHUNK_WORK;
