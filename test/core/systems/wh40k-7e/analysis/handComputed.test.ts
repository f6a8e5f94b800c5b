import { describe, expect, it } from 'vitest';
import { analyzeRound, wh40k7eReport } from '../../../../../core/systems/wh40k-7e/analysis';
import { wh40k7e } from '../../../../../core/systems/wh40k-7e';
import { setupOf, trooper } from '../helpers';

/** The analysis against cases worked out by hand from RULES §2 and seed 000. */

const odds = (...sides: Parameters<typeof setupOf>) => analyzeRound(wh40k7e.start(setupOf(...sides)));
const close = (a: number, b: number) => expect(Math.abs(a - b), `${a} v ${b}`).toBeLessThan(1e-12);

describe('hand-computed rounds', () => {
  it('one attack, 4+ to hit and 4+ to wound, no save: 1/4 kills the lone target and wins', () => {
    const o = odds(
      { models: [trooper({ weaponSkill: 4, strength: 4, initiative: 4 })] },
      { models: [trooper({ weaponSkill: 4, toughness: 4, attacks: 0 })] },
    );
    close(o.caused.attacker[0]!, 3 / 4);
    close(o.caused.attacker[1]!, 1 / 4);
    close(o.win.attacker, 1 / 4);
    close(o.win.draw, 3 / 4);
    close(o.wiped.defender, 1 / 4);
    // A wiped-out unit takes no Morale check.
    close(o.breaks.defender, 0);
  });

  it('lost by 1 with Ld 7 → 2D6 ≤ 6 passes (15/36); a D6 + I4 against a D6 + I3 catches 26/36 of the time', () => {
    const o = odds(
      { models: [trooper({ weaponSkill: 4, strength: 4, initiative: 4 })] },
      { models: [trooper({ count: 2, weaponSkill: 4, toughness: 4, attacks: 0, leadership: 7, initiative: 3 })] },
    );
    close(o.breaks.defender, (1 / 4) * (21 / 36));
    close(o.swept.defender, (1 / 4) * (21 / 36) * (26 / 36));
    close(o.difference.offset, 0);
    close(o.difference.dist[1]!, 1 / 4);
  });

  it('lost by k with Ld 7: 2D6 ≤ 7 − k (only a double 1 at 7 − k < 2); Stubborn tests on Ld 7; Fearless never breaks; ATSKNF is never swept', () => {
    const six = { models: [trooper({ count: 6, weaponSkill: 10, strength: 10, initiative: 4 })] };
    const foe = (extra: Record<string, unknown>) => ({
      ...extra,
      models: [trooper({ count: 7, weaponSkill: 1, toughness: 1, attacks: 0, leadership: 7, initiative: 4 })],
    });
    // Each attack kills: 3+ to hit, 2+ to wound, no save → 5/9; k of 6 kill, binomially.
    const q = (2 / 3) * (5 / 6);
    const kills = (k: number) => [1, 6, 15, 20, 15, 6, 1][k]! * q ** k * (1 - q) ** (6 - k);
    // Rolls of 2D6 at or under t, out of 36; a double 1 always passes.
    const atOrUnder = [0, 0, 1, 3, 6, 10, 15, 21, 26, 30, 33, 35, 36];
    const fails = (t: number) => 1 - Math.max(1, atOrUnder[Math.max(0, Math.min(12, t))]!) / 36;
    let plain = 0;
    let stubborn = 0;
    for (let k = 1; k <= 6; k++) {
      plain += kills(k) * fails(7 - k);
      stubborn += kills(k) * fails(7);
    }
    close(odds(six, foe({})).caused.attacker[6]!, kills(6));
    close(odds(six, foe({})).breaks.defender, plain);
    close(odds(six, foe({ stubborn: true })).breaks.defender, stubborn);
    close(odds(six, foe({ fearless: true })).breaks.defender, 0);
    const atsknf = odds(six, foe({ atsknf: true }));
    close(atsknf.breaks.defender, plain);
    close(atsknf.swept.defender, 0);
    // Without ATSKNF: D6 + 4 against D6 + 4 catches on a tie or better, 21/36.
    close(odds(six, foe({})).swept.defender, plain * (21 / 36));
  });

  it('a power fist against a 3-wound model, Feel No Pain as in 6th edition: Instant Death 1/2 · 5/6; with Eternal Warrior and FNP 5+: 1 wound at 1/2 · 5/6 · 2/3', () => {
    const fist = { models: [trooper({ weaponSkill: 4, strength: 4, weapon: { strength: 'x2' as const, ap: 2 } })] };
    const target = (extra: Record<string, unknown>) => ({
      models: [trooper({ weaponSkill: 4, toughness: 4, wounds: 3, save: 3, feelNoPain: 5, attacks: 0, ...extra })],
    });
    const id = odds(fist, target({}), { sixthEditionFeelNoPain: true });
    close(id.caused.attacker[3]!, (1 / 2) * (5 / 6));
    expect(id.caused.attacker.length).toBe(4);
    const ew = odds(fist, target({ eternalWarrior: true }));
    close(ew.caused.attacker[1]!, (1 / 2) * (5 / 6) * (2 / 3));
    expect(ew.caused.attacker.length).toBe(2);
  });

  it('7th edition: Feel No Pain 5+ is rolled against Instant Death too, so the fist slays the 3-wound model at 1/2 · 5/6 · 2/3', () => {
    const fist = { models: [trooper({ weaponSkill: 4, strength: 4, weapon: { strength: 'x2' as const, ap: 2 } })] };
    const target = {
      models: [trooper({ weaponSkill: 4, toughness: 4, wounds: 3, save: 3, feelNoPain: 5, attacks: 0 })],
    };
    const id = odds(fist, target);
    close(id.caused.attacker[3]!, (1 / 2) * (5 / 6) * (2 / 3));
    close(id.caused.attacker[0]!, 1 - (1 / 2) * (5 / 6) * (2 / 3));
    expect(id.caused.attacker.length).toBe(4);
  });

  it('a Destroyer attack against a 4-wound model with a 5++: deathblow 2/3 · 1/6 slays it; seriously wounded 2/3 · 4/6 · 2/3 takes D3', () => {
    const o = odds(
      { models: [trooper({ weaponSkill: 5, weapon: { strength: 'D', ap: null } })] },
      { models: [trooper({ weaponSkill: 4, wounds: 4, save: 2, invulnerable: 5, attacks: 0 })] },
    );
    const db = (2 / 3) * (1 / 6);
    const sw = (2 / 3) * (4 / 6) * (2 / 3);
    close(o.caused.attacker[4]!, db);
    for (const k of [1, 2, 3]) close(o.caused.attacker[k]!, sw / 3);
    close(o.caused.attacker[0]!, 1 - db - sw);
  });

  it('the report has exactly the figures of SCENARIOS §2, lists indexed from 0', () => {
    const report = wh40k7eReport(
      wh40k7e.start(
        setupOf(
          { models: [trooper({ weaponSkill: 4, strength: 4, initiative: 4 })] },
          { models: [trooper({ weaponSkill: 4, toughness: 4, attacks: 0 })] },
        ),
      ),
    );
    expect(Object.keys(report)).toEqual([
      'system',
      'attacker',
      'defender',
      'difference',
      'pAttackerWins',
      'pDraw',
      'pDefenderWins',
    ]);
    expect(Object.keys(report['attacker'] as object)).toEqual([
      'woundsCaused',
      'meanWoundsCaused',
      'pWipedOut',
      'pBreaks',
      'pSwept',
    ]);
    expect(report['attacker']).toMatchObject({ woundsCaused: [0.75, 0.25], meanWoundsCaused: 0.25 });
    expect(report['difference']).toEqual({ offset: 0, dist: [0.75, 0.25], mean: 0.25 });
  });
});
