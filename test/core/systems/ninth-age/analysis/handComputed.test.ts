import { describe, expect, it } from 'vitest';
import { analyzeRound, ninthAgeReport } from '../../../../../core/systems/ninth-age/analysis';
import { ninthAge } from '../../../../../core/systems/ninth-age';
import { CATCH_CHANCE } from '../../../../../core/systems/ninth-age/tables';
import { setupOf } from '../helpers';

/** The exact analysis against cases worked out by hand (seed 004, RULES §5, SCENARIOS §3). */

/** P(2D6 > 6) = 21/36: a Discipline 7 unit that lost by 1 breaks. */
const BREAK_ON_6 = 21 / 36;

describe('the Ninth Age analysis, by hand', () => {
  it('one attack at one model: hit 2+, wound 2+, no save → 25/36; the loser by 1 tests on 6', () => {
    // 1 Knight (1 wide: never a Proper Rank) against 5 Spearmen (one Proper Rank) who do not strike back.
    const setup = setupOf(
      { models: 1, width: 1, profile: { offensiveSkill: 10, strength: 10 } },
      { models: 5, profile: { defensiveSkill: 1, resilience: 0, attacks: 0 }, supportingAttacks: 0 },
    );
    const p = 25 / 36;
    const report = ninthAgeReport(ninthAge.start(setup)) as Record<string, never>;
    // Killed (p): Knights 1 HP against Spearmen 4 models (no Proper Rank left): win by 1. Not killed: the Spearmen's rank wins by 1.
    expect(report).toEqual({
      system: 'ninth-age',
      attacker: {
        hpLost: [1],
        meanHpLost: 0,
        pWipedOut: 0,
        pBreaks: expect.closeTo((1 - p) * BREAK_ON_6, 12),
        pCaught: expect.closeTo((1 - p) * BREAK_ON_6 * CATCH_CHANCE, 12),
      },
      defender: {
        hpLost: [expect.closeTo(1 - p, 12), expect.closeTo(p, 12)],
        meanHpLost: expect.closeTo(p, 12),
        pWipedOut: 0,
        pBreaks: expect.closeTo(p * BREAK_ON_6, 12),
        pCaught: expect.closeTo(p * BREAK_ON_6 * CATCH_CHANCE, 12),
      },
      difference: {
        offset: -1,
        dist: [expect.closeTo(1 - p, 12), 0, expect.closeTo(p, 12)],
        mean: expect.closeTo(2 * p - 1, 12),
      },
      pAttackerWins: expect.closeTo(p, 12),
      pDraw: 0,
      pDefenderWins: expect.closeTo(1 - p, 12),
    });
  });

  it('three attacks at a 1-HP character: he falls with 1 − (1 − p)³ and never loses more than his 1 HP; the rank and file lose nothing', () => {
    const setup = setupOf(
      { models: 3, width: 3, supporting: 0, attacksAtCharacters: [3], profile: { offensiveSkill: 3, strength: 3 } },
      {
        models: 10,
        supportingAttacks: 0,
        profile: { attacks: 0, defensiveSkill: 3, resilience: 3, armour: 1 },
        characters: [{ name: 'Captain', profile: { attacks: 0, armour: 1 } }],
      },
    );
    // 4+ to hit (OS 3 − DS 3 = 0), 4+ to wound (S 3 − Res 3), armour 6+ (7 − 1): p = 1/2 · 1/2 · 5/6.
    const p = (1 / 2) * (1 / 2) * (5 / 6);
    const odds = analyzeRound(ninthAge.start(setup));
    const dies = 1 - (1 - p) ** 3;
    expect(odds.hpLost.defender[0]).toBeCloseTo(1 - dies, 12);
    expect(odds.hpLost.defender[1]).toBeCloseTo(dies, 12);
    expect(odds.hpLost.defender.length).toBe(2);
  });

  it('slain models do not strike: the defender strikes back only if it survived the faster blow', () => {
    // Knight Agility 5, one attack at 25/36; the lone Spearman (Agility 3) strikes back at 25/36 if alive. Nobody has ranks; equal HP lost: a draw.
    const setup = setupOf(
      {
        models: 1,
        width: 1,
        profile: { agility: 5, offensiveSkill: 10, strength: 10, defensiveSkill: 1, resilience: 0 },
      },
      {
        models: 1,
        width: 1,
        profile: { agility: 3, offensiveSkill: 10, strength: 10, defensiveSkill: 1, resilience: 0 },
      },
    );
    const p = 25 / 36;
    const odds = analyzeRound(ninthAge.start(setup));
    expect(odds.hpLost.attacker[1]).toBeCloseTo((1 - p) * p, 12);
    expect(odds.wipedOut.defender).toBeCloseTo(p, 12);
    // The Knight wins by 2 (1 HP + wiped out) when he kills first; both miss: a draw; he dies: he loses by 2.
    expect(odds.win.attacker).toBeCloseTo(p, 12);
    expect(odds.win.draw).toBeCloseTo((1 - p) * (1 - p), 12);
    expect(odds.win.defender).toBeCloseTo((1 - p) * p, 12);
    // A wiped-out loser takes no test: nobody ever breaks.
    expect(odds.breaks).toEqual({ attacker: 0, defender: 0 });
  });

  it('at the break test and at the flee and pursuit roll, the odds follow the dice already rolled', () => {
    const setup = setupOf(
      { models: 1, width: 1, profile: { offensiveSkill: 10, strength: 10 } },
      { models: 5, profile: { defensiveSkill: 1, resilience: 0, attacks: 0 }, supportingAttacks: 0 },
    );
    let c = ninthAge.start(setup);
    // The Agility step in one roll: the hit, then the wound for it.
    c = ninthAge.apply(c, { kind: 'roll', stepId: '', dice: [6, 6], by: 'entered' });
    // The score is said with the break test: the Spearmen lost by 1 and test on 6.
    expect(analyzeRound(c).breaks.defender).toBeCloseTo(BREAK_ON_6, 12);
    expect(analyzeRound(c).caught.defender).toBeCloseTo(BREAK_ON_6 * CATCH_CHANCE, 12);
    c = ninthAge.apply(c, { kind: 'roll', stepId: '', dice: [4, 4], by: 'entered' });
    expect(analyzeRound(c).breaks.defender).toBe(1);
    c = ninthAge.apply(c, { kind: 'choose', stepId: '', option: 'pursue' });
    // Flee and pursuit are one roll: before it, a pursuit of 2D6 against a flee of 2D6.
    expect(analyzeRound(c).caught.defender).toBeCloseTo(CATCH_CHANCE, 12);
    // Flee 10, pursuit 10: a tie catches; pursuit 9 does not.
    expect(
      analyzeRound(ninthAge.apply(c, { kind: 'roll', stepId: '', dice: [5, 5, 4, 6], by: 'entered' })).caught.defender,
    ).toBe(1);
    expect(
      analyzeRound(ninthAge.apply(c, { kind: 'roll', stepId: '', dice: [5, 5, 4, 5], by: 'entered' })).caught.defender,
    ).toBe(0);
    const declined = ninthAge.apply(
      ninthAge.apply(ninthAge.start(setup), { kind: 'roll', stepId: '', dice: [6, 6], by: 'entered' }),
      { kind: 'roll', stepId: '', dice: [4, 4], by: 'entered' },
    );
    expect(analyzeRound(ninthAge.apply(declined, { kind: 'choose', stepId: '', option: 'hold' })).caught.defender).toBe(
      0,
    );
  });
});
