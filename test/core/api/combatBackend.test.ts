import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../../../core/api';
import { createCombatBackend } from '../../../core/api/backends/combat';
import { luckPercentile, midRankPercentile } from '../../../core/analysis/odds';
import type { RuleSystem } from '../../../core/combat';
import { toySystem } from '../combat/toySystem';

function backend(maxOpen?: number) {
  let ids = 0;
  return createCombatBackend({
    systems: { toy: toySystem as RuleSystem },
    // The toy's "analysis": hits out of its dice as if each were a coin flip, then certain once rolled.
    analyze: (_id, state) => {
      const { dice, hits } = state as { dice: number; hits: number | null };
      if (hits !== null) return { measure: 'hits', main: Array.from({ length: dice + 1 }, (_, k) => (k === hits ? 1 : 0)) };
      const main = Array.from({ length: dice + 1 }, (_, k) => binomial(dice, k) / 2 ** dice);
      return { measure: 'hits', main };
    },
    newId: () => `c-${++ids}`,
    newSeed: () => 77,
    ...(maxOpen ? { maxOpen } : {}),
  });
}
const binomial = (n: number, k: number): number => (k === 0 || k === n ? 1 : binomial(n - 1, k - 1) + binomial(n - 1, k));

async function failure(promise: Promise<unknown>): Promise<ApiFailure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiFailure) return error;
    throw error;
  }
  throw new Error('expected an ApiFailure');
}

describe('combat backend (host-side sessions)', () => {
  it('lists its systems', async () => {
    expect(await backend()['combat.systems']()).toEqual([{ id: 'toy', name: 'Toy duel' }]);
  });

  it('starts a combat with a host-made id and seed, at the first step, with odds', async () => {
    const snap = await backend()['combat.start']({ system: 'toy', setup: { dice: 2 } });
    expect(snap).toMatchObject({ id: 'c-1', system: 'toy', seed: 77, canUndo: false, finished: false, step: { kind: 'roll', id: 'hit' } });
    expect(snap.odds).toMatchObject({ measure: 'hits', before: [0.25, 0.5, 0.25], now: [0.25, 0.5, 0.25], meanBefore: 1, percentile: 50 });
  });

  it('refuses an unknown system and a setup that fails the system schema, naming the field', async () => {
    expect(await failure(backend()['combat.start']({ system: 'chess', setup: {} }))).toMatchObject({ code: 'invalid_input', field: 'system' });
    const bad = await failure(backend()['combat.start']({ system: 'toy', setup: { dice: 0 } }));
    expect(bad).toMatchObject({ code: 'invalid_input', field: 'setup.dice' });
    expect(bad.message).toContain('setup.dice');
  });

  it('advances with entered dice, refuses a bad input naming the field, and keeps the combat as it was', async () => {
    const b = backend();
    const { id } = await b['combat.start']({ system: 'toy', setup: { dice: 3 } });
    const bad = await failure(b['combat.advance']({ id, input: { kind: 'roll', stepId: 'hit', dice: [4, 9, 1], by: 'entered' } }));
    expect(bad).toMatchObject({ code: 'invalid_input', field: 'input.dice[1]' });
    expect((await b['combat.get']({ id })).step.id).toBe('hit');
    const next = await b['combat.advance']({ id, input: { kind: 'roll', stepId: 'hit', dice: [4, 6, 1], by: 'entered' } });
    expect(next).toMatchObject({ canUndo: true, step: { kind: 'choose' }, odds: { now: [0, 0, 1, 0] } });
    // 2 hits of 3 coin flips: P(<2) = 4/8, P(=2) = 3/8 → 50 + 18.75
    expect(next.odds?.percentile).toBeCloseTo(68.75, 10);
  });

  it('rolls for the players only at the step they are looking at, and undo takes it back', async () => {
    const b = backend();
    const { id } = await b['combat.start']({ system: 'toy', setup: { dice: 5 } });
    expect(await failure(b['combat.roll']({ id, stepId: 'react' }))).toMatchObject({ code: 'invalid_input', field: 'stepId' });
    const rolled = await b['combat.roll']({ id, stepId: 'hit' });
    expect(rolled.inputs).toEqual([{ kind: 'roll', stepId: 'hit', dice: expect.any(Array), by: 'rolled' }]);
    const back = await b['combat.undo']({ id });
    expect(back).toMatchObject({ canUndo: false, inputs: [], step: { id: 'hit' } });
    expect((await b['combat.roll']({ id, stepId: 'hit' })).inputs).toEqual(rolled.inputs);
  });

  it('says not_found for a combat it does not have', async () => {
    expect(await failure(backend()['combat.get']({ id: 'nope' }))).toMatchObject({ code: 'not_found', field: 'id' });
  });

  it('closes the least recently used combat beyond its limit', async () => {
    const b = backend(2);
    const first = await b['combat.start']({ system: 'toy', setup: { dice: 1 } });
    const second = await b['combat.start']({ system: 'toy', setup: { dice: 1 } });
    await b['combat.get']({ id: first.id });
    await b['combat.start']({ system: 'toy', setup: { dice: 1 } });
    await expect(b['combat.get']({ id: first.id })).resolves.toBeDefined();
    expect(await failure(b['combat.get']({ id: second.id }))).toMatchObject({ code: 'not_found' });
  });
});

describe('luck percentile', () => {
  it('is the mid-rank of the actual result once the result is certain', () => {
    const before = [0.1, 0.2, 0.4, 0.3];
    expect(midRankPercentile(before, 0)).toBeCloseTo(5, 12);
    expect(midRankPercentile(before, 2)).toBeCloseTo(50, 12);
    expect(luckPercentile(before, [0, 0, 0, 1])).toBeCloseTo(85, 12);
  });

  it('is 50 before any die is rolled, for any distribution', () => {
    for (const before of [[1], [0.5, 0.5], [0.1, 0.2, 0.4, 0.3], [0.9, 0.05, 0.05]]) expect(luckPercentile(before, before)).toBeCloseTo(50, 12);
  });
});
