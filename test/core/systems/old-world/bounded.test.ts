import { describe, expect, it } from 'vitest';
import { resolveScenario } from '../../../../core/scenario/resolve';
import { oldWorld, type Setup } from '../../../../core/systems/old-world';
import type { RuleSystem } from '../../../../core/combat/system';
import { setupOf } from './helpers';

/**
 * `resolve` of WFB 6th edition is bounded (issue 25): every scenario the validator accepts plays to
 * its end in a bounded number of steps — a combat that can never change ends as a stalemate, and
 * past twelve rounds (six turns a side: a game is over) stopping is the suggested answer. The time
 * it takes is measured in `npm run bench`, not here.
 */

const resolve = (setup: Setup, seed = 1) => resolveScenario({ system: oldWorld as unknown as RuleSystem, setup, seed });

const profile = {
  movement: 10,
  weaponSkill: 10,
  strength: 10,
  toughness: 10,
  wounds: 10,
  initiative: 10,
  attacks: 10,
  leadership: 10,
  armour: 7,
};
const bigUnit = (name: string) => ({
  name,
  profile,
  models: 200,
  rankWidth: 20,
  characters: Array.from({ length: 4 }, (_, i) => ({ name: `${name} hero ${i + 1}`, profile })),
});
/** The largest scenario the validator accepts: four units of 200 ten-wound models and four characters a side. */
const largest = (): Setup =>
  oldWorld.setupSchema.parse({
    system: 'old-world',
    attacker: { name: 'North', units: Array.from({ length: 4 }, (_, i) => bigUnit(`North ${i + 1}`)) },
    defender: { name: 'South', units: Array.from({ length: 4 }, (_, i) => bigUnit(`South ${i + 1}`)) },
  });

describe('resolve is bounded on every accepted scenario (WFB 6th edition)', () => {
  it("the largest accepted scenario plays to its end, each step within the protocol's 200 dice and 8 groups", () => {
    const r = resolve(largest());
    expect(r.outcome.length).toBeGreaterThan(0);
    // At most twelve rounds are suggested; a round of 64 pools a side in volleys of 200 dice is a few dozen steps.
    expect(r.inputs.length).toBeLessThan(12 * 200);
  }, 60_000);

  it('neither side can wound the other (S1 against T10) and the rounds are drawn: a stalemate, said in words, after one round', () => {
    const setup = setupOf({ profile: { strength: 1, toughness: 10 } }, { profile: { strength: 1, toughness: 10 } });
    const r = resolve(setup);
    expect(r.outcome.join('\n')).toMatch(
      /Neither side can wound the other and every round would be a draw: the combat ends here, a stalemate\./,
    );
    expect(r.inputs.length).toBeLessThan(5);
  });

  it('neither side can wound, one wins every round on its ranks but the other is unbreakable: a stalemate too', () => {
    const setup = setupOf(
      { models: 20, profile: { strength: 1, toughness: 10 } },
      { models: 5, unbreakable: true, profile: { strength: 1, toughness: 10 } },
    );
    const r = resolve(setup);
    expect(r.outcome.join('\n')).toMatch(/Blue lose every round but cannot break: the combat ends here, a stalemate\./);
  });

  it('while a unit can still break, the combat goes on (a loser that can break is no stalemate)', () => {
    const setup = setupOf(
      { models: 20, profile: { strength: 1, toughness: 10 } },
      { models: 5, profile: { strength: 1, toughness: 10, leadership: 2 } },
    );
    const r = resolve(setup);
    expect(r.outcome.join('\n')).not.toMatch(/stalemate/);
    expect(r.outcome.join('\n')).toMatch(/Spearmen: broke/);
  });

  it('wounds possible but rare and nobody can break: after round 12 ending is suggested (the game is over), so it ends', () => {
    // S7 against T10 wounds on 6s; 1+ armour (5+ against S7) and a 2+ ward: one attack in 54 gets through; both unbreakable.
    const tough = { strength: 7, toughness: 10, wounds: 10, armour: 1, ward: 2, weaponSkill: 1 };
    const setup = setupOf(
      { models: 1, rankWidth: 1, unbreakable: true, profile: tough },
      { models: 1, rankWidth: 1, unbreakable: true, profile: tough },
    );
    const r = resolve(setup);
    expect(r.outcome.join('\n')).toMatch(/The game is over: the combat ends here/);
  });
});
