import { describe, expect, it } from 'vitest';
import { analyzeSetup10e } from '../../../../../core/systems/wh40k-10e/analysis';
import { damageDist, expressionDist } from '../../../../../core/systems/wh40k-10e/analysis/damage';
import { savePass } from '../../../../../core/systems/wh40k-10e/analysis/rolls';
import { parseDice } from '../../../../../core/dice/expression';
import type { Setup, SetupInput } from '../../../../../core/systems/wh40k-10e/profiles';
import { parse } from './setups';

/** The exact analysis against hand computations for the fields of WH40K10-MODIFIERS.md. */

const close = (actual: ArrayLike<number>, expected: number[], tol = 1e-12) => {
  expect(actual.length).toBe(expected.length);
  Array.from(actual).forEach((p, i) =>
    expect(Math.abs(p - expected[i]!), `index ${i}: ${p} vs ${expected[i]}`).toBeLessThan(tol),
  );
};

function build(
  weapon: Record<string, unknown>,
  defender: Partial<SetupInput['defender']> & { models: SetupInput['defender']['models'] },
  attacker: Partial<SetupInput['attacker']> = {},
): Setup {
  return parse({
    attacker: {
      name: 'A',
      ranged: true,
      weapons: [{ name: 'Gun', attacks: 1, skill: 3, strength: 4, ap: 0, damage: 1, ...weapon }],
      ...attacker,
    },
    defender: { name: 'D', ...defender },
  });
}

/** P(one attack's damage gets through and destroys a W1 model) for one attack against one W1 model: the chance of "destroyed". */
const pDestroyed = (s: Setup) => analyzeSetup10e(s).modelsDestroyed[1] ?? 0;

describe('WH40K10-MODIFIERS.md damage re-roll: the distribution of the Damage expression', () => {
  it("D6 'all' re-rolls 1–3: each of 1–3 has 1/12, each of 4–6 has 1/6 + 1/12", () => {
    close(expressionDist(parseDice('D6'), 'all'), [0, 1 / 12, 1 / 12, 1 / 12, 1 / 4, 1 / 4, 1 / 4]);
  });
  it("D3 'ones': a 1 only when both rolls are 1 (1/9); 2 and 3 have 1/3 + 1/9", () => {
    close(expressionDist(parseDice('D3'), 'ones'), [0, 1 / 9, 4 / 9, 4 / 9]);
  });
  it("D6+1 'all' re-rolls totals 2–4, D3+3 'all' re-rolls a 4", () => {
    close(expressionDist(parseDice('D6+1'), 'all'), [0, 0, 1 / 12, 1 / 12, 1 / 12, 1 / 4, 1 / 4, 1 / 4]);
    close(expressionDist(parseDice('D3+3'), 'all'), [0, 0, 0, 0, 1 / 9, 4 / 9, 4 / 9]);
  });
  it("2D6 'all' re-rolls totals 2–6 (15/36): P(v) = P(T=v)·[v ≥ 7] + 15/36·P(T=v)", () => {
    const t = [0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1].map((w) => w / 36);
    close(
      expressionDist(parseDice('2D6'), 'all'),
      t.map((p, v) => (v >= 7 ? p : 0) + (15 / 36) * p),
    );
  });
  it("2D6 'ones' re-rolls each 1 on its own: the sum of two dice of 1/36, 7/36, …", () => {
    const die = [0, 1 / 36, 7 / 36, 7 / 36, 7 / 36, 7 / 36, 7 / 36];
    const sum = new Array<number>(13).fill(0);
    die.forEach((a, i) => die.forEach((b, j) => (sum[i + j]! += a * b)));
    close(expressionDist(parseDice('2D6'), 'ones'), sum);
  });
  it('then Melta (never re-rolled), halving and −1 Damage: D3 re-rolled below 2, +Melta 2, halved, −1', () => {
    const s = build(
      { damage: 'D3', damageReroll: 'all', abilities: { melta: 2 } },
      { halfDamage: true, damageReduction: 1, models: [{ count: 1, toughness: 4, save: 3, wounds: 9 }] },
      { halfRange: true },
    );
    // D3 'all': 1 → 1/9, 2 → 4/9, 3 → 4/9; +2 → 3, 4, 5; halved → 2, 2, 3; −1 → 1, 1, 2.
    close(damageDist(s, s.attacker.weapons[0]!), [0, 5 / 9, 4 / 9]);
  });
});

describe('WH40K10-MODIFIERS.md saving throw in the analysis', () => {
  it("save re-roll: 'ones' passes p + p/6, 'failed' p + (1 − p)·p; a save that cannot pass stays 0", () => {
    expect(savePass(3, 'ones')).toBeCloseTo(4 / 6 + 4 / 36, 15);
    expect(savePass(3, 'failed')).toBeCloseTo(4 / 6 + (2 / 6) * (4 / 6), 15);
    expect(savePass(7, 'failed')).toBe(0);
  });
  it('Sv 5+, AP −2, in cover, +1: saves on 6+ (the +1 cap applies before AP)', () => {
    // Torrent, S8 v T4 (5/6 to wound), then fails the 6+ save 5/6.
    const s = build(
      { strength: 8, ap: -2, abilities: { torrent: true } },
      { cover: true, saveModifier: 1, models: [{ count: 1, toughness: 4, save: 5, wounds: 1 }] },
    );
    expect(pDestroyed(s)).toBeCloseTo((5 / 6) * (5 / 6), 14);
  });
  it('AP reduction takes away the cover a Sv 3+ model had against AP −1: with +1 it saves on 2+', () => {
    const s = build(
      { strength: 8, ap: -1, abilities: { torrent: true } },
      { cover: true, saveModifier: 1, apReduction: 1, models: [{ count: 1, toughness: 4, save: 3, wounds: 1 }] },
    );
    expect(pDestroyed(s)).toBeCloseTo((5 / 6) * (1 / 6), 14);
  });
  it('the invulnerable save takes the save modifier, not AP: 4++ with −1 against AP −4 is 5+, the better of the two', () => {
    const s = build(
      { strength: 8, ap: -4, abilities: { torrent: true } },
      { saveModifier: -1, models: [{ count: 1, toughness: 4, save: 3, invulnerable: 4, wounds: 1 }] },
    );
    expect(pDestroyed(s)).toBeCloseTo((5 / 6) * (4 / 6), 14);
  });
});

describe('WH40K10-MODIFIERS.md hit and wound rolls in the analysis', () => {
  const plain = { models: [{ count: 1, toughness: 4, save: 7, wounds: 1 }] };
  it('Stealth: −1 to a ranged hit roll (BS 3+ → 4+), not in melee; with Heavy +1 the net is 0', () => {
    // S8 v T4: wounds on 2+.
    expect(pDestroyed(build({ strength: 8 }, { stealth: true, ...plain }))).toBeCloseTo((3 / 6) * (5 / 6), 14);
    expect(pDestroyed(build({ strength: 8 }, { stealth: true, ...plain }, { ranged: false }))).toBeCloseTo(
      (4 / 6) * (5 / 6),
      14,
    );
    expect(
      pDestroyed(
        build({ strength: 8, abilities: { heavy: true } }, { stealth: true, ...plain }, { remainedStationary: true }),
      ),
    ).toBeCloseTo((4 / 6) * (5 / 6), 14);
  });
  it('Critical Hits on 5+ with Lethal Hits: a 5 or 6 wounds automatically', () => {
    // BS 4+, S3 v T6 (6+ to wound): P = 2/6 (critical, auto-wound) + 1/6 (a 4) × 1/6.
    const s = build(
      { skill: 4, strength: 3, criticalHitOn: 5, abilities: { lethalHits: true } },
      { models: [{ count: 1, toughness: 6, save: 7, wounds: 1 }] },
    );
    expect(pDestroyed(s)).toBeCloseTo(2 / 6 + (1 / 6) * (1 / 6), 14);
  });
  it('Critical Wounds on 5+ with Devastating Wounds: no save against a 5 or 6; the lower Anti-X+ wins against its keyword', () => {
    // Torrent, S4 v T4 (4+), Sv 2+ unmodified (fails 1/6): P = 2/6 + 1/6 · 1/6.
    const models = [{ count: 1, toughness: 4, save: 2, wounds: 1 }];
    expect(
      pDestroyed(build({ criticalWoundOn: 5, abilities: { torrent: true, devastatingWounds: true } }, { models })),
    ).toBeCloseTo(2 / 6 + (1 / 6) * (1 / 6), 14);
    const anti = {
      criticalWoundOn: 5,
      abilities: { torrent: true, devastatingWounds: true, anti: { keyword: 'vehicle', threshold: 4 } },
    };
    expect(pDestroyed(build(anti, { keywords: ['vehicle'], models }))).toBeCloseTo(3 / 6, 14);
  });
});

describe('WH40K10-MODIFIERS.md Feel No Pain against mortal wounds in the analysis', () => {
  it('Devastating Wounds mortal wounds use the better of FNP 6+ and 4+ vs mortal wounds; normal damage FNP 6+ only', () => {
    const models = [{ count: 1, toughness: 4, save: 7, wounds: 1, feelNoPain: 6, feelNoPainMortal: 4 }];
    // Torrent, S4 v T4: a 6 is a Critical Wound (Devastating: FNP 4+ → 1/2 through), a 4–5 a normal wound (FNP 6+ → 5/6 through).
    const s = build({ abilities: { torrent: true, devastatingWounds: true } }, { models });
    expect(pDestroyed(s)).toBeCloseTo((1 / 6) * (1 / 2) + (2 / 6) * (5 / 6), 14);
  });
  it('the mortal wounds of other rules too, and they are never halved', () => {
    const s = build(
      { attacks: 0 },
      { halfDamage: true, models: [{ count: 1, toughness: 4, save: 7, wounds: 2, feelNoPainMortal: 5 }] },
      { mortalWounds: 2 },
    );
    const q = 4 / 6; // a mortal wound gets through a 5+ Feel No Pain
    close(analyzeSetup10e(s).woundsLost, [(1 - q) ** 2, 2 * q * (1 - q), q * q]);
  });
});
