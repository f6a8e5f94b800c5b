import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../../../core/api';
import { combatBackendOf as createCombatBackend } from '../../support/combatBackendOf';
import { registryWithoutModels } from '../../support/withoutModels';
import { luckPercentile, midRankPercentile } from '../../../core/analysis/odds';
import type { Analyzed } from '../../../core/analysis/guarded';
import type { RuleSystem } from '../../../core/combat';
import { toySystem } from '../combat/toySystem';
import { rulesDeps } from '../../../core/api/backends/rules';
import { conformance as oldWorld } from '../../../core/systems/old-world/conformance';
import { getSystem } from '../../../core/systems';

const { system: _system, ...smallOldWorldSetup } = oldWorld.combats.small as { system: string };

/** Every state the toy "analysis" was asked about, in order (a step must never wait for one). */
let analysed: unknown[] = [];

function backend(maxOpen?: number, tooLargeFrom = Infinity) {
  let ids = 0;
  analysed = [];
  return createCombatBackend({
    systems: { toy: toySystem as RuleSystem },
    // The toy's "analysis": hits out of its dice as if each were a coin flip, then certain once rolled;
    // more than `tooLargeFrom` dice are refused as too large, as a real analysis refuses past its budget.
    analyze: (_id, state): Analyzed => {
      analysed.push(state);
      const { dice, hits, decision } = state as { dice: number; hits: number | null; decision: string | null };
      if (dice > tooLargeFrom) return { ok: false, tooLarge: `${dice} dice: too many to count` };
      // Falling back gives up one hit: so the two options of the reaction lead to different odds.
      const counted = hits === null ? null : decision === 'fall-back' ? hits - 1 : hits;
      if (counted !== null)
        return {
          ok: true,
          distributions: { measure: 'hits', main: Array.from({ length: dice + 1 }, (_, k) => (k === counted ? 1 : 0)) },
        };
      const main = Array.from({ length: dice + 1 }, (_, k) => binomial(dice, k) / 2 ** dice);
      return { ok: true, distributions: { measure: 'hits', main } };
    },
    newId: () => `c-${++ids}`,
    newSeed: () => 77,
    ...(maxOpen ? { maxOpen } : {}),
  });
}
const binomial = (n: number, k: number): number =>
  k === 0 || k === n ? 1 : binomial(n - 1, k - 1) + binomial(n - 1, k);

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

  it('starts a combat with a host-made id and seed, at the first step; the odds follow when asked', async () => {
    const b = backend();
    const snap = await b['combat.start']({ system: 'toy', setup: { dice: 2 } });
    expect(snap).toMatchObject({
      id: 'c-1',
      system: 'toy',
      seed: 77,
      canUndo: false,
      finished: false,
      step: { kind: 'roll', id: 'hit' },
    });
    // The step answered without any analysis: the odds are their own request.
    expect(analysed).toEqual([]);
    const odds = await b['combat.odds']({ id: snap.id });
    expect(odds).toMatchObject({
      at: 0,
      unavailable: null,
      odds: { measure: 'hits', before: [0.25, 0.5, 0.25], now: [0.25, 0.5, 0.25], meanBefore: 1, percentile: 50 },
    });
    // At the start the odds now are the odds before: one analysis, not two.
    expect(analysed).toHaveLength(1);
  });

  it('at a choose step, each option shows the main figure of the state it leads to', async () => {
    const b = backend();
    const { id } = await b['combat.start']({ system: 'toy', setup: { dice: 3 } });
    await b['combat.advance']({ id, input: { kind: 'roll', stepId: 'hit', dice: [4, 6, 1], by: 'entered' } });
    const odds = await b['combat.odds']({ id });
    expect(odds.choices).toEqual([
      { option: 'hold', figure: '2.00 hits expected' },
      { option: 'fall-back', figure: '1.00 hits expected' },
    ]);
    // The defender chooses and the hits count against them: falling back (fewer hits) is best for
    // them, so it is suggested over the toy's own "Hold".
    expect(odds.best).toBe('fall-back');
    // At a roll step there is nothing to compare.
    expect((await b['combat.odds']({ id, at: 0 })).choices).toEqual([]);
    expect((await b['combat.odds']({ id, at: 0 })).best).toBeNull();
  });

  it('the round’s odds are worked out once for a state: the whole combat’s request, which carries them too, reuses them', async () => {
    const b = backend();
    const { id } = await b['combat.start']({ system: 'toy', setup: { dice: 3 } });
    await b['combat.advance']({ id, input: { kind: 'roll', stepId: 'hit', dice: [4, 6, 1], by: 'entered' } });
    const round = await b['combat.odds']({ id });
    const asked = analysed.length;
    expect(asked).toBe(4); // the start, now, and each of the two options
    expect(await b['combat.odds']({ id, whole: true })).toEqual(round);
    expect(analysed).toHaveLength(asked);
  });

  it('a step never waits for an analysis: advancing, rolling and undoing run none', async () => {
    const b = backend();
    const { id } = await b['combat.start']({ system: 'toy', setup: { dice: 3 } });
    await b['combat.advance']({ id, input: { kind: 'roll', stepId: 'hit', dice: [4, 6, 1], by: 'entered' } });
    await b['combat.undo']({ id });
    await b['combat.roll']({ id, stepId: 'hit' });
    expect(analysed).toEqual([]);
  });

  it('a combat too large to count exactly gets no odds and says why, and its steps still answer', async () => {
    const b = backend(undefined, 4);
    const { id } = await b['combat.start']({ system: 'toy', setup: { dice: 9 } });
    expect(await b['combat.odds']({ id })).toEqual({
      at: 0,
      odds: null,
      unavailable: 'No exact odds for this combat. 9 dice: too many to count.',
      choices: [],
      best: null,
    });
    const next = await b['combat.advance']({
      id,
      input: { kind: 'roll', stepId: 'hit', dice: [4, 6, 1, 1, 1, 1, 1, 1, 1], by: 'entered' },
    });
    expect(next.step.kind).toBe('choose');
    expect((await b['combat.odds']({ id })).odds).toBeNull();
  });

  it('refuses an unknown system and a setup that fails the system schema, naming the field', async () => {
    expect(await failure(backend()['combat.start']({ system: 'chess', setup: {} }))).toMatchObject({
      code: 'invalid_input',
      field: 'system',
    });
    const bad = await failure(backend()['combat.start']({ system: 'toy', setup: { dice: 0 } }));
    expect(bad).toMatchObject({ code: 'invalid_input', field: 'setup.dice' });
    expect(bad.message).toContain('setup.dice');
  });

  it('advances with entered dice, refuses a bad input naming the field, and keeps the combat as it was', async () => {
    const b = backend();
    const { id } = await b['combat.start']({ system: 'toy', setup: { dice: 3 } });
    const bad = await failure(
      b['combat.advance']({ id, input: { kind: 'roll', stepId: 'hit', dice: [4, 9, 1], by: 'entered' } }),
    );
    expect(bad).toMatchObject({ code: 'invalid_input', field: 'input.dice[1]' });
    expect((await b['combat.get']({ id })).step.id).toBe('hit');
    const next = await b['combat.advance']({
      id,
      input: { kind: 'roll', stepId: 'hit', dice: [4, 6, 1], by: 'entered' },
    });
    expect(next).toMatchObject({ canUndo: true, step: { kind: 'choose' } });
    const odds = await b['combat.odds']({ id });
    expect(odds).toMatchObject({ at: 1, odds: { now: [0, 0, 1, 0] } });
    // 2 hits of 3 coin flips: P(<2) = 4/8, P(=2) = 3/8 → 50 + 18.75
    expect(odds.odds?.percentile).toBeCloseTo(68.75, 10);
    // The odds at an earlier step of the same combat, as History steps through it.
    expect(await b['combat.odds']({ id, at: 0 })).toMatchObject({ at: 0, odds: { now: [0.125, 0.375, 0.375, 0.125] } });
  });

  it('rolls for the players only at the step they are looking at, and undo takes it back', async () => {
    const b = backend();
    const { id } = await b['combat.start']({ system: 'toy', setup: { dice: 5 } });
    expect(await failure(b['combat.roll']({ id, stepId: 'react' }))).toMatchObject({
      code: 'invalid_input',
      field: 'stepId',
    });
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

describe('combats in History', () => {
  /** A History in memory, as the store keeps it: refuses to update a combat it does not have. */
  function withHistory() {
    const kept = new Map<string, { inputs: unknown[]; finished: boolean }>();
    let ids = 0;
    const b = createCombatBackend({
      systems: { toy: toySystem as RuleSystem },
      analyze: () => null,
      newId: () => `c-${++ids}`,
      newSeed: () => 77,
      history: {
        save: async (entry) => {
          if (!entry.create && !kept.has(entry.id))
            throw new ApiFailure('not_found', `There is no combat with id "${entry.id}".`, 'id');
          kept.set(entry.id, { inputs: entry.inputs, finished: entry.finished });
        },
        load: async (id) =>
          kept.has(id)
            ? { id, system: 'toy', seed: 77, setup: { dice: 3 }, inputs: kept.get(id)!.inputs, rosterIds: [] }
            : undefined,
        drop: async (id) => void kept.delete(id),
      },
    });
    return { b, kept };
  }

  it('a combat with no step taken is not stored: Start and leave keeps nothing; the first step stores it', async () => {
    const { b, kept } = withHistory();
    const { id } = await b['combat.start']({ system: 'toy', setup: { dice: 3 } });
    expect(kept.size).toBe(0);
    await b['combat.advance']({ id, input: { kind: 'roll', stepId: 'hit', dice: [4, 6, 1], by: 'entered' } });
    expect(kept.get(id)?.inputs).toHaveLength(1);
  });

  it('undoing every step drops it from History; a step taken again stores it again', async () => {
    const { b, kept } = withHistory();
    const { id } = await b['combat.start']({ system: 'toy', setup: { dice: 3 } });
    await b['combat.advance']({ id, input: { kind: 'roll', stepId: 'hit', dice: [4, 6, 1], by: 'entered' } });
    await b['combat.undo']({ id });
    expect(kept.has(id)).toBe(false);
    await b['combat.advance']({ id, input: { kind: 'roll', stepId: 'hit', dice: [4, 6, 6], by: 'entered' } });
    expect(kept.get(id)?.inputs).toEqual([{ kind: 'roll', stepId: 'hit', dice: [4, 6, 6], by: 'entered' }]);
  });

  it('a stored combat reopens where it stands, and its last steps can be undone', async () => {
    const { b, kept } = withHistory();
    const { id } = await b['combat.start']({ system: 'toy', setup: { dice: 3 } });
    await b['combat.advance']({ id, input: { kind: 'roll', stepId: 'hit', dice: [4, 6, 1], by: 'entered' } });
    // Another backend (the app restarted) over the same History.
    const again = createCombatBackend({
      systems: { toy: toySystem as RuleSystem },
      analyze: () => null,
      newId: () => 'other',
      newSeed: () => 1,
      history: {
        save: async (e) => void kept.set(e.id, { inputs: e.inputs, finished: e.finished }),
        load: async (i) =>
          kept.has(i)
            ? { id: i, system: 'toy', seed: 77, setup: { dice: 3 }, inputs: kept.get(i)!.inputs, rosterIds: [] }
            : undefined,
        drop: async (i) => void kept.delete(i),
      },
    });
    expect(await again['combat.get']({ id })).toMatchObject({ canUndo: true, step: { kind: 'choose' } });
    expect(await again['combat.undo']({ id })).toMatchObject({ canUndo: false, step: { id: 'hit' } });
    expect(kept.has(id)).toBe(false);
  });

  it('a combat stored by an older version of its steps opens where its steps still replay, said in words; the record is kept until a step is taken', async () => {
    const { b, kept } = withHistory();
    // Stored by an older toy: its second step was a choice named otherwise ("react-old").
    const old = [
      { kind: 'roll', stepId: 'hit', dice: [4, 6, 1], by: 'entered' },
      { kind: 'choose', stepId: 'react-old', option: 'hold' },
      { kind: 'continue', stepId: 'round' },
    ];
    kept.set('old', { inputs: old, finished: false });
    const snap = await b['combat.get']({ id: 'old' });
    expect(snap.inputs).toHaveLength(1);
    expect(snap.step).toMatchObject({ kind: 'choose', id: 'react' });
    expect(snap.notice).toMatch(/older version of the app\. Its first 1 of 3 steps replay as they were/);
    expect(kept.get('old')!.inputs).toEqual(old);
    await b['combat.advance']({ id: 'old', input: { kind: 'choose', stepId: 'react', option: 'hold' } });
    expect(kept.get('old')!.inputs).toHaveLength(2);
  });

  it('a stored combat that replays whole says nothing', async () => {
    const { b, kept } = withHistory();
    kept.set('fine', { inputs: [{ kind: 'roll', stepId: 'hit', dice: [4, 6, 1], by: 'entered' }], finished: false });
    expect((await b['combat.get']({ id: 'fine' })).notice).toBeUndefined();
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
    for (const before of [[1], [0.5, 0.5], [0.1, 0.2, 0.4, 0.3], [0.9, 0.05, 0.05]])
      expect(luckPercentile(before, before)).toBeCloseTo(50, 12);
  });
});

describe('the whole combat’s odds in the odds reply (asked with `whole`)', () => {
  const small = { system: 'old-world', ...smallOldWorldSetup };
  /** WFB 6th's example: its whole combat is an estimate of about a second, worked out in many chunks. */
  const example = getSystem('old-world')!.exampleSetup as Record<string, unknown>;
  // The systems' chains as the engine walks them, without their round models: the WFB 6th example is
  // then an estimate of about a second, worked out in many chunks — what a combat too large for its
  // model gets, and what these tests of the reply's estimates, chunks and conflicts need.
  const walkedSystems = registryWithoutModels();
  const real = () => {
    let ids = 0;
    return createCombatBackend({ ...rulesDeps(walkedSystems, { newId: () => `w-${++ids}`, newSeed: () => 5 }) });
  };

  it('are absent unless asked for: the round’s odds never wait for them', async () => {
    const b = real();
    const { id } = await b['combat.start']({ system: 'old-world', setup: small });
    expect((await b['combat.odds']({ id })).whole).toBeUndefined();
    const odds = await b['combat.odds']({ id, whole: true });
    expect(odds.odds).not.toBeNull();
    expect(odds.whole?.unavailable).toBeNull();
    const start = odds.whole!.start!;
    expect(start.exact).toBe(true);
    expect(odds.whole!.now).toEqual(start);
    expect(start.pAttackerWins + start.pDefenderWins + start.pDraw + start.pUnfinished).toBeCloseTo(1, 9);
  }, 120_000);

  it('after a step: the start is remembered and the odds now follow the dice', async () => {
    const b = real();
    const { id } = await b['combat.start']({ system: 'old-world', setup: small });
    const first = await b['combat.odds']({ id, whole: true });
    await b['combat.roll']({ id, stepId: (await b['combat.get']({ id })).step.id });
    const after = await b['combat.odds']({ id, whole: true });
    expect(after.at).toBe(1);
    expect(after.whole!.start).toEqual(first.whole!.start);
    expect(after.whole!.now).not.toEqual(first.whole!.now);
  }, 120_000);

  it('are the figures `analyze` and print give: the same budget, the same seeded play-outs', async () => {
    const b = real();
    const { id } = await b['combat.start']({ system: 'old-world', setup: example });
    const live = (await b['combat.odds']({ id, whole: true })).whole!.now!;
    const oldWorld = getSystem('old-world')!;
    const printed = rulesDeps(walkedSystems, { newId: () => 'x', newSeed: () => 5 }).wholeCombat(
      'old-world',
      oldWorld.start(oldWorld.setupSchema.parse(example)),
    );
    expect(live.exact).toBe(false);
    expect(printed?.ok && printed.odds).toEqual(live);
  }, 120_000);

  it('asked `quick`: a first figure from an eighth of the work, refined by the full answer asked after it', async () => {
    const b = real();
    const { id } = await b['combat.start']({ system: 'old-world', setup: example });
    const quick = (await b['combat.odds']({ id, whole: true, quick: true })).whole!;
    const full = (await b['combat.odds']({ id, whole: true })).whole!;
    expect(quick.now!.exact).toBe(false);
    // An eighth of the work: the exact chain follows fewer rounds and fewer play-outs follow them (each the coarser by more than twice).
    expect(quick.now!.standardError!).toBeGreaterThan(2 * full.now!.standardError!);
    // The quick start is not kept: the full answer's start is the full work's.
    const oldWorld = getSystem('old-world')!;
    const printed = rulesDeps(walkedSystems, { newId: () => 'x', newSeed: () => 5 }).wholeCombat(
      'old-world',
      oldWorld.start(oldWorld.setupSchema.parse(example)),
    );
    expect(printed?.ok && printed.odds).toEqual(full.start);
  }, 120_000);

  describe('worked out in chunks, the host answering other requests between them', () => {
    /** A backend that pauses between chunks as the hosts do, counting the chunks worked out so far. */
    const chunked = () => {
      let ids = 0;
      const deps = rulesDeps(walkedSystems, {
        newId: () => `c-${++ids}`,
        newSeed: () => 5,
        pause: () => new Promise<void>((resolve) => setImmediate(resolve)),
      });
      const counted = { chunks: 0 };
      const backend = createCombatBackend({
        ...deps,
        wholeCombatInChunks: function* (...args) {
          const work = deps.wholeCombatInChunks!(...args);
          for (;;) {
            const r = work.next();
            if (r.done) return r.value;
            counted.chunks++;
            yield;
          }
        },
      });
      return Object.assign(backend, { counted });
    };

    it('a step taken meanwhile is answered before them: the players never wait behind the odds', async () => {
      const b = chunked();
      const { id, step } = await b['combat.start']({ system: 'old-world', setup: example });
      const whole = b['combat.odds']({ id, whole: true });
      const rolled = await b['combat.roll']({ id, stepId: step.id });
      const chunksBeforeTheStep = b.counted.chunks;
      expect(rolled.inputs).toHaveLength(1);
      const odds = await whole;
      expect(odds.at).toBe(0);
      expect(odds.whole!.now!.playouts).toBeGreaterThan(100);
      // About a second of work in chunks of about 10 ms: the step came in after the first of them.
      expect(b.counted.chunks).toBeGreaterThan(20);
      expect(chunksBeforeTheStep).toBeLessThanOrEqual(1);
    }, 120_000);

    it('a later request takes over: the one it replaced is answered with a conflict, the later one in full', async () => {
      const b = chunked();
      const { id, step } = await b['combat.start']({ system: 'old-world', setup: example });
      const first = failure(b['combat.odds']({ id, whole: true }));
      await b['combat.roll']({ id, stepId: step.id });
      const second = await b['combat.odds']({ id, whole: true });
      const replaced = await first;
      expect(replaced.code).toBe('conflict');
      expect(replaced.message).toMatch(/moved on/);
      expect(second.at).toBe(1);
      expect(second.whole!.start).not.toBeNull();
      expect(second.whole!.now).not.toBeNull();
    }, 120_000);
  });

  describe('beside each option of a choice, the chooser’s chance to win the whole combat', () => {
    /** Plays `setup` as "Roll for me" and the suggested options do, to its first choice that `stopAt` picks. */
    async function toChoice(
      b: ReturnType<typeof real>,
      system: string,
      setup: Record<string, unknown>,
      stopAt: (title: string) => boolean,
    ) {
      const { id } = await b['combat.start']({ system, setup });
      for (let i = 0; i < 60; i++) {
        const { step } = await b['combat.get']({ id });
        if (step.kind === 'outcome' && step.final) break;
        if (step.kind === 'choose' && stopAt(step.title)) return { id, step };
        if (step.kind === 'roll') await b['combat.roll']({ id, stepId: step.id });
        else if (step.kind === 'choose')
          await b['combat.advance']({
            id,
            input: {
              kind: 'choose',
              stepId: step.id,
              option: (step.options.find((o) => o.suggested) ?? step.options[0]!).id,
            },
          });
        else await b['combat.advance']({ id, input: { kind: 'continue', stepId: step.id } });
      }
      throw new Error('no such choice');
    }

    it('an allocation that matters for later rounds (the Epic example: where the hits go): a figure for each option, estimated, and they differ', async () => {
      const b = real();
      const epic = getSystem('epic-armageddon')!.exampleSetup as Record<string, unknown>;
      const { id, step } = await toChoice(b, 'epic-armageddon', epic, (title) => /allocate/.test(title));
      const { choices } = await b['combat.odds']({ id, whole: true });
      const wholes =
        step.kind === 'choose' ? step.options.map((o) => choices.find((c) => c.option === o.id)?.whole ?? null) : [];
      expect(wholes.length).toBeGreaterThan(1);
      for (const w of wholes) expect(w).toMatch(/^≈\u00a0\d+%\u00a0±\u00a0\d+% to win the fight$/);
      expect(new Set(wholes).size).toBeGreaterThan(1);
    }, 120_000);

    it('"Stop here: the combat goes on next turn" has none — the fight goes on — so fighting on has nothing to be compared with', async () => {
      const b = real();
      const { id, step } = await toChoice(b, 'old-world', small, (title) => /Round 1 is over/.test(title));
      expect(step.kind === 'choose' && step.options.map((o) => o.id)).toEqual(['next', 'pause']);
      const { choices } = await b['combat.odds']({ id, whole: true });
      // Before: "Stop here" read "Whole combat: Empire win 100.0%" (the stop counted as won by round 1's winner) beside 55.0%.
      expect(choices.map((c) => c.whole ?? null)).toEqual([null, null]);
    }, 120_000);
  });

  it('40k 10th edition (one round) has none', async () => {
    const b = real();
    const form = await b['combat.setupForm']({ system: 'wh40k-10e' });
    const { id } = await b['combat.start']({ system: 'wh40k-10e', setup: form.example! });
    expect((await b['combat.odds']({ id, whole: true })).whole).toBeUndefined();
  }, 120_000);
});
