import { expect } from 'vitest';
import { runToEnd } from '../../core/analysis/chunked';
import type { RoundModel } from '../../core/analysis/combat/model';
import { modelChainInChunks } from '../../core/analysis/combat/modelChain';
import { playOut } from '../../core/analysis/combat/playouts';
import { walkRound } from '../../core/analysis/combat/roundWalk';
import { endOf, namesOf, Tally } from '../../core/analysis/combat/tally';
import type { CombatChain, WholeCombatOdds } from '../../core/analysis/combat/types';
import { exactWholeCombat, MAX_ROUNDS } from '../../core/analysis/combat/wholeCombat';
import { seedState } from '../../core/dice/prng';

/**
 * The checks every system's compact round model (core/analysis/combat/model.ts) must pass: the
 * engine is the authority, the model only its fast copy.
 *
 * - `transitionMatchesWalk`: one round from a state, the model's transition against the engine's
 *   own exact walk of that round (every roll by its outcomes, the suggested option at every
 *   choice), the walk's next-round states mapped through `enter` — the sharpest check, for any
 *   state the model takes.
 * - `chainMatchesWalk`: the whole combat over the model against the chain walked by the engine, to
 *   1e-9 (small combats, where the walk finishes).
 * - `chainAgreesWithPlayouts`: the whole combat over the model against N seeded engine play-outs,
 *   every figure within 4 standard errors (combats too large to walk).
 */

/** Every figure of the whole-combat odds, by a name that says which. */
export function figuresOf(odds: WholeCombatOdds): Record<string, number> {
  const out: Record<string, number> = {
    attackerWins: odds.pAttackerWins,
    defenderWins: odds.pDefenderWins,
    draw: odds.pDraw,
    unfinished: odds.pUnfinished,
  };
  odds.rounds.forEach((p, i) => (out[`ends in round ${i + 1}`] = p));
  const units = odds.units ?? [
    { ...odds.attacker, role: 'attacker' },
    { ...odds.defender, role: 'defender' },
  ];
  units.forEach((u, i) => {
    out[`${u.role} ${i} ${u.unit} destroyed`] = u.pDestroyed;
    out[`${u.role} ${i} ${u.unit} flees`] = u.pFlees;
    out[`${u.role} ${i} ${u.unit} caught`] = u.pCaught;
  });
  return out;
}

/** The whole combat over the model, exactly, with no budget. */
export function modelOdds<S>(chain: CombatChain<S>, state: S, maxRounds = MAX_ROUNDS): WholeCombatOdds {
  return runToEnd(modelChainInChunks(chain, chain.model as RoundModel<S, unknown>, state, maxRounds));
}

/** Sums by key, dropping chances under 1e-15 (sums of zero-chance paths). */
function summed(entries: Iterable<[string, number]>): Map<string, number> {
  const out = new Map<string, number>();
  for (const [k, p] of entries) out.set(k, (out.get(k) ?? 0) + p);
  for (const [k, p] of out) if (p < 1e-15) out.delete(k);
  return out;
}

function expectSameChances(actual: Map<string, number>, expected: Map<string, number>, what: string, tolerance = 1e-9) {
  for (const [k, p] of expected) expect(actual.get(k) ?? 0, `${what}: ${k}`).toBeCloseTo(p, -Math.log10(tolerance));
  for (const [k, p] of actual)
    expect(expected.get(k) ?? 0, `${what} (not in the walk): ${k}`).toBeCloseTo(p, -Math.log10(tolerance));
}

/** One round from `state`: the model's transition equals the engine's walk of that round (see above). */
export function transitionMatchesWalk<S, P>(chain: CombatChain<S>, model: RoundModel<S, P>, state: S): void {
  const position = model.enter(state);
  expect(position, 'the model takes the state').not.toBeNull();
  const t = model.transition(position!);
  const walked = walkRound({ ...chain, transition: undefined, model: undefined }, state);
  const nextOf = (ps: Iterable<[string, number]>) => summed(ps);
  const walkedNext = walked.next.map(({ state: s, p }): [string, number] => {
    const entered = model.enter(s);
    expect(entered, 'the model takes every state a round starts from').not.toBeNull();
    return [model.key(entered!), p];
  });
  expectSameChances(nextOf(t.next.map((n) => [model.key(n.position), n.p])), nextOf(walkedNext), 'next round starts');
  expectSameChances(
    summed(t.ended.map((e) => [JSON.stringify(e.end), e.p])),
    summed(walked.ended.map((e) => [JSON.stringify(e.end), e.p])),
    'ends of the combat',
  );
}

/** The whole combat over the model equals the chain walked by the engine, every figure to 1e-9. */
export function chainMatchesWalk<S>(chain: CombatChain<S>, state: S, maxRounds = MAX_ROUNDS): WholeCombatOdds {
  const byModel = modelOdds(chain, state, maxRounds);
  const walked = exactWholeCombat({ ...chain, model: undefined }, state, maxRounds);
  const a = figuresOf(byModel);
  const b = figuresOf(walked);
  expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort());
  for (const [k, p] of Object.entries(b)) expect(a[k], k).toBeCloseTo(p, 9);
  return byModel;
}

/** `n` seeded play-outs of the engine from `state`, tallied as the odds count them. */
export function playedOut<S>(chain: CombatChain<S>, state: S, n: number, seed = 1, maxRounds = MAX_ROUNDS) {
  const tally = new Tally().track(chain.unitFates?.(state));
  let rng: readonly number[] = seedState(seed);
  for (let i = 0; i < n; i++) {
    const r = playOut(chain, chain.shed(state), rng, maxRounds);
    rng = r.rng;
    if (r.unfinished) tally.unfinished += 1;
    else tally.add(endOf(chain, r.s), chain.round(r.s), 1);
  }
  const info = { exact: false, fromRound: chain.round(state), maxRounds };
  return tally.odds(namesOf(chain, state), info, n);
}

/** The whole combat over the model agrees with `n` seeded engine play-outs: every figure within 4 standard errors. */
export function chainAgreesWithPlayouts<S>(chain: CombatChain<S>, state: S, n = 20_000, seed = 1): WholeCombatOdds {
  const byModel = modelOdds(chain, state);
  const played = figuresOf(playedOut(chain, state, n, seed));
  const exact = figuresOf(byModel);
  for (const [k, q] of Object.entries(exact)) {
    const error = Math.max(Math.sqrt((q * (1 - q)) / n), 1 / n);
    expect(Math.abs((played[k] ?? 0) - q), `${k}: model ${q}, play-outs ${played[k] ?? 0}`).toBeLessThanOrEqual(
      4 * error,
    );
  }
  return byModel;
}
