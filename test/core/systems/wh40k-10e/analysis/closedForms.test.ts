import { describe, expect, it } from 'vitest';
import { analyzeSetup10e } from '../../../../../core/systems/wh40k-10e/analysis';
import { setup, scenarioA, weapon } from './setups';

/** Exact checks against hand computations (seed 001, RULES §1). */
const close = (actual: number[], expected: number[], tol = 1e-12) => {
  expect(actual.length).toBe(expected.length);
  actual.forEach((p, i) => expect(Math.abs(p - expected[i]!), `index ${i}: ${p} vs ${expected[i]}`).toBeLessThan(tol));
};
const choose = (n: number, k: number) => {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
};
const binomial = (n: number, p: number) =>
  Array.from({ length: n + 1 }, (_, k) => choose(n, k) * p ** k * (1 - p) ** (n - k));

/** One model group with no save (Sv 7) and W1 unless given. */
const plain = (
  count: number,
  extra: Partial<{
    toughness: number;
    save: number;
    wounds: number;
    feelNoPain: number | null;
    invulnerable: number | null;
    character: boolean;
  }> = {},
) => ({
  count,
  toughness: 4,
  save: 7,
  wounds: 1,
  ...extra,
});

describe('exact analysis: closed forms', () => {
  it('fixed D1 against W1 models is binomial with p = P(hit)·P(wound)·P(fail save)', () => {
    // BS3+ (4/6), S4 v T4 (3/6), Sv3+ at AP-1 → 4+ (fail 1/2).
    const r = analyzeSetup10e(scenarioA());
    const expected = binomial(10, (4 / 6) * (3 / 6) * (1 / 2));
    close(r.modelsDestroyed, expected);
    close(r.woundsLost, expected);
    expect(r.meanModelsDestroyed).toBeCloseTo(10 / 6, 12);
  });

  it('a single D3 attack against W2 models: a 2 or a 3 destroys one model, the excess is lost', () => {
    const s = setup({
      weapons: [weapon({ attacks: 1, skill: 3, strength: 4, ap: 0, damage: 'D3' })],
      models: [plain(2, { save: 4, wounds: 2 })],
    });
    const p = (4 / 6) * (3 / 6) * (3 / 6);
    const r = analyzeSetup10e(s);
    close(r.modelsDestroyed, [1 - (2 * p) / 3, (2 * p) / 3, 0]);
    close(r.woundsLost, [1 - p, p / 3, (2 * p) / 3, 0, 0]);
  });

  it('two D3 attacks against W2 models: damage is applied attack by attack, excess lost', () => {
    // Torrent, S8 v T4 → 2+ (5/6), no save.
    const s = setup({
      weapons: [weapon({ attacks: 2, skill: 4, strength: 8, ap: 0, damage: 'D3', abilities: { torrent: true } })],
      models: [plain(2, { wounds: 2 })],
    });
    const q = 5 / 6;
    const perAttack = [1 - q, q / 3, q / 3, q / 3]; // damage 0..3
    const dead = [0, 0, 0];
    const lost = [0, 0, 0, 0, 0];
    perAttack.forEach((p1, d1) =>
      perAttack.forEach((p2, d2) => {
        let left = [2, 2];
        let k = 0;
        for (const d of [d1, d2]) {
          if (d === 0) continue;
          left = left.map((w, i) => (i === k ? Math.max(0, w - d) : w));
          if (left[k] === 0) k++;
        }
        dead[k]! += p1 * p2;
        lost[4 - left[0]! - left[1]!]! += p1 * p2;
      }),
    );
    const r = analyzeSetup10e(s);
    close(r.modelsDestroyed, dead);
    close(r.woundsLost, lost);
  });

  it('Feel No Pain: one D6 per wound that would be lost', () => {
    // Torrent S8 v T4 (5/6), D2, no save, W2, FNP 5+ (a wound gets through 2/3).
    const s = setup({
      weapons: [weapon({ attacks: 1, skill: 4, strength: 8, ap: 0, damage: 2, abilities: { torrent: true } })],
      models: [plain(1, { wounds: 2, feelNoPain: 5 })],
    });
    const r = analyzeSetup10e(s);
    const w = 5 / 6;
    close(r.modelsDestroyed, [1 - w * (4 / 9), w * (4 / 9)]);
    close(r.woundsLost, [1 - w * (8 / 9), w * (4 / 9), w * (4 / 9)]);
  });

  it.each([
    ['none', 4 / 6],
    ['ones', 4 / 6 + (1 / 6) * (4 / 6)],
    ['failed', 4 / 6 + (2 / 6) * (4 / 6)],
    ['all', 4 / 6 + (2 / 6) * (4 / 6)],
  ] as const)('hit re-roll %s at BS3+', (hitReroll, pHit) => {
    const s = setup({
      weapons: [weapon({ attacks: 1, skill: 3, strength: 8, ap: 0, damage: 1, hitReroll })],
      models: [plain(1)],
    });
    close(analyzeSetup10e(s).modelsDestroyed, [1 - pHit * (5 / 6), pHit * (5 / 6)]);
  });

  it('re-rolls happen before modifiers: a -1 to hit turns BS3+ into needing 4s, re-roll failed re-rolls 1–3', () => {
    const s = setup({
      weapons: [weapon({ attacks: 1, skill: 3, strength: 8, ap: 0, damage: 1, hitModifier: -2, hitReroll: 'failed' })],
      models: [plain(1)],
    });
    const pHit = 3 / 6 + (3 / 6) * (3 / 6); // modifier capped at -1
    close(analyzeSetup10e(s).modelsDestroyed, [1 - pHit * (5 / 6), pHit * (5 / 6)]);
  });

  it.each([
    ['wound re-roll ones', { woundReroll: 'ones' as const }, 3 / 6 + (1 / 6) * (3 / 6)],
    ['Twin-linked', { abilities: { twinLinked: true } }, 3 / 6 + (3 / 6) * (3 / 6)],
    ['Lance on the charge (+1 to wound)', { abilities: { lance: true } }, 4 / 6],
  ])('%s', (_name, extra, pWound) => {
    const s = setup({
      charged: true,
      ranged: false,
      weapons: [
        weapon({
          attacks: 1,
          skill: 4,
          strength: 4,
          ap: 0,
          damage: 1,
          ...extra,
          abilities: { torrent: true, ...('abilities' in extra ? extra.abilities : {}) },
        }),
      ],
      models: [plain(1)],
    });
    close(analyzeSetup10e(s).modelsDestroyed, [1 - pWound, pWound]);
  });

  it('Lethal Hits: a Critical Hit wounds automatically', () => {
    // BS4+, S4 v T8 → 6+: 1/6 (crit, auto) + 2/6·1/6.
    const s = setup({
      weapons: [weapon({ attacks: 1, skill: 4, strength: 4, ap: 0, damage: 1, abilities: { lethalHits: true } })],
      models: [plain(1, { toughness: 8 })],
    });
    close(analyzeSetup10e(s).modelsDestroyed, [1 - 8 / 36, 8 / 36]);
  });

  it('Sustained Hits 1: a Critical Hit scores an extra hit that rolls to wound', () => {
    const s = setup({
      weapons: [weapon({ attacks: 1, skill: 4, strength: 4, ap: 0, damage: 1, abilities: { sustainedHits: 1 } })],
      models: [plain(2)],
    });
    close(analyzeSetup10e(s).modelsDestroyed, [1 - 1 / 4 - 1 / 24, 1 / 4, 1 / 24]);
  });

  it('Sustained Hits D3 with Lethal Hits', () => {
    // Crit (1/6): one auto-wound + D3 hits wounding on 4+; normal hit (2/6): wounds on 4+.
    const s = setup({
      weapons: [
        weapon({
          attacks: 1,
          skill: 4,
          strength: 4,
          ap: 0,
          damage: 1,
          abilities: { sustainedHits: 'D3', lethalHits: true },
        }),
      ],
      models: [plain(5)],
    });
    const expected = [0, 0, 0, 0, 0, 0];
    expected[0] = 3 / 6 + (2 / 6) * (1 / 2);
    expected[1] = (2 / 6) * (1 / 2);
    for (let x = 1; x <= 3; x++) binomial(x, 1 / 2).forEach((p, k) => (expected[1 + k]! += (1 / 6) * (1 / 3) * p));
    close(analyzeSetup10e(s).modelsDestroyed, expected);
  });

  it('Devastating Wounds: a Critical Wound ignores every save', () => {
    // Torrent S4 v T4: crit 1/6 (no save), normal 2/6 against Sv2+ 2++ (fail 1/6).
    const s = setup({
      weapons: [
        weapon({
          attacks: 1,
          skill: 4,
          strength: 4,
          ap: 0,
          damage: 1,
          abilities: { torrent: true, devastatingWounds: true },
        }),
      ],
      models: [plain(1, { save: 2, invulnerable: 2 })],
    });
    close(analyzeSetup10e(s).modelsDestroyed, [1 - 2 / 9, 2 / 9]);
  });

  it('Devastating Wounds mortal wounds come after all normal damage, and their excess is lost', () => {
    // Weapon 1: Anti-Infantry 2+ → Critical Wound on 2+ (5/6), 2 mortal wounds. Weapon 2: 1 damage on a 4+.
    // Normal damage first: the 1 damage, then the 2 mortal wounds finish that model (excess lost).
    const s = setup({
      keywords: ['Infantry'],
      weapons: [
        weapon({
          name: 'dev',
          attacks: 1,
          skill: 4,
          strength: 4,
          ap: 0,
          damage: 2,
          abilities: { torrent: true, devastatingWounds: true, anti: { keyword: 'infantry', threshold: 2 } },
        }),
        weapon({ name: 'plain', attacks: 1, skill: 4, strength: 4, ap: 0, damage: 1, abilities: { torrent: true } }),
      ],
      models: [plain(2, { wounds: 2 })],
    });
    const r = analyzeSetup10e(s);
    close(r.modelsDestroyed, [1 / 6, 5 / 6, 0]);
    close(r.woundsLost, [1 / 12, 1 / 12, 5 / 6, 0, 0]);
  });

  it('Devastating Wounds mortal wounds are subject to Feel No Pain', () => {
    const s = setup({
      weapons: [
        weapon({
          attacks: 1,
          skill: 4,
          strength: 4,
          ap: 0,
          damage: 1,
          abilities: { torrent: true, devastatingWounds: true, anti: { keyword: 'infantry', threshold: 2 } },
        }),
      ],
      keywords: ['infantry'],
      models: [plain(1, { feelNoPain: 4 })],
    });
    close(analyzeSetup10e(s).modelsDestroyed, [1 - (5 / 6) * (1 / 2), (5 / 6) * (1 / 2)]);
  });

  it('Blast counts the target unit as it was when selected, not what an earlier weapon left of it (RULES §1 Blast)', () => {
    // Ten 1-wound T1 models without a save. A first weapon (10 Torrent attacks, S8: wounds on 2+) kills X ~ Bin(10, 5/6);
    // the Blast weapon then still has 1 + 10/5 = 3 attacks (Torrent, S8), each killing one more: Y ~ Bin(3, 5/6).
    const first = weapon({
      name: 'flamer',
      attacks: 10,
      skill: 4,
      strength: 8,
      ap: 0,
      damage: 1,
      abilities: { torrent: true },
    });
    const frag = weapon({
      name: 'frag',
      attacks: 1,
      skill: 4,
      strength: 8,
      ap: 0,
      damage: 1,
      abilities: { torrent: true, blast: true },
    });
    const s = setup({ weapons: [first, frag], models: [plain(10, { toughness: 1 })] });
    const x = binomial(10, 5 / 6);
    const y = binomial(3, 5 / 6);
    const expected = new Array<number>(11).fill(0);
    x.forEach((px, i) => y.forEach((py, j) => (expected[Math.min(10, i + j)]! += px * py)));
    close(analyzeSetup10e(s).modelsDestroyed, expected);
  });

  it('Blast adds an attack per 5 target models; Rapid Fire and Melta within half range', () => {
    const blast = setup({
      weapons: [
        weapon({ attacks: 1, skill: 4, strength: 8, ap: 0, damage: 1, abilities: { torrent: true, blast: true } }),
      ],
      models: [plain(10)],
    });
    close(analyzeSetup10e(blast).modelsDestroyed, [...binomial(3, 5 / 6), 0, 0, 0, 0, 0, 0, 0]);
    const rapid = setup({
      halfRange: true,
      weapons: [
        weapon({ attacks: 1, skill: 4, strength: 8, ap: 0, damage: 1, abilities: { torrent: true, rapidFire: 1 } }),
      ],
      models: [plain(3)],
    });
    close(analyzeSetup10e(rapid).modelsDestroyed, [...binomial(2, 5 / 6), 0]);
    // Melta 2: D1 + 2 = 3 damage kills a W3 model.
    const melta = setup({
      halfRange: true,
      weapons: [
        weapon({ attacks: 1, skill: 4, strength: 8, ap: 0, damage: 1, abilities: { torrent: true, melta: 2 } }),
      ],
      models: [plain(1, { wounds: 3 })],
    });
    close(analyzeSetup10e(melta).modelsDestroyed, [1 / 6, 5 / 6]);
  });

  it('saves: AP worsens armour, the invulnerable save ignores it, Benefit of Cover adds 1 to armour against ranged attacks', () => {
    const one = (models: ReturnType<typeof plain>, opts: { cover?: boolean; ap?: number } = {}) =>
      analyzeSetup10e(
        setup({
          cover: opts.cover ?? false,
          weapons: [
            weapon({ attacks: 1, skill: 4, strength: 8, ap: opts.ap ?? -2, damage: 1, abilities: { torrent: true } }),
          ],
          models: [models],
        }),
      ).modelsDestroyed[1]!;
    expect(one(plain(1, { save: 3 }))).toBeCloseTo((5 / 6) * (4 / 6), 12); // 3+ at AP-2 → 5+
    expect(one(plain(1, { save: 3, invulnerable: 4 }))).toBeCloseTo((5 / 6) * (3 / 6), 12);
    expect(one(plain(1, { save: 3 }), { cover: true })).toBeCloseTo((5 / 6) * (3 / 6), 12); // cover: 4+
    expect(one(plain(1, { save: 3 }), { cover: true, ap: 0 })).toBeCloseTo((5 / 6) * (2 / 6), 12); // 3+ v AP0: no cover
  });

  it('characters are allocated last, and the Toughness is that of the non-character models', () => {
    // A T4 character listed first, a T8 bodyguard: S4 wounds the unit on 6+ while the bodyguard lives.
    const models = [plain(1, { character: true }), plain(1, { toughness: 8 })];
    const one = setup({
      weapons: [weapon({ attacks: 1, skill: 4, strength: 4, ap: 0, damage: 1, abilities: { torrent: true } })],
      models,
    });
    const r1 = analyzeSetup10e(one);
    close(r1.modelsDestroyed, [5 / 6, 1 / 6, 0]);
    // A second weapon: once the bodyguard is gone, it wounds the T4 character on 4+.
    const two = setup({
      weapons: [
        weapon({ name: 'a', attacks: 1, skill: 4, strength: 4, ap: 0, damage: 1, abilities: { torrent: true } }),
        weapon({ name: 'b', attacks: 1, skill: 4, strength: 4, ap: 0, damage: 1, abilities: { torrent: true } }),
      ],
      models,
    });
    const r2 = analyzeSetup10e(two);
    const p2 = (1 / 6) * (1 / 2);
    const p1 = 1 - (5 / 6) ** 2 - p2;
    close(r2.modelsDestroyed, [(5 / 6) ** 2, p1, p2]);
  });

  it('nothing left to attack: certain outcome', () => {
    const s = setup({
      weapons: [weapon({ attacks: 0, skill: 4, strength: 4, ap: 0, damage: 1 })],
      models: [plain(3, { wounds: 2 })],
    });
    const r = analyzeSetup10e(s);
    close(r.modelsDestroyed, [1, 0, 0, 0]);
    expect(r.woundsLost).toHaveLength(7);
    expect(r.meanWoundsLost).toBe(0);
  });
});
