import { describe, expect, it } from 'vitest';
import { CATCH_CHANCE } from '../../../../../core/systems/ninth-age/tables';
import { chainAgreesWithPlayouts } from '../../../../support/roundModel';
import { setupOf } from '../helpers';
import { SLOW, firstAt, layerMatchesTransitions, matches, small, theExample } from './modelCases';
import { chain, model, nextStarts, positionOf, startOf } from './modelStates';

/**
 * The Ninth Age's compact round model (core/systems/ninth-age/analysis/model) held to the engine —
 * here one round against the engine's walk at the rules' edges (the last round, no attacks left,
 * ties, wiped-out units, wounds beyond a pool, natural 1 and 6, break tests, pursuit, large pools),
 * and the example's whole combat against seeded play-outs. Each case names the rule its state
 * carries.
 */

describe('one round at the rules’ edges against the engine’s walk (transitionMatchesWalk)', () => {
  it('the game’s last round (a melee is fought twelve rounds at most): "Stop here" is suggested, the round’s winner wins', () => {
    const late = { ...nextStarts(startOf(small()))[0]!, round: 12 };
    matches(late);
    const t = model.transition(positionOf(late));
    expect(t.next).toEqual([]);
  });

  it('neither unit has an attack left: the round ends at once, stopping is suggested, and equal scores are a draw', () => {
    const setup = setupOf(
      { models: 2, profile: { attacks: 0 }, supportingAttacks: 0 },
      { models: 2, profile: { attacks: 0 }, supportingAttacks: 0 },
    );
    const start = startOf(setup);
    matches(start);
    const t = model.transition(positionOf(start));
    expect(t.ended.map((e) => [e.end.winner, e.p])).toEqual([['draw', 1]]);
  });

  it('equal Combat Scores: both win, nobody takes a Break Test (RULES §5)', () => {
    // One Spearman each, no charge: a round where neither wounds is a tie of 0 to 0.
    const setup = setupOf({ models: 1, width: 1 }, { models: 1, width: 1 });
    const start = startOf(setup);
    matches(start);
    const t = model.transition(positionOf(start));
    // Neither hurt (a tie, no test): the melee goes on from where it stood.
    const same = t.next.find((n) => n.position.code === positionOf(start).code);
    const miss = 1 - (3 / 6) * (3 / 6);
    expect(same?.p).toBeCloseTo(miss * miss, 12);
  });

  it('a unit wiped out: +1 to the enemy, no Break Test, destroyed (RULES §5); its characters slain with it', () => {
    const setup = setupOf(
      { models: 4, width: 4, charged: true, profile: { offensiveSkill: 7, strength: 7, agility: 5, attacks: 2 } },
      { models: 1, width: 1, characters: [{ profile: { healthPoints: 1 } }] },
    );
    // Half the attacks at the rank and file, half at the character beside him.
    setup.attacker.unit.attacksAtCharacters = [4];
    const start = startOf(setup);
    matches(start);
    const t = model.transition(positionOf(start));
    const wiped = t.ended.filter((e) => e.end.fates.defender === 'destroyed');
    expect(wiped.length).toBeGreaterThan(0);
    for (const e of wiped)
      expect(e.end.units!.filter((u) => u.role === 'defender').every((u) => u.end === 'destroyed')).toBe(true);
  });

  it('wounds beyond a pool are lost, never moved to another pool (seed 004, Health Pools)', () => {
    // Every attack at the 1-HP Captain: the rank and file beside him never lose a model.
    const setup = setupOf(
      { models: 5, width: 5, charged: true, profile: { strength: 6, offensiveSkill: 6 }, attacksAtCharacters: [5] },
      { models: 3, width: 3, characters: [{ name: 'Captain', profile: { healthPoints: 1, attacks: 0 } }] },
    );
    const start = startOf(setup);
    matches(start);
    const ctx = positionOf(start).ctx;
    const rf = ctx.rankAndFile[1];
    const full = ctx.pools[rf]!.full;
    for (const n of model.transition(positionOf(start)).next)
      expect(Math.floor(n.position.code / ctx.pools[rf]!.stride) % (full + 1)).toBe(full);
  });

  it('a natural 1 always fails and a natural 6 always hits (seed 004): 2+ at best, 6+ at worst, whatever the modifiers', () => {
    for (const [offensiveSkill, defensiveSkill, hitModifier, hits] of [
      [10, 1, 3, 5 / 6],
      [1, 10, -3, 1 / 6],
    ] as const) {
      const setup = setupOf(
        { models: 1, width: 1, charged: true, profile: { offensiveSkill, hitModifier, strength: 10, agility: 9 } },
        { models: 1, width: 1, profile: { defensiveSkill, resilience: 0, attacks: 0 } },
      );
      const start = startOf(setup);
      matches(start);
      // Strength 10 against Resilience 0 wounds on 2+: the defender falls with P(hit) × 5/6.
      const t = model.transition(positionOf(start));
      const destroyed = t.ended.filter((e) => e.end.fates.defender === 'destroyed').reduce((a, e) => a + e.p, 0);
      expect(destroyed).toBeCloseTo(hits * (5 / 6), 12);
    }
  });

  it('a Break Test that cannot pass: failed without rolling, or passed on a natural double 1 with Insane Courage', () => {
    for (const insaneCourage of [false, true]) {
      const setup = setupOf(
        {
          models: 3,
          width: 3,
          charged: true,
          facing: 'rear',
          standard: true,
          profile: { offensiveSkill: 9, strength: 9 },
        },
        { models: 4, width: 4, profile: { discipline: 1, attacks: 0 } },
        { insaneCourage },
      );
      const start = startOf(setup);
      matches(start);
      const t = model.transition(positionOf(start));
      // The defender loses the round by at least 4 (charge, rear, standard, 1 HP) against Discipline 1.
      const broke = t.ended.filter((e) => e.end.fates.defender === 'flees' || e.end.fates.defender === 'caught');
      const held = t.next.reduce((a, n) => a + n.p, 0);
      if (!insaneCourage) expect(held).toBe(0);
      else expect(held / (held + broke.reduce((a, e) => a + e.p, 0))).toBeCloseTo(1 / 36, 12);
    }
  });

  it('Steady (more Proper Ranks than the enemy: the difference counts at most 2) and Steady and Solid (3+ Proper Ranks: ignored)', () => {
    for (const models of [6, 15]) {
      const setup = setupOf(
        {
          models: 2,
          width: 2,
          charged: true,
          facing: 'flank',
          profile: { offensiveSkill: 6, strength: 6, attacks: 2 },
        },
        { models, width: 5, profile: { discipline: 6 } },
      );
      matches(startOf(setup));
    }
  });

  it('pursuit: a tie of the two 2D6 catches; a winner wiped out cannot pursue', () => {
    const pursued = firstAt(startOf(small()), 'flee');
    matches(pursued);
    const caught = model
      .transition(positionOf(pursued))
      .ended.filter((e) => Object.values(e.end.fates).includes('caught'));
    expect(caught.reduce((a, e) => a + e.p, 0)).toBeCloseTo(CATCH_CHANCE, 12);
    // Both sides strike at once and can wipe each other out: the survivor of a wiped-out winner flees unpursued.
    const setup = setupOf(
      { models: 1, width: 1, charged: true, profile: { offensiveSkill: 9, strength: 9, attacks: 3 } },
      { models: 2, width: 2, profile: { offensiveSkill: 9, strength: 9, attacks: 2, agility: 4, discipline: 2 } },
    );
    matches(startOf(setup));
  });

  it('health pools too large for arrays by code (six pools of 20 HP): the same rounds from the model’s hash tables', () => {
    const hero = (name: string) => ({
      name,
      profile: { healthPoints: 20, attacks: 1, offensiveSkill: 6, strength: 6 },
    });
    const setup = setupOf(
      {
        models: 1,
        width: 1,
        profile: { healthPoints: 20, attacks: 2 },
        characters: [hero('Baron'), hero('Knight')],
        attacksAtCharacters: [1, 0],
      },
      {
        models: 1,
        width: 1,
        profile: { healthPoints: 20, attacks: 2 },
        characters: [hero('Captain'), hero('Sergeant')],
      },
    );
    const start = startOf(setup);
    expect(positionOf(start).ctx.dense).toBe(false);
    matches(start);
    for (const s of nextStarts(start).slice(0, 3)) matches(s);
    layerMatchesTransitions(start, 3);
  });
});

describe('the whole combat over the model against seeded engine play-outs (chainAgreesWithPlayouts)', () => {
  it(
    'the example: 6 Knights and a Baron charge 30 Spearmen with a Captain and a Battle Standard Bearer',
    () => {
      chainAgreesWithPlayouts(chain, startOf(theExample()), 3000);
    },
    SLOW,
  );
});
