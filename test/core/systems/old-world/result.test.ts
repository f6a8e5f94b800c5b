import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { startState } from '../../../../core/systems/old-world';
import { roundResult } from '../../../../core/systems/old-world/result';
import type { Setup } from '../../../../core/systems/old-world/setup';
import type { Role, State } from '../../../../core/systems/old-world/state';
import { setupOf } from './helpers';

/**
 * Combat result bonuses (seed 002 "Combat Results", RULES §3), each alone and in combination,
 * worked out from a state at the end of the strikes.
 */

interface Scene {
  /** Wounds lost per pool now and at the start of the round (e.g. { 'defender.0': 3 }). */
  lost?: Record<string, number>;
  roundStart?: Record<string, number>;
  caused?: Partial<Record<Role, number>>;
  overkill?: Partial<Record<Role, number>>;
}

function resultOf(setup: Setup, scene: Scene = {}) {
  const s0 = startState(setup);
  const s: State = {
    ...s0,
    lost: { ...s0.lost, ...scene.lost },
    roundStart: { ...s0.roundStart, ...(scene.roundStart ?? scene.lost) },
    caused: { attacker: 0, defender: 0, ...scene.caused },
    overkill: { attacker: 0, defender: 0, ...scene.overkill },
  };
  return roundResult(s);
}

const bonus = (r: ReturnType<typeof resultOf>, role: Role) =>
  Object.fromEntries(r[role].bonuses.map((b) => [b.label, b.value]));

describe('combat result bonuses alone', () => {
  // A 5-wide single rank against one: no ranks, equal numbers.
  const even = (a = {}, d = {}) => setupOf({ models: 5, ...a }, { models: 5, ...d });

  it('unsaved wounds only', () => {
    const r = resultOf(even(), { caused: { attacker: 2, defender: 1 }, lost: { 'defender.0': 1, 'attacker.0': 1 } });
    expect(r.attacker).toMatchObject({ wounds: 2, total: 2, bonuses: [] });
    expect(r.defender).toMatchObject({ wounds: 1, total: 1 });
    expect(r).toMatchObject({ winner: 'attacker', difference: 1 });
  });

  it('ranks: +1 per rank of 4+ after the first, at most +3, counted at the start of the round', () => {
    expect(bonus(resultOf(even({ models: 14 })), 'attacker').Ranks).toBe(2);
    expect(bonus(resultOf(even({ models: 40 })), 'attacker').Ranks).toBe(3);
    // 13 models: the third rank has 3, it does not count.
    expect(bonus(resultOf(even({ models: 13 })), 'attacker').Ranks).toBe(1);
    // Casualties during the round do not take the bonus away.
    const r = resultOf(even({ models: 10 }), {
      roundStart: { 'attacker.0': 0 },
      lost: { 'attacker.0': 6 },
      caused: { defender: 6 },
    });
    expect(bonus(r, 'attacker').Ranks).toBe(1);
  });

  it('ranks: a unit fewer than 4 wide counts none; fast cavalry and skirmishers count none', () => {
    expect(bonus(resultOf(even({ models: 9, rankWidth: 3 })), 'attacker').Ranks).toBeUndefined();
    expect(bonus(resultOf(even({ models: 15, noRankBonus: true })), 'attacker').Ranks).toBeUndefined();
  });

  it('ranks: only the unit with the most ranks on a side counts', () => {
    const r = resultOf(setupOf([{ models: 15 }, { models: 10, facing: 'flank' }], { models: 30 }));
    expect(bonus(r, 'attacker').Ranks).toBe(2);
  });

  it('ranks: lost while an enemy of Unit Strength 5 or more is in the flank or rear; kept against a smaller one', () => {
    const big = resultOf(setupOf([{ models: 10 }, { models: 5, facing: 'flank' }], { models: 20 }));
    expect(bonus(big, 'defender').Ranks).toBeUndefined();
    expect(big.defender.bonuses.map((b) => b.label)).toEqual(['Outnumber']);
    const small = resultOf(setupOf([{ models: 10 }, { models: 4, facing: 'rear' }], { models: 20 }));
    expect(bonus(small, 'defender').Ranks).toBe(3);
  });

  it('outnumber: +1 to the side with the greater Unit Strength after casualties; none when equal', () => {
    expect(bonus(resultOf(even({ models: 6 })), 'attacker').Outnumber).toBe(1);
    expect(bonus(resultOf(even({ models: 6 }), { lost: { 'attacker.0': 1 } }), 'attacker').Outnumber).toBeUndefined();
    // Cavalry count 2 each: 3 knights (US 6) outnumber 5 infantry.
    expect(bonus(resultOf(even({ models: 3, profile: { troopType: 'cavalry' } })), 'attacker').Outnumber).toBe(1);
  });

  it('standard: +1 once per side, a battle standard counts as one', () => {
    expect(bonus(resultOf(even({ standard: true })), 'attacker').Standard).toBe(1);
    expect(
      bonus(resultOf(setupOf([{ standard: true }, { standard: true, facing: 'flank' }], {})), 'attacker').Standard,
    ).toBe(1);
    expect(bonus(resultOf(even({ battleStandard: true })), 'attacker').Standard).toBe(1);
    // A standard lost with its unit's last rank-and-file no longer counts.
    expect(
      bonus(resultOf(even({ standard: true }), { lost: { 'attacker.0': 5 } }), 'attacker').Standard,
    ).toBeUndefined();
  });

  it('higher ground: +1', () => {
    expect(bonus(resultOf(even({ highGround: true })), 'attacker')['Higher ground']).toBe(1);
  });

  it('flank +1 (once for both flanks), rear +2, flank and rear together +3', () => {
    const flank = resultOf(setupOf([{}, { facing: 'flank' }, { facing: 'flank' }], {}));
    expect(bonus(flank, 'attacker')['Flank attack']).toBe(1);
    const rear = resultOf(setupOf([{}, { facing: 'rear' }], {}));
    expect(bonus(rear, 'attacker')['Rear attack']).toBe(2);
    const both = resultOf(setupOf([{}, { facing: 'flank' }, { facing: 'rear' }], { models: 40 }));
    expect((bonus(both, 'attacker')['Flank attack'] ?? 0) + (bonus(both, 'attacker')['Rear attack'] ?? 0)).toBe(3);
  });

  it('overkill in a challenge: +1 per excess wound', () => {
    const r = resultOf(
      setupOf(
        {
          characters: [
            {
              name: 'Captain',
              profile: {
                movement: 4,
                weaponSkill: 5,
                strength: 4,
                toughness: 4,
                wounds: 2,
                initiative: 5,
                attacks: 3,
                leadership: 8,
              },
            },
          ],
        },
        {
          characters: [
            {
              name: 'Boss',
              profile: {
                movement: 4,
                weaponSkill: 5,
                strength: 4,
                toughness: 4,
                wounds: 2,
                initiative: 5,
                attacks: 3,
                leadership: 8,
              },
            },
          ],
        },
        { challenge: { attacker: { unit: 0, character: 0 }, defender: { unit: 0, character: 0 } } },
      ),
      {
        caused: { attacker: 2 },
        overkill: { attacker: 3 },
        lost: { 'defender.0.c0': 2 },
      },
    );
    expect(bonus(r, 'attacker').Overkill).toBe(3);
    // 2 wounds + 3 overkill + 1 rank + 1 outnumber (11 models against 10).
    expect(r.attacker.total).toBe(7);
  });
});

describe('a side wiped out (RULES §3, 6th edition: it has lost whatever the scores; no static bonus; both wiped out is a draw)', () => {
  it('a unit wiped out loses even when its ranks, standard and higher ground would outscore the wounds it took, and gets no bonus', () => {
    // 10 Spearmen 5 wide (2 ranks at the start of the round), a standard, on higher ground, cause 10 wounds and are all slain.
    // On scores: 10 + 1 rank + 1 standard + 1 higher ground = 13 against 10 + 1 outnumber = 11.
    const setup = setupOf({ models: 12, rankWidth: 12 }, { models: 10, standard: true, highGround: true });
    const r = resultOf(setup, {
      caused: { attacker: 10, defender: 10 },
      lost: { 'defender.0': 10, 'attacker.0': 10 },
      roundStart: {},
    });
    expect(r.winner).toBe('attacker');
    expect(r.defender.bonuses).toEqual([]);
    expect(r.defender.total).toBe(10);
    expect(r.attacker.total).toBe(11);
  });

  it('both sides wiped out: a draw, even when one side would outscore the other on its static bonuses', () => {
    // 10 Swordsmen with a standard (2 ranks at the start) cause 5 and take 10: on scores 5 + 1 + 1 = 7 against 10.
    const r = resultOf(setupOf({ models: 10, standard: true }, { models: 5 }), {
      caused: { attacker: 5, defender: 10 },
      lost: { 'defender.0': 5, 'attacker.0': 10 },
      roundStart: {},
    });
    expect(r.winner).toBeNull();
    expect(r.attacker.bonuses).toEqual([]);
  });
});

describe('combat result bonuses in combination', () => {
  it('wounds, ranks, outnumber, standard, higher ground, flank and rear add up', () => {
    const setup = setupOf(
      [
        { models: 20, standard: true, highGround: true },
        { models: 10, facing: 'flank' },
        { models: 5, facing: 'rear' },
      ],
      { models: 20, standard: true },
    );
    const r = resultOf(setup, {
      caused: { attacker: 4, defender: 1 },
      lost: { 'defender.0': 4, 'attacker.0': 1 },
      roundStart: {},
    });
    // Attacker: 4 + 3 ranks + 1 outnumber + 1 standard + 1 high ground + 1 flank + 2 rear = 13.
    expect(r.attacker.total).toBe(13);
    // Defender: 1 wound + 1 standard; its ranks are lost to the flankers (US 10 and 5).
    expect(r.defender.total).toBe(2);
    expect(r).toMatchObject({ winner: 'attacker', difference: 11 });
  });
});

/** The same combat seen from the other side: swap the sides and every key of the state. */
function swapped(setup: Setup): Setup {
  const c = setup.challenge;
  return {
    ...setup,
    attacker: setup.defender,
    defender: setup.attacker,
    challenge: c ? { attacker: c.defender, defender: c.attacker } : null,
  };
}
const swapKeys = (r: Record<string, number>) =>
  Object.fromEntries(
    Object.entries(r).map(([k, v]) => [
      k.startsWith('attacker') ? k.replace('attacker', 'defender') : k.replace('defender', 'attacker'),
      v,
    ]),
  );

describe('the combat result is symmetric (fast-check)', () => {
  const unitArb = fc.record({
    models: fc.integer({ min: 1, max: 30 }),
    rankWidth: fc.integer({ min: 3, max: 6 }),
    standard: fc.boolean(),
    highGround: fc.boolean(),
    noRankBonus: fc.boolean(),
    facing: fc.constantFrom('front', 'flank', 'rear' as const),
  });
  it('swapping attacker and defender swaps their scores, the winner and keeps the difference', () => {
    fc.assert(
      fc.property(
        fc.array(unitArb, { minLength: 1, maxLength: 3 }),
        fc.array(unitArb, { minLength: 1, maxLength: 3 }),
        fc.nat(10),
        fc.nat(10),
        (a, d, ca, cd) => {
          const setup = setupOf(
            a.map((u, i) => ({ ...u, facing: i === 0 ? 'front' : u.facing })),
            d.map((u, i) => ({ ...u, facing: i === 0 ? 'front' : u.facing })),
          );
          const lost = {
            'attacker.0': Math.min(cd, setup.attacker.units[0]!.models - 1),
            'defender.0': Math.min(ca, setup.defender.units[0]!.models - 1),
          };
          const scene = { lost, roundStart: {}, caused: { attacker: ca, defender: cd } };
          const r = resultOf(setup, scene);
          const s = resultOf(swapped(setup), {
            lost: swapKeys(lost),
            roundStart: {},
            caused: { attacker: cd, defender: ca },
          });
          expect(s.attacker.total).toBe(r.defender.total);
          expect(s.defender.total).toBe(r.attacker.total);
          expect(s.difference).toBe(r.difference);
          expect(s.winner).toBe(r.winner === null ? null : r.winner === 'attacker' ? 'defender' : 'attacker');
        },
      ),
      { numRuns: 300 },
    );
  });
});
