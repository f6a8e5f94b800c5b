import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../../../core/api';
import { wholeCombatOf } from '../../../core/analysis/combat';
import { fightHeadline } from '../../../core/analysis/combat/headline';
import { createCombatBackend } from '../../../core/api/backends/combat';
import { createOddsService } from '../../../core/api/backends/odds/service';
import type { WholeInChunks } from '../../../core/api/backends/odds/whole';
import { rulesDeps } from '../../../core/api/backends/rules';
import { registry } from '../../../core/systems';

/**
 * The fight of a setup before it starts (combat.preview, issue 34: "will my unit win this
 * fight?"): the whole fight's figures and line as the first step will show them, worked out on the
 * odds' own path; the combat started from the same setup finds them already counted.
 */
const rules = rulesDeps(registry, { newId: () => 'x', newSeed: () => 1 });
const immediate = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A combat backend whose odds count every whole-combat asking. */
function counted() {
  const asked: unknown[] = [];
  const wholeCombatInChunks: WholeInChunks = (id, state, share) => {
    asked.push(state);
    return rules.wholeCombatInChunks(id, state, share);
  };
  const odds = createOddsService({
    systems: registry.systems,
    analyze: rules.analyze,
    wholeCombatInChunks,
    fightsRounds: (id) => !!registry.analyses[id]?.combat,
    pause: immediate,
  });
  let ids = 0;
  const b = createCombatBackend({ systems: registry.systems, odds, newId: () => `c-${++ids}`, newSeed: () => 5 });
  return { b, asked };
}

const exampleOf = (system: string) =>
  structuredClone(registry.systems[system]!.exampleSetup) as Record<string, unknown>;

describe('the fight of a setup before it starts', () => {
  it('is the whole fight from the setup’s start, exact on the example, in the line a step reads', async () => {
    const { b } = counted();
    const preview = await b['combat.preview']({ system: 'ninth-age', setup: exampleOf('ninth-age') });
    const system = registry.systems['ninth-age']!;
    const expected = wholeCombatOf(
      registry.analyses['ninth-age'],
      system.start(system.setupSchema.parse(exampleOf('ninth-age'))),
    );
    expect(expected?.ok).toBe(true);
    expect(preview.odds?.exact).toBe(true);
    expect(preview.odds?.pAttackerWins).toBeCloseTo(expected!.ok ? expected!.odds.pAttackerWins : NaN, 12);
    expect(preview.headline).toBe(fightHeadline(preview.odds!));
    expect(preview.unavailable).toBeNull();
  }, 30_000);

  it('is found already counted by the combat started from the same setup, whatever its seed', async () => {
    const { b, asked } = counted();
    const setup = exampleOf('epic-armageddon');
    const preview = await b['combat.preview']({ system: 'epic-armageddon', setup });
    expect(asked).toHaveLength(1);
    const snap = await b['combat.start']({ system: 'epic-armageddon', setup, seed: 1234, rosterIds: [] });
    const first = await b['combat.odds']({ id: snap.id, whole: true, quick: true });
    expect(asked).toHaveLength(1);
    expect(first.whole?.start).toEqual(preview.odds);
    expect(first.whole?.headline).toBe(preview.headline);
  }, 30_000);

  it('is counted afresh for a setup that changed', async () => {
    const { b, asked } = counted();
    const setup = exampleOf('old-world');
    await b['combat.preview']({ system: 'old-world', setup });
    const changed = { ...setup, attacker: { ...(setup.attacker as object), name: 'Reiklanders' } };
    const preview = await b['combat.preview']({ system: 'old-world', setup: changed });
    expect(asked).toHaveLength(2);
    expect(preview.headline).toMatch(/^Reiklanders win the fight /);
  });

  it('gives a game of one round (40k 10th edition) its odds before any dice, as its first step will', async () => {
    const { b } = counted();
    const preview = await b['combat.preview']({ system: 'wh40k-10e', setup: exampleOf('wh40k-10e') });
    expect(preview).toMatchObject({ odds: null, headline: null, unavailable: null });
    const snap = await b['combat.start']({ system: 'wh40k-10e', setup: exampleOf('wh40k-10e'), rosterIds: [] });
    const first = await b['combat.odds']({ id: snap.id, at: 0 });
    expect(preview.round).not.toBeNull();
    expect(preview.round).toEqual(first.odds);
  });

  it('gives the first round’s odds beside the fight in a game of rounds', async () => {
    const { b } = counted();
    const preview = await b['combat.preview']({ system: 'old-world', setup: exampleOf('old-world') });
    expect(preview.headline).toMatch(/ win the fight /);
    expect(preview.round?.facts.length).toBeGreaterThan(0);
  });

  it('refuses a setup its system refuses, naming the field, as Start does', async () => {
    const { b } = counted();
    const setup = exampleOf('old-world');
    const broken = { ...setup, attacker: { ...(setup.attacker as object), units: 'many' } };
    const refused = await b['combat.preview']({ system: 'old-world', setup: broken }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiFailure);
    expect(refused).toMatchObject({ code: 'invalid_input', field: 'setup.attacker.units' });
  });

  it('is dropped once a combat is played: the players are no longer on the setup screen', async () => {
    const { b } = counted();
    const waiting = b['combat.preview']({ system: 'ninth-age', setup: exampleOf('ninth-age') });
    await immediate();
    const snap = await b['combat.start']({ system: 'old-world', setup: exampleOf('old-world'), rosterIds: [] });
    await b['combat.odds']({ id: snap.id });
    await expect(waiting).rejects.toMatchObject({ code: 'conflict' });
  }, 30_000);
});
