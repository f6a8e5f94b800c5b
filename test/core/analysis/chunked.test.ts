import { describe, expect, it } from 'vitest';
import { PLAYOUTS, wholeCombatInChunks, wholeCombatOdds, type CombatChain } from '../../../core/analysis/combat';
import { runToEnd, type Chunked } from '../../../core/analysis/chunked';
import { analyses, getSystem, registry } from '../../../core/systems/index';
import { walked } from '../../support/withoutModels';
import { conformance as oldWorld } from '../../../core/systems/old-world/conformance';

/**
 * The whole combat's odds worked out in chunks (core/analysis/chunked.ts), as the host does so that
 * a step never waits behind them: a chunk boundary changes no figure. The chain and the estimate
 * each keep their own meter across chunks, so two analyses taken in turns, chunk by chunk (two
 * requests the host answers side by side), give what each gives alone.
 */

const budget = 1e8;
function startOf(system: string, setup: unknown) {
  const rules = getSystem(system)!;
  return rules.start(rules.setupSchema.parse(structuredClone(setup)));
}
/** The engine's chain without the system's round model: its example is then an estimate, worked out in many chunks. */
const chainOf = (system: string) => walked(analyses[system]!.combat! as CombatChain);

/** Runs the analyses in turns, one chunk each, to their ends; how many chunks each took. */
function inTurns<T>(works: Array<Chunked<T>>): Array<{ answer: T; chunks: number }> {
  const done: Array<{ answer: T; chunks: number } | undefined> = works.map(() => undefined);
  const chunks = works.map(() => 0);
  while (done.some((d) => d === undefined)) {
    works.forEach((work, i) => {
      if (done[i]) return;
      const r = work.next();
      chunks[i]!++;
      if (r.done) done[i] = { answer: r.value, chunks: chunks[i]! };
    });
  }
  return done as Array<{ answer: T; chunks: number }>;
}

describe('the whole combat in chunks', () => {
  it('an estimate (the WFB 6th example) comes in many chunks, with the figures of one run straight through', () => {
    const state = startOf('old-world', getSystem('old-world')!.exampleSetup);
    const alone = wholeCombatOdds(chainOf('old-world'), state, 10, budget);
    const [chunked] = inTurns([wholeCombatInChunks(chainOf('old-world'), state, 10, budget)]);
    expect(alone.exact).toBe(false);
    expect(chunked!.answer).toEqual(alone);
    expect(chunked!.chunks).toBeGreaterThan(20);
  }, 120_000);

  it('the exact chain (a small WFB 6th combat) gives the same exact figures in chunks', () => {
    const state = startOf('old-world', oldWorld.combats.small);
    const alone = wholeCombatOdds(chainOf('old-world'), state, 10, budget);
    const [chunked] = inTurns([wholeCombatInChunks(chainOf('old-world'), state, 10, budget)]);
    expect(alone.exact).toBe(true);
    expect(chunked!.answer).toEqual(alone);
  }, 120_000);

  it('two analyses taken in turns keep their own meters: each gives what it gives alone', () => {
    // The examples of two systems fought round after round (the first two the registry lists).
    const [one, two] = registry.definitions.filter((d) => d.analysis?.combat).map((d) => d.id);
    const first = startOf(one!, getSystem(one!)!.exampleSetup);
    const second = startOf(two!, getSystem(two!)!.exampleSetup);
    // Budgets of different sizes: were the meters mixed, one would stop early and the other late.
    const [a, b] = inTurns([
      wholeCombatInChunks(chainOf(one!), first, 10, budget),
      wholeCombatInChunks(chainOf(two!), second, 10, budget / 4),
    ]);
    expect(a!.answer).toEqual(wholeCombatOdds(chainOf(one!), first, 10, budget));
    expect(b!.answer).toEqual(runToEnd(wholeCombatInChunks(chainOf(two!), second, 10, budget / 4)));
    // The quarter budget held the second estimate short of its play-outs; the first, with its whole budget, is the finer.
    expect(b!.answer.playouts).toBeLessThan(PLAYOUTS);
    expect(b!.answer.standardError!).toBeGreaterThan(a!.answer.standardError!);
  }, 120_000);
});
