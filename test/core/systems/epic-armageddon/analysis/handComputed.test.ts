import { describe, expect, it } from 'vitest';
import { analyzeRound, epicReport } from '../../../../../core/systems/epic-armageddon/analysis';
import type { SetupInput, Setup, State } from '../../../../../core/systems/epic-armageddon';
import { roundDriver } from '../../../../support/roundDriver';
import { epicArmageddonSystem } from '../../../../../core/systems/epic-armageddon/definition';
import { parse } from './setups';

const { begin } = roundDriver<Setup, State>(epicArmageddonSystem);

/** The analysis against cases small enough to count by hand (seed 003, RULES §4 A6, SCENARIOS §1). */

const setup = (attacker: Partial<SetupInput['attacker']>, defender: Partial<SetupInput['defender']>) =>
  parse({
    attacker: { name: 'Red', formation: 'R', units: [{ name: 'A', armour: null, cc: 4, ff: 4 }], ...attacker },
    defender: { name: 'Blue', formation: 'B', units: [{ name: 'D', armour: null, cc: 4, ff: 4 }], ...defender },
  });

/** The kept die of 2D6 (RULES §4 A6), by counting the 36 rolls. */
const kept = Array.from({ length: 7 }, (_, k) => {
  let n = 0;
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (Math.max(a, b) === k) n++;
  return n / 36;
});
/** Over the 1296 rolls of both sides: P(attacker's kept die − defender's = d) for d = −5…5. */
const difference = (d: number) => {
  let p = 0;
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (a - b === d) p += kept[a]! * kept[b]!;
  return p;
};

describe('hand-computed Epic assaults', () => {
  it('one unit each, 4+ to hit, no saves, no Blast markers: the four ways A4 can end, then a fair A6', () => {
    const odds = analyzeRound(begin(setup({}, {})).state);
    // A4: each die hits on 4+ (½). Both die (¼): the defender is destroyed, checked first → Red win.
    // Only Blue's unit dies (¼): Red win. Only Red's (¼): Blue win. Neither (¼): A6, +1 each for no Blast markers.
    const tie = [-5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5].reduce((s, d) => s + (d === 0 ? difference(d) : 0), 0);
    expect(tie).toBeCloseTo((1 + 9 + 25 + 49 + 81 + 121) / 1296, 15);
    const redAhead = [1, 2, 3, 4, 5].reduce((s, d) => s + difference(d), 0);
    expect(odds.atA4).toEqual({ attacker: 0.5, defender: 0.25 });
    expect(odds.win.attacker).toBeCloseTo(0.5 + 0.25 * redAhead, 12);
    expect(odds.win.draw).toBeCloseTo(0.25 * tie, 12);
    expect(odds.win.defender).toBeCloseTo(0.25 + 0.25 * redAhead, 12);
    expect(odds.kills.attacker).toEqual([0.5, 0.5]);
    expect(odds.kills.defender).toEqual([0.5, 0.5]);
    // Extra hits: the difference, when lost at A6; the loser has 1 unit, so at most 1 is lost.
    const meanLead = [1, 2, 3, 4, 5].reduce((s, d) => s + d * difference(d), 0);
    expect(odds.meanExtraHits.defender).toBeCloseTo(0.25 * meanLead, 12);
    expect(odds.meanExtraLosses.defender).toBeCloseTo(0.25 * redAhead, 12);
    expect(odds.meanExtraHits.attacker).toBeCloseTo(0.25 * meanLead, 12);
  });

  it('a Macro-weapon die against Reinforced Armour: one 4+ save, no re-roll; a normal hit gets the re-roll', () => {
    const fist = { name: 'Power fist', use: 'cc' as const, extraAttacks: 1, macroWeapon: true };
    // Red: CC 6+, so one die plus its Macro-weapon extra attack, each hitting on a 6.
    const s = setup(
      { units: [{ name: 'Terminator', armour: 2, cc: 6, ff: null, weapons: [fist] }] },
      { units: [{ name: 'Predator', type: 'armoured-vehicle', armour: 4, cc: null, ff: 6, reinforcedArmour: true }] },
    );
    const odds = analyzeRound(begin(s).state);
    // The Predator has no CC: it makes no attack. Red's two dice (each 1/6): the normal hit is saved
    // on 4+ with a re-roll (unsaved ¼), the Macro-weapon hit on one 4+ roll (unsaved ½).
    const hitN = 1 / 6;
    const hitM = 1 / 6;
    const killed = 1 - (1 - hitN * 0.25) * (1 - hitM * 0.5);
    expect(odds.kills.attacker[1]).toBeCloseTo(killed, 14);
    expect(odds.atA4.attacker).toBeCloseTo(killed, 14);
    expect(odds.kills.defender).toEqual([1]);
  });

  it('a war engine: each unsaved hit is a kill, the excess lost (a DC 2 engine with no save takes 3 sure hits: 2 kills)', () => {
    const s = setup(
      { units: [{ name: 'Marines', count: 3, armour: 2, cc: 2, ff: 2 }] },
      { units: [{ name: 'Stompa', type: 'war-engine', damageCapacity: 2, armour: null, cc: null, ff: null }] },
    );
    const report = epicReport(begin(s).state) as { attacker: { kills: number[] }; pAttackerWinsAtA4: number };
    // 3 dice at 2+: the engine is destroyed unless at most 1 hits: P(≤ 1 hit) = (1/6)³ + 3 (5/6)(1/6)².
    const one = 3 * (5 / 6) * (1 / 6) ** 2;
    const none = (1 / 6) ** 3;
    expect(report.attacker.kills[0]).toBeCloseTo(none, 14);
    expect(report.attacker.kills[1]).toBeCloseTo(one, 14);
    expect(report.attacker.kills[2]).toBeCloseTo(1 - one - none, 14);
    expect(report.pAttackerWinsAtA4).toBeCloseTo(1 - one - none, 14);
  });

  it('RULES §4 A6: a Broken formation counts as many Blast markers as it has units: the enemy gets +1 for having fewer', () => {
    // Neither side can hurt the other: A6 decides. Red 2 units, Blue (Broken, 0 markers) 2 units: Blue counts 2 > 0.
    const s = setup(
      { units: [{ name: 'A', count: 2, armour: 2, cc: null, ff: null }] },
      { broken: true, units: [{ name: 'D', count: 2, armour: 2, cc: null, ff: null }] },
    );
    const odds = analyzeRound(begin(s).state);
    // Red: +1 no Blast markers, +1 enemy has more; Blue: nothing. Red wins when its die + 2 beats Blue's.
    const redWins = [-1, 0, 1, 2, 3, 4, 5].reduce((p, d) => p + difference(d), 0);
    expect(odds.win.attacker).toBeCloseTo(redWins, 14);
    expect(odds.win.draw).toBeCloseTo(difference(-2), 14);
  });
});
