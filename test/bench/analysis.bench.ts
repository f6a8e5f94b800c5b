import { bench, describe } from 'vitest';
import { analyze10e, analyzeSetup10e } from '../../core/systems/wh40k-10e/analysis';
import { startSituation, type Situation } from '../../core/systems/wh40k-10e/situation';
import { progress, scenarioA, scenarioB, scenarioC, setup, weapon } from '../core/systems/wh40k-10e/analysis/setups';

/**
 * Exact 10th edition analysis benchmarks (`npm run bench`). Targets (median, 2-core machine):
 * (a) < 2 ms, (b) < 2 ms, (c) < 50 ms; (d), the modifiers of WH40K10-MODIFIERS.md together, < 5 ms.
 */
const a = scenarioA();
const b = scenarioB();
const c = scenarioC();
const d = setup({
  weapons: [
    weapon({
      models: 5,
      attacks: 4,
      skill: 3,
      strength: 5,
      ap: -2,
      damage: 'D6+1',
      criticalHitOn: 5,
      damageReroll: 'all',
      abilities: { sustainedHits: 1, devastatingWounds: true },
    }),
  ],
  models: [{ count: 5, toughness: 6, save: 3, invulnerable: 4, wounds: 4, feelNoPain: 6, feelNoPainMortal: 4 }],
  modifiers: { stealth: true, saveReroll: 'ones', halfDamage: true, damageReduction: 1, apReduction: 1 },
});

/** (c) part-way: 5 models destroyed, the 6th down to 5 wounds, pools at several stages, 3 Devastating criticals waiting. */
const cStart = startSituation(c);
const mid: Situation = {
  ...cStart,
  models: cStart.models.map((m, i) =>
    i < 5 ? { ...m, woundsLeft: 0, allocated: true } : i === 5 ? { ...m, woundsLeft: 5, allocated: true } : m,
  ),
  current: progress(0, { hitsToRoll: 40, woundsToRoll: 30, savesToMake: 10, damageToApply: 2 }),
  nextWeapons: [],
  devastatingPending: [{ weapon: 0, count: 3 }],
  modelsDestroyed: 5,
  woundsLost: 5 * 12 + 7,
};

describe('wh40k-10e exact analysis', () => {
  bench('(a) 10 attacks BS3+ S4 AP-1 D1 v 10 × T4 Sv3+ W1', () => {
    analyzeSetup10e(a);
  });
  bench('(b) 20 attacks WS3+ S5 AP-2 D3 SH1 LH v 5 × T5 Sv3+ 4++ W3 FNP5+', () => {
    analyzeSetup10e(b);
  });
  bench('(c) 120 attacks BS4+ S8 AP-2 D6 DevWounds v 20 × T9 Sv2+ W12', () => {
    analyzeSetup10e(c);
  });
  bench(
    '(d) modifiers: 20 attacks D6+1 re-rolled below average, crits 5+, SH1, DevWounds v 5 × T6 Sv3+ 4++ W4 FNP 6+ / 4+ vs MW, Stealth, save re-roll 1s, half damage, −1 D, AP reduction',
    () => {
      analyzeSetup10e(d);
    },
  );
  bench('mid-combat: (c) part-way, 80 dice in pools, 3 Devastating waiting', () => {
    analyze10e(mid);
  });
});
