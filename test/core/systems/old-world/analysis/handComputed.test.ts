import { describe, expect, it } from 'vitest';
import { analyzeRound, oldWorldAnalysis, rollOffChance } from '../../../../../core/systems/old-world/analysis';
import { analyses } from '../../../../../core/systems';
import { play, setupOf, start } from '../helpers';

/** Small combats whose odds can be worked out by hand from seed 002 and RULES §3. */

const p2d6AtLeast = (k: number) =>
  [...Array(36).keys()].filter((i) => Math.floor(i / 6) + (i % 6) + 2 >= k).length / 36;
/** P(2D6 pursuit ≥ 2D6 flee) = (1 + P(equal)) / 2, P(equal) = Σ ways² / 6⁴ = 146/1296. */
const caught2d6 = (1 + 146 / 1296) / 2;

describe('old-world exact analysis, by hand', () => {
  it('is registered for the old-world system', () => {
    expect(analyses['old-world']).toBe(oldWorldAnalysis);
  });

  it('one attack WS4 v WS4, S3 v T3, Sv 6+: an unsaved wound with 1/2 × 1/2 × 5/6 (seed 002 To Hit, To Wound; RULES §3 saves)', () => {
    // A lone model with no attacks to strike back: killing it adds +1 outnumber (US 1 against 0).
    const setup = setupOf(
      { models: 1, charged: true, profile: { weaponSkill: 4 } },
      { models: 1, profile: { weaponSkill: 4, attacks: 0, armour: 6 } },
    );
    const odds = analyzeRound(start(setup).state);
    const p = (1 / 2) * (1 / 2) * (5 / 6);
    expect(odds.caused.attacker[1]).toBeCloseTo(p, 15);
    expect(odds.caused.attacker[0]).toBeCloseTo(1 - p, 15);
    // 1 wound + 1 outnumber = 2 against 0; otherwise 0 against 0, a draw.
    expect(odds.difference.offset).toBe(0);
    expect(odds.difference.dist).toHaveLength(3);
    expect(odds.difference.dist[2]).toBeCloseTo(p, 15);
    expect(odds.win).toEqual({ attacker: expect.closeTo(p, 15), draw: expect.closeTo(1 - p, 15), defender: 0 });
    // A destroyed unit takes no break test (flow.ts: only fighting losers test).
    expect(odds.fates.defender).toEqual({ breaks: 0, caught: 0 });
  });

  it('lost by 4 with Ld 7: breaks on 2D6 ≥ 4 (seed 002 Break Test), then a 2D6 pursuit catches a 2D6 flee when ≥ (seed 002 Pursuit)', () => {
    // 10 charging men (2 ranks: +1) strike first: 2 hits, 2 wounds; the 3 survivors miss. 2 + 1 rank + 1 outnumber = 4 against 0.
    const setup = setupOf({ models: 10, charged: true }, { models: 5 });
    const atResult = play(start(setup), [6, 6, 1, 1, 1], [6, 6], [1, 1, 1]);
    expect(atResult.state.result?.difference).toBe(4);
    const odds = analyzeRound(atResult.state);
    expect(odds.win.attacker).toBe(1);
    expect(odds.difference).toEqual({ offset: 4, dist: [1] });
    expect(odds.fates.defender.breaks).toBeCloseTo(p2d6AtLeast(4), 15);
    expect(odds.fates.defender.caught).toBeCloseTo(p2d6AtLeast(4) * caught2d6, 15);
    expect(odds.fates.attacker).toEqual({ breaks: 0, caught: 0 });

    // After a hold, nothing more; after a break, at the flee and pursuit roll (one step), the 2D6 pursuit
    // catches the 2D6 flee when equal or greater; a flee of 7 is caught by a pursuit of 7, not of 6.
    const held = play(atResult, [1, 2]);
    expect(analyzeRound(held.state).fates.defender).toEqual({ breaks: 0, caught: 0 });
    const fleeing = play(atResult, [6, 6], 'pursue');
    expect(analyzeRound(fleeing.state).fates.defender.breaks).toBe(1);
    expect(analyzeRound(fleeing.state).fates.defender.caught).toBeCloseTo(caught2d6, 15);
    expect(analyzeRound(play(fleeing, [3, 4, 3, 4]).state).fates.defender.caught).toBe(1);
    expect(analyzeRound(play(fleeing, [3, 4, 3, 3]).state).fates.defender.caught).toBe(0);
  });

  it('insane courage: lost by 6 with Ld 7 breaks on anything but a double 1 (RULES §3, choice)', () => {
    const setup = setupOf({ models: 20, charged: true, standard: true }, { models: 5 });
    // 5 hits, 2 wounds: 2 + 3 ranks + 1 outnumber + 1 standard = 7 against 0 (lost by 7: 2D6 + 7 > 7 always, but 1-1 holds).
    const atResult = play(start(setup), [6, 6, 1, 1, 1], [6, 6], [1, 1, 1]);
    expect(atResult.state.result?.difference).toBe(7);
    expect(analyzeRound(atResult.state).fates.defender.breaks).toBeCloseTo(35 / 36, 15);
  });

  it("a challenger's excess wounds count as overkill, +1 each (RULES §3)", () => {
    // Lone characters: A5 WS10 S10 against WS1 T1, no save, no attacks back. Each attack: 3+ to hit (seed 002 grid) × 2+ to wound.
    const hero = {
      name: 'Hero',
      profile: {
        movement: 4,
        weaponSkill: 10,
        strength: 10,
        toughness: 4,
        wounds: 1,
        initiative: 5,
        attacks: 5,
        leadership: 9,
      },
    };
    const victim = {
      name: 'Victim',
      profile: {
        movement: 4,
        weaponSkill: 1,
        strength: 1,
        toughness: 1,
        wounds: 1,
        initiative: 1,
        attacks: 0,
        leadership: 5,
      },
    };
    const setup = setupOf(
      { models: 0, characters: [hero], charged: true },
      { models: 0, characters: [victim] },
      { challenge: { attacker: { unit: 0, character: 0 }, defender: { unit: 0, character: 0 } } },
    );
    const odds = analyzeRound(start(setup).state);
    const p = (4 / 6) * (5 / 6);
    const binom = (k: number) => [1, 5, 10, 10, 5, 1][k]! * p ** k * (1 - p) ** (5 - k);
    // k unsaved wounds: 1 caused + (k − 1) overkill + 1 outnumber = k + 1; none: a draw at 0.
    expect(odds.difference.offset).toBe(0);
    expect(odds.difference.dist[0]).toBeCloseTo(binom(0), 15);
    expect(odds.difference.dist[1]).toBeCloseTo(0, 15);
    for (let k = 1; k <= 5; k++) expect(odds.difference.dist[k + 1]).toBeCloseTo(binom(k), 15);
    // Wounds caused count only what the victim had (1).
    expect(odds.caused.attacker).toEqual([expect.closeTo(binom(0), 15), expect.closeTo(1 - binom(0), 15)]);
  });

  it('a side wiped out has lost whatever the scores and takes no break test (RULES §3, 6th edition)', () => {
    // The Spearmen (2 ranks at the start) and their Champion (A10) cause 15 wounds; their 10 rank and file are then
    // slain, and the Champion (W1, T3) faces the Captain's 3 hits at 4+ to wound.
    // Slain (1 − 1/8): the Spearmen are wiped out and lose, though 15 + 1 rank = 16 beats 11 + 1 rank + 1 outnumber = 13.
    // He lives (1/8): 16 against 10 + 1 + 1 = 12, the Swordsmen lose by 4 and test on the Captain's Ld 8.
    const hero = (name: string, initiative: number, wounds: number, attacks: number) => ({
      name,
      profile: { movement: 4, weaponSkill: 3, strength: 3, toughness: 3, wounds, initiative, attacks, leadership: 8 },
    });
    const setup = setupOf(
      { models: 30, rankWidth: 20, characters: [hero('Captain', 3, 2, 3)] },
      { models: 10, inContact: 5, profile: { initiative: 5 }, characters: [hero('Champion', 5, 1, 10)] },
      { round: 2 },
    );
    const six = (k: number) => Array.from({ length: k }, () => 6);
    const atCaptainsWounds = play(start(setup), six(15), six(15), [...six(10), 1, 1, 1, 1, 1], six(10), six(3));
    const odds = analyzeRound(atCaptainsWounds.state);
    expect(odds.win.attacker).toBeCloseTo(7 / 8, 15);
    expect(odds.win.defender).toBeCloseTo(1 / 8, 15);
    expect(odds.fates.defender.breaks).toBe(0);
    // Lost by 4 on Ld 8: breaks on 2D6 + 4 > 8, i.e. 5 or more.
    expect(odds.fates.attacker.breaks).toBeCloseTo((1 / 8) * p2d6AtLeast(5), 15);
  });

  it('the roll-off: each side first with 1/2; after the attacker rolls a, the defender beats it or ties and both roll again (apply.ts)', () => {
    expect(rollOffChance(null, 'attacker')).toBe(1 / 2);
    for (let a = 1; a <= 6; a++) {
      expect(rollOffChance(a, 'defender')).toBeCloseTo((6 - a) / 6 + 1 / 12, 15);
      expect(rollOffChance(a, 'attacker') + rollOffChance(a, 'defender')).toBeCloseTo(1, 15);
    }
  });
});
