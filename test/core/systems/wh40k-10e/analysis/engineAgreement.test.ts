import { describe, expect, it } from 'vitest';
import { analyze10e, type Analysis10e } from '../../../../../core/systems/wh40k-10e/analysis';
import {
  advance,
  groupsOf,
  rollForMe,
  startCombat,
  type Combat,
  type DiceGroup,
  type Input,
  type Step,
} from '../../../../../core/combat';
import { drawDice, seedState, type RngState } from '../../../../../core/dice/prng';
import { wh40k10e, type Setup, type State } from '../../../../../core/systems/wh40k-10e';
import type { SetupInput } from '../../../../../core/systems/wh40k-10e/profiles';
import { devastatingGuns, parse, weapon } from './setups';
import { situationOf } from '../../../../../core/systems/wh40k-10e/situationOf';

/**
 * The rules engine (core/systems/wh40k-10e, driven through core/combat/engine.ts) against the
 * exact analysis (core/analysis/wh40k-10e), from the start and from every kind of state part-way.
 *
 * The engine is played the way "Roll for me" plays it: `rollForMe` for every roll, the option
 * marked `suggested` at every choice (else the first), `continue` for outcomes that are not final.
 * Three checks:
 *  1. from the start, the empirical distribution over many seeds against `analyze10e(situationOf(start))`;
 *  2. from states part-way (every kind of step), a Monte Carlo continuation of that exact combat
 *     (same state, new seeds) against `analyze10e(situationOf(state))`, and after the final
 *     outcome the analysis is a point mass on the actual result;
 *  3. exactly, with no sampling noise: at a roll step, the analysis must equal the average of the
 *     analyses after every possible roll (each weighted by its probability), and at a choice, the
 *     analysis after the suggested option. With the point mass at the end, this identity at every
 *     step is what "the analysis is the engine's exact distribution from any state" means.
 * Monte Carlo tolerance per bucket: 4 standard errors sqrt(p(1−p)/N) + 2/N (a correct bucket fails
 * with probability ≈ 6·10⁻⁵; the seeds are fixed, so the test is deterministic), and the same for
 * the means.
 */

type WCombat = Combat<Setup, State>;

function build(
  attacker: Partial<SetupInput['attacker']> & Pick<SetupInput['attacker'], 'weapons'>,
  defender: Partial<SetupInput['defender']> & Pick<SetupInput['defender'], 'models'>,
): Setup {
  return parse({
    attacker: { name: 'Attackers', ranged: true, ...attacker },
    defender: { name: 'Target', ...defender },
  });
}

interface Case {
  name: string;
  setup: Setup;
  /** Games from the start (check 1). */
  games: number;
}

const cases: Case[] = [
  {
    name: '(a) 10 attacks BS3+ S4 AP-1 D1 v 10 × T4 Sv3+ W1 (saves rolled together)',
    setup: build(
      { weapons: [weapon({ attacks: 10, skill: 3, strength: 4, ap: -1, damage: 1 })] },
      { models: [{ count: 10, toughness: 4, save: 3, wounds: 1 }] },
    ),
    games: 3000,
  },
  {
    // The invulnerable save is the better one and is taken without asking (no save choice any more),
    // so the attacks are few enough for the batch saves and Feel No Pain to be checked one step at a time.
    name: '(b) 6 attacks WS3+ S5 AP-2 D3 Sustained 1 Lethal v 5 × T5 Sv3+ 4++ W3 FNP 5+ (batch saves with the better save, batch FNP)',
    setup: build(
      {
        ranged: false,
        weapons: [
          weapon({
            attacks: 6,
            skill: 3,
            strength: 5,
            ap: -2,
            damage: 3,
            abilities: { sustainedHits: 1, lethalHits: true },
          }),
        ],
      },
      { models: [{ count: 5, toughness: 5, save: 3, invulnerable: 4, wounds: 3, feelNoPain: 5 }] },
    ),
    games: 2000,
  },
  {
    name: '(c) scaled down: 3 × 10 attacks BS4+ S8 AP-2 D6 Devastating v 4 × T9 Sv2+ W12',
    setup: build(
      {
        weapons: [devastatingGuns(3)],
      },
      { models: [{ count: 4, toughness: 9, save: 2, wounds: 12 }] },
    ),
    games: 1500,
  },
  {
    name: 'mixed unit: sergeant of other W/Sv, a T5 character with 4++; Precision declined',
    setup: build(
      {
        weapons: [
          weapon({
            models: 2,
            attacks: 'D6',
            skill: 3,
            strength: 5,
            ap: -1,
            damage: 2,
            abilities: { precision: true },
          }),
          weapon({ attacks: 4, skill: 3, strength: 4, ap: -2, damage: 1 }),
        ],
      },
      {
        models: [
          { name: 'Trooper', count: 3, toughness: 4, save: 4, wounds: 1 },
          { name: 'Sergeant', count: 1, toughness: 4, save: 3, wounds: 2 },
          { name: 'Captain', count: 1, toughness: 5, save: 2, invulnerable: 4, wounds: 4, character: true },
        ],
      },
    ),
    games: 2000,
  },
  {
    name: 'random damage D3 v W2 (seed 001 example), re-roll ones to hit',
    setup: build(
      { weapons: [weapon({ attacks: 8, skill: 3, strength: 5, ap: -1, damage: 'D3', hitReroll: 'ones' })] },
      { models: [{ count: 5, toughness: 4, save: 4, wounds: 2 }] },
    ),
    games: 2500,
  },
  {
    name: 'Devastating D2, a normal Twin-linked weapon, Devastating D1, Devastating D2 (mortal wounds weapon by weapon)',
    setup: build(
      {
        weapons: [
          weapon({
            name: 'dev2',
            attacks: 4,
            skill: 3,
            strength: 4,
            ap: -1,
            damage: 2,
            abilities: { devastatingWounds: true },
          }),
          weapon({
            name: 'bolt',
            models: 2,
            attacks: 3,
            skill: 3,
            strength: 4,
            ap: 0,
            damage: 1,
            abilities: { twinLinked: true },
          }),
          weapon({
            name: 'dev1',
            attacks: 4,
            skill: 3,
            strength: 4,
            ap: 0,
            damage: 1,
            abilities: { devastatingWounds: true },
          }),
          weapon({
            name: 'dev2 again',
            attacks: 3,
            skill: 3,
            strength: 4,
            ap: -1,
            damage: 2,
            abilities: { devastatingWounds: true },
          }),
        ],
      },
      { models: [{ count: 6, toughness: 4, save: 3, wounds: 2 }] },
    ),
    games: 2500,
  },
  {
    name: 'Sustained Hits D3 + Lethal Hits, re-roll all hits (re-roll choice)',
    setup: build(
      {
        weapons: [
          weapon({
            attacks: 6,
            skill: 4,
            strength: 4,
            ap: -1,
            damage: 1,
            hitReroll: 'all',
            abilities: { sustainedHits: 'D3', lethalHits: true },
          }),
        ],
      },
      { models: [{ count: 8, toughness: 4, save: 4, wounds: 1 }] },
    ),
    games: 2500,
  },
  {
    name: 'Blast after a first weapon thins the unit (Blast counts the unit as it was selected)',
    setup: build(
      {
        weapons: [
          weapon({ name: 'rifle', models: 5, attacks: 2, skill: 3, strength: 4, ap: 0, damage: 1 }),
          weapon({
            name: 'frag',
            models: 2,
            attacks: 'D3',
            skill: 4,
            strength: 4,
            ap: 0,
            damage: 1,
            abilities: { blast: true },
          }),
        ],
      },
      { models: [{ count: 11, toughness: 3, save: 5, wounds: 1 }] },
    ),
    games: 2500,
  },
  {
    name: 'Rapid Fire D3 + Melta D3 on D6 damage, half range',
    setup: build(
      {
        halfRange: true,
        weapons: [
          weapon({
            models: 2,
            attacks: 1,
            skill: 3,
            strength: 9,
            ap: -4,
            damage: 'D6',
            abilities: { rapidFire: 'D3', melta: 'D3' },
          }),
        ],
      },
      { models: [{ count: 2, toughness: 10, save: 3, invulnerable: 5, wounds: 8 }] },
    ),
    games: 2500,
  },
  {
    name: "re-roll 'all' to wound with Devastating Wounds (re-roll choice at the wound roll), armour 4+ or 5++ for the batch",
    setup: build(
      {
        ranged: false,
        weapons: [
          weapon({
            attacks: 8,
            skill: 3,
            strength: 4,
            ap: -1,
            damage: 1,
            woundReroll: 'all',
            abilities: { devastatingWounds: true },
          }),
        ],
      },
      { models: [{ count: 6, toughness: 4, save: 3, invulnerable: 5, wounds: 1 }] },
    ),
    games: 2500,
  },
  {
    name: 'ordinary mortal wounds after Devastating Wounds, FNP 5+, mixed unit (allocation of mortal wounds)',
    setup: build(
      {
        mortalWounds: 3,
        weapons: [
          weapon({ attacks: 10, skill: 3, strength: 5, ap: -1, damage: 'D3', abilities: { devastatingWounds: true } }),
        ],
      },
      {
        models: [
          { count: 3, toughness: 4, save: 4, wounds: 2, feelNoPain: 5 },
          { name: 'Sergeant', count: 1, toughness: 4, save: 3, wounds: 3, feelNoPain: 5 },
        ],
      },
    ),
    games: 2500,
  },
  {
    name: 'Feel No Pain 4+ one attack at a time (D2 v W3, armour or invulnerable)',
    setup: build(
      { weapons: [weapon({ attacks: 8, skill: 3, strength: 6, ap: -2, damage: 2 })] },
      {
        models: [
          { count: 3, toughness: 5, save: 3, invulnerable: 4, wounds: 3, feelNoPain: 4 },
          { name: 'Champion', count: 1, toughness: 5, save: 2, wounds: 3, feelNoPain: 4 },
        ],
      },
    ),
    games: 2500,
  },
  {
    name: 'Anti-infantry 4+ with Devastating D3 and Lance',
    setup: build(
      {
        ranged: false,
        charged: true,
        weapons: [
          weapon({
            attacks: 6,
            skill: 3,
            strength: 3,
            ap: 0,
            damage: 'D3',
            abilities: { lance: true, devastatingWounds: true, anti: { keyword: 'infantry', threshold: 4 } },
          }),
        ],
      },
      { keywords: ['infantry'], models: [{ count: 5, toughness: 6, save: 3, wounds: 2 }] },
    ),
    games: 2500,
  },
  {
    name: 'Benefit of Cover v AP0 and AP-1, Heavy, Torrent',
    setup: build(
      {
        remainedStationary: true,
        weapons: [
          weapon({ name: 'heavy', attacks: 6, skill: 4, strength: 5, ap: -1, damage: 1, abilities: { heavy: true } }),
          weapon({
            name: 'flamer',
            attacks: 'D6',
            skill: 4,
            strength: 4,
            ap: 0,
            damage: 1,
            abilities: { torrent: true },
          }),
        ],
      },
      { cover: true, models: [{ count: 8, toughness: 4, save: 4, wounds: 1 }] },
    ),
    games: 2500,
  },
  // WH40K10-MODIFIERS.md, combined (issue 16).
  {
    name: 'modifiers: Stealth and Heavy (net 0), Critical Hits on 5+ with Sustained Hits 1 and Lethal Hits, cover + save +1 (capped), save re-roll 1s, D3 re-rolled below 2, half damage, FNP 5+',
    setup: build(
      {
        remainedStationary: true,
        weapons: [
          weapon({
            attacks: 8,
            skill: 4,
            strength: 4,
            ap: -1,
            damage: 'D3',
            criticalHitOn: 5,
            damageReroll: 'all',
            abilities: { heavy: true, sustainedHits: 1, lethalHits: true },
          }),
        ],
      },
      {
        stealth: true,
        cover: true,
        saveModifier: 1,
        saveReroll: 'ones',
        halfDamage: true,
        models: [{ count: 5, toughness: 4, save: 4, wounds: 2, feelNoPain: 5 }],
      },
    ),
    games: 2000,
  },
  {
    name: 'modifiers: Critical Wounds on 5+ and Anti-vehicle 3+, Devastating D6+1 re-rolling 1s, −1 Damage, FNP 6+ and 4+ vs mortal wounds on a mixed unit, AP reduction, save re-roll of failed saves one at a time, 2 mortal wounds',
    setup: build(
      {
        mortalWounds: 2,
        weapons: [
          weapon({
            attacks: 6,
            skill: 3,
            strength: 6,
            ap: -2,
            damage: 'D6+1',
            criticalWoundOn: 5,
            damageReroll: 'ones',
            abilities: { devastatingWounds: true, anti: { keyword: 'vehicle', threshold: 3 } },
          }),
        ],
      },
      {
        keywords: ['vehicle'],
        apReduction: 1,
        damageReduction: 1,
        saveReroll: 'failed',
        models: [
          { count: 2, toughness: 7, save: 3, wounds: 6, feelNoPain: 6, feelNoPainMortal: 4 },
          {
            name: 'Leader',
            count: 1,
            toughness: 7,
            save: 2,
            invulnerable: 4,
            wounds: 8,
            feelNoPain: 6,
            feelNoPainMortal: 4,
          },
        ],
      },
    ),
    games: 2000,
  },
  {
    name: 'modifiers: fixed Damage 3 halved then −1 (→ 1), saves re-rolling 1s (whole batch), Critical Wounds on 4+ with Devastating Wounds, FNP 6+ and 5+ vs mortal wounds (batched), Stealth in melee does nothing, 3 mortal wounds',
    setup: build(
      {
        ranged: false,
        mortalWounds: 3,
        weapons: [
          weapon({
            attacks: 10,
            skill: 3,
            strength: 4,
            ap: 0,
            damage: 3,
            criticalWoundOn: 4,
            abilities: { devastatingWounds: true },
          }),
        ],
      },
      {
        stealth: true,
        halfDamage: true,
        damageReduction: 1,
        saveReroll: 'ones',
        models: [{ count: 6, toughness: 4, save: 5, wounds: 2, feelNoPain: 6, feelNoPainMortal: 5 }],
      },
    ),
    games: 2500,
  },
  {
    // Feel No Pain is rolled with a random Damage (even one that may be re-rolled): a Devastating
    // Wounds attack takes its Feel No Pain dice in a step of their own when its Damage is fixed.
    name: 'fixed Damage 2 Devastating Wounds on Critical Wounds 4+ against a mixed unit with Feel No Pain 5+ vs mortal wounds (one at a time)',
    setup: build(
      {
        weapons: [
          weapon({
            attacks: 5,
            skill: 3,
            strength: 5,
            ap: -1,
            damage: 2,
            criticalWoundOn: 4,
            abilities: { devastatingWounds: true },
          }),
        ],
      },
      {
        models: [
          { count: 2, toughness: 4, save: 3, wounds: 2, feelNoPainMortal: 5 },
          { name: 'Leader', count: 1, toughness: 4, save: 3, wounds: 3, feelNoPainMortal: 5 },
        ],
      },
    ),
    games: 1500,
  },
  {
    name: 'modifiers: 2D6 re-rolled below 7, Melta D3, save −1 with failed saves re-rolled (rolled together), half damage, FNP 5+ with the damage dice',
    setup: build(
      {
        halfRange: true,
        weapons: [
          weapon({
            models: 2,
            attacks: 2,
            skill: 3,
            strength: 10,
            ap: -1,
            damage: '2D6',
            damageReroll: 'all',
            abilities: { melta: 'D3' },
          }),
        ],
      },
      {
        saveModifier: -1,
        saveReroll: 'failed',
        halfDamage: true,
        models: [{ count: 3, toughness: 9, save: 3, invulnerable: 5, wounds: 10, feelNoPain: 5 }],
      },
    ),
    games: 2000,
  },
];

// ---------------------------------------------------------------------------------------------
// Driving the real engine

/**
 * 'suggested': the suggested option (else the first); 'other': the first option not suggested, if
 * any; 'mixed': 'other' at every second choice, 'suggested' at the rest.
 */
type Policy = 'suggested' | 'other' | 'mixed';

function inputFor(combat: WCombat, policy: Policy = 'suggested'): Input {
  const step = combat.step;
  if (step.kind === 'roll') return rollForMe(combat as Combat);
  const other = policy === 'other' || (policy === 'mixed' && combat.state.counter % 2 === 0);
  if (step.kind === 'choose' && other)
    return { kind: 'choose', stepId: step.id, option: (step.options.find((o) => !o.suggested) ?? step.options[0]!).id };
  if (step.kind === 'choose')
    return { kind: 'choose', stepId: step.id, option: (step.options.find((o) => o.suggested) ?? step.options[0]!).id };
  return { kind: 'continue', stepId: step.id };
}

function apply(combat: WCombat, input: Input): WCombat {
  const r = advance(wh40k10e, combat, input);
  if (!r.ok) throw new Error(`${combat.step.id}: ${r.error.message}`);
  return r.combat;
}

const isFinal = (step: Step) => step.kind === 'outcome' && step.final;

function finish(combat: WCombat): WCombat {
  let c = combat;
  while (!isFinal(c.step)) c = apply(c, inputFor(c));
  return c;
}

/** The kind of a step: its stage in the id (w0.hit.12 → hit), and what is being resolved one at a time. */
function kindOf(combat: WCombat): string {
  const parts = combat.step.id.split('.');
  const stage = parts.length >= 3 ? parts[1]! : parts[0]!;
  const res = combat.state.resolving;
  if (res) return `${stage}/${res.source}`;
  return combat.state.run?.mode === 'batch' && (stage === 'saveChoice' || stage === 'fnp') ? `${stage}/batch` : stage;
}

const analysisOf = (combat: WCombat) => analyze10e(situationOf(combat.state));

/**
 * The generator for game k. `seedState(k)` of small, close seeds starts from nearly the same state
 * and its first dice are strongly correlated (xoroshiro128+ needs its state mixed: seeds 10000,
 * 10001, 10002 begin 4444…, 3333…, 2222…), so the seed is hashed (murmur3's finaliser) and the
 * first dice are skipped.
 */
function rngFor(k: number): RngState {
  let h = k + 0x9e3779b9;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  return drawDice(seedState(h | 0), 8, 6).state;
}

// ---------------------------------------------------------------------------------------------
// Comparisons

interface Empirical {
  modelsDestroyed: number[];
  woundsLost: number[];
  samples: number;
}

function tally(results: ReadonlyArray<{ destroyed: number; lost: number }>): Empirical {
  const modelsDestroyed: number[] = [];
  const woundsLost: number[] = [];
  for (const r of results) {
    modelsDestroyed[r.destroyed] = (modelsDestroyed[r.destroyed] ?? 0) + 1 / results.length;
    woundsLost[r.lost] = (woundsLost[r.lost] ?? 0) + 1 / results.length;
  }
  return {
    modelsDestroyed: Array.from(modelsDestroyed, (p) => p ?? 0),
    woundsLost: Array.from(woundsLost, (p) => p ?? 0),
    samples: results.length,
  };
}

const resultOf = (combat: WCombat) => ({ destroyed: combat.state.destroyed.length, lost: combat.state.woundsLost });

function expectAgreement(exact: Analysis10e, sim: Empirical, label: string) {
  const n = sim.samples;
  for (const key of ['modelsDestroyed', 'woundsLost'] as const) {
    const e = exact[key];
    const s = sim[key];
    expect(s.length, `${label}: ${key} has a result the analysis gives no room for`).toBeLessThanOrEqual(e.length);
    expect(Math.abs(e.reduce((a, b) => a + b, 0) - 1), `${label}: ${key} sums to 1`).toBeLessThan(1e-9);
    e.forEach((p, k) => {
      const tolerance = 4 * Math.sqrt((p * (1 - p)) / n) + 2 / n;
      expect(
        Math.abs((s[k] ?? 0) - p),
        `${label}: ${key}[${k}] engine ${s[k] ?? 0} vs exact ${p} (N = ${n})`,
      ).toBeLessThanOrEqual(tolerance);
    });
    const mean = e.reduce((a, p, k) => a + p * k, 0);
    const sd = Math.sqrt(e.reduce((a, p, k) => a + p * (k - mean) ** 2, 0));
    const simMean = s.reduce((a, p, k) => a + p * k, 0);
    expect(Math.abs(simMean - mean), `${label}: mean ${key} engine ${simMean} vs exact ${mean}`).toBeLessThanOrEqual(
      (4 * sd) / Math.sqrt(n) + 2 / n,
    );
  }
}

function expectSame(actual: Analysis10e, expected: Analysis10e, label: string, tolerance = 1e-9) {
  for (const key of ['modelsDestroyed', 'woundsLost'] as const) {
    const a = actual[key];
    const b = expected[key];
    for (let k = 0; k < Math.max(a.length, b.length); k++) {
      expect(Math.abs((a[k] ?? 0) - (b[k] ?? 0)), `${label}: ${key}[${k}] ${a[k] ?? 0} vs ${b[k] ?? 0}`).toBeLessThan(
        tolerance,
      );
    }
  }
}

function expectPointMass(combat: WCombat, label: string) {
  const a = analysisOf(combat);
  const { destroyed, lost } = resultOf(combat);
  expect(a.modelsDestroyed[destroyed], `${label}: P(${destroyed} destroyed) at the end`).toBeCloseTo(1, 12);
  expect(a.woundsLost[lost], `${label}: P(${lost} wounds lost) at the end`).toBeCloseTo(1, 12);
}

// ---------------------------------------------------------------------------------------------
// Exact one-step identity

/** Every roll of `count` dice of `sides` faces, as (dice, probability); multisets (sorted) unless the order matters. */
function rollsOf(count: number, sides: number, ordered: boolean): Array<{ dice: number[]; p: number }> {
  const out: Array<{ dice: number[]; p: number }> = [];
  const total = sides ** count;
  const factorial = (k: number): number => (k <= 1 ? 1 : k * factorial(k - 1));
  const walk = (prefix: number[], from: number) => {
    if (prefix.length === count) {
      if (ordered) return void out.push({ dice: prefix, p: 1 / total });
      const counts = new Map<number, number>();
      prefix.forEach((f) => counts.set(f, (counts.get(f) ?? 0) + 1));
      let ways = factorial(count);
      counts.forEach((c) => (ways /= factorial(c)));
      return void out.push({ dice: prefix, p: ways / total });
    }
    for (let f = ordered ? 1 : from; f <= sides; f++) walk([...prefix, f], f);
  };
  walk([], 1);
  return out;
}

/**
 * A pass/fail roll (hit, wound and their re-rolls) is only counted by the engine (dice.ts tally):
 * how many dice show 1, fail otherwise, pass without being critical, and are critical. Every split
 * of the dice into these four classes, with one representative face per class, and its
 * multinomial probability.
 */
function classRollsOf(count: number, passOn: number, criticalOn: number): Array<{ dice: number[]; p: number }> {
  const classes = [
    { face: 1, p: 1 / 6 },
    { face: 2, p: Math.max(0, passOn - 2) / 6 },
    { face: passOn, p: Math.max(0, criticalOn - passOn) / 6 },
    { face: criticalOn, p: (7 - criticalOn) / 6 },
  ];
  const logFactorial = (k: number) => {
    let s = 0;
    for (let i = 2; i <= k; i++) s += Math.log(i);
    return s;
  };
  const out: Array<{ dice: number[]; p: number }> = [];
  for (let a = 0; a <= count; a++) {
    for (let b = 0; a + b <= count; b++) {
      for (let c = 0; a + b + c <= count; c++) {
        const n = [a, b, c, count - a - b - c];
        if (n.some((k, i) => k > 0 && classes[i]!.p === 0)) continue;
        let logP = logFactorial(count);
        n.forEach((k, i) => (logP += k === 0 ? -logFactorial(0) : k * Math.log(classes[i]!.p) - logFactorial(k)));
        out.push({ dice: n.flatMap((k, i) => Array.from({ length: k }, () => classes[i]!.face)), p: Math.exp(logP) });
      }
    }
  }
  return out;
}

const isPassFail = (g: DiceGroup) => g.passOn !== undefined && g.criticalOn !== undefined && g.sides === 6;

/**
 * The order of the dice matters for Feel No Pain dice (rolled together for a batch, or with an
 * attack's damage, they are taken in order, D per event, and a destroyed model ignores the rest of
 * its own); saves rolled together (identical models) only count their failures... except that a
 * save re-roll takes the failed (or 1) dice again in place, which only counts too; hit, wound,
 * attack-count, Sustained Hits and damage rolls only count or add their dice.
 */
const orderMatters = (kind: string, group: DiceGroup) =>
  group.id === 'fnp' || kind.startsWith('fnp') || kind === 'devastating' || kind === 'mortal';

/** Every roll of one group of a step, as (dice, probability). */
function groupRolls(g: DiceGroup, kind: string): Array<{ dice: number[]; p: number }> {
  return isPassFail(g)
    ? classRollsOf(g.count, g.passOn!, g.criticalOn!)
    : rollsOf(g.count, g.sides, orderMatters(kind, g));
}

function groupCount(g: DiceGroup, kind: string): number {
  if (isPassFail(g)) return ((g.count + 1) * (g.count + 2) * (g.count + 3)) / 6;
  if (orderMatters(kind, g)) return g.sides ** g.count;
  // multisets of `count` dice of `sides` faces: C(count + sides − 1, sides − 1)
  let c = 1;
  for (let i = 1; i < g.sides; i++) c = (c * (g.count + i)) / i;
  return Math.round(c);
}

/** How many successors the exact check would enumerate at this step (a step of several groups: their product). */
function successorCount(step: Step, kind: string): number {
  if (step.kind !== 'roll') return 1;
  return groupsOf(step).reduce((n, g) => n * groupCount(g, kind), 1);
}

/** Every input of a roll step: the product of its groups' rolls. */
function stepRolls(step: Step & { kind: 'roll' }, kind: string): Array<{ dice: number[]; p: number }> {
  return groupsOf(step).reduce<Array<{ dice: number[]; p: number }>>(
    (acc, g) => acc.flatMap((a) => groupRolls(g, kind).map((r) => ({ dice: [...a.dice, ...r.dice], p: a.p * r.p }))),
    [{ dice: [], p: 1 }],
  );
}

/** The analysis one step on, averaged over the step's possible inputs (the suggested one at a choice). */
function analysisAfterStep(combat: WCombat): Analysis10e {
  const step = combat.step;
  if (step.kind === 'choose' || step.kind === 'outcome') return analysisOf(apply(combat, inputFor(combat)));
  const md: number[] = [];
  const wl: number[] = [];
  for (const { dice, p } of stepRolls(step, kindOf(combat))) {
    const a = analysisOf(apply(combat, { kind: 'roll', stepId: step.id, dice, by: 'entered' }));
    a.modelsDestroyed.forEach((q, k) => (md[k] = (md[k] ?? 0) + p * q));
    a.woundsLost.forEach((q, k) => (wl[k] = (wl[k] ?? 0) + p * q));
  }
  const dense = (xs: number[]) => Array.from(xs, (x) => x ?? 0);
  return { modelsDestroyed: dense(md), woundsLost: dense(wl), meanModelsDestroyed: 0, meanWoundsLost: 0 };
}

// ---------------------------------------------------------------------------------------------

/** One game per seed, every state along the way (the last is the final outcome). */
function trajectory(setup: Setup, seed: number, policy: Policy = 'suggested'): WCombat[] {
  const states = [{ ...startCombat(wh40k10e, setup, 0), rng: rngFor(seed) }];
  while (!isFinal(states[states.length - 1]!.step))
    states.push(apply(states[states.length - 1]!, inputFor(states[states.length - 1]!, policy)));
  return states;
}

/**
 * Along one game: the exact one-step identity at every choice, and at the roll steps with few
 * enough possible rolls (each kind at most `perKind` times); the point mass at the end.
 */
function checkExactlyAlong(states: WCombat[], label: string, perKind: number): string[] {
  const checked: string[] = [];
  const seen = new Map<string, number>();
  for (const combat of states) {
    const kind = kindOf(combat);
    if (isFinal(combat.step)) {
      expectPointMass(combat, `${label} final`);
      continue;
    }
    if (combat.step.kind === 'roll' && ((seen.get(kind) ?? 0) >= perKind || successorCount(combat.step, kind) > 250))
      continue;
    seen.set(kind, (seen.get(kind) ?? 0) + 1);
    expectSame(analysisAfterStep(combat), analysisOf(combat), `${label}, ${combat.step.id} (${kind})`);
    checked.push(kind);
  }
  return checked;
}

/** The kinds of step the mid-state checks must have met, over all the cases. */
const requiredKinds = [
  'attacks',
  'rapidFire',
  'hit',
  'hitReroll',
  'rerollChoice',
  'sustained',
  'wound',
  'woundReroll',
  'saves',
  'saveRerolls',
  'fnp/batch',
  'devastating',
  'mortal',
  'allocate/attack',
  'save/attack',
  'damage/attack',
  'damageReroll/attack',
  'fnp/attack',
  'damage/devastating',
  'fnp/devastating',
  'allocate/mortal',
  'fnp/mortal',
  'final',
];
const kindsSeen = new Set<string>();

describe('the rules engine and the exact analysis agree', () => {
  describe.each(cases)('$name', ({ setup, games }) => {
    it('from the start: the engine played to the end over many seeds; the analysis is a point mass at the end', () => {
      const start = startCombat(wh40k10e, setup, 0);
      const results: Array<{ destroyed: number; lost: number }> = [];
      for (let seed = 1; seed <= games; seed++) {
        const end = finish({ ...start, rng: rngFor(seed) });
        results.push(resultOf(end));
        if (seed <= 20) expectPointMass(end, `seed ${seed}`);
      }
      expectAgreement(analysisOf(start), tally(results), 'start');
    });

    it('exactly, one step at a time: at every step the analysis equals its average over the next input', () => {
      // Two games played as "Roll for me" plays them, each kind of step checked at most 3 times per game.
      const checked = [101, 202].flatMap((seed) => checkExactlyAlong(trajectory(setup, seed), `seed ${seed}`, 3));
      expect(checked.length).toBeGreaterThan(0);
    });

    it('exactly, from states reached by other choices (Precision taken, the worse save, fishing re-rolls, another model)', () => {
      // Every choice made with an option that is not the suggested one; the analysis then
      // continues from the state so reached, with the suggested options from there on.
      for (const policy of ['other', 'mixed'] as const) {
        const states = trajectory(setup, 404, policy);
        checkExactlyAlong(states, `seed 404, ${policy} options`, 2);
      }
    });

    it('part-way: from one state of each kind, the same combat continued with new seeds', () => {
      // Games with fixed seeds; the first state of each kind met, continued 400 times.
      const picked = new Map<string, WCombat>();
      for (const seed of [303, 304, 305]) {
        for (const combat of trajectory(setup, seed)) {
          const kind = kindOf(combat);
          kindsSeen.add(kind);
          if (!picked.has(kind) && !isFinal(combat.step)) picked.set(kind, combat);
        }
      }
      kindsSeen.add('final');
      for (const [kind, combat] of picked) {
        const results: Array<{ destroyed: number; lost: number }> = [];
        for (let k = 0; k < 400; k++) results.push(resultOf(finish({ ...combat, rng: rngFor(10_000 + k) })));
        expectAgreement(analysisOf(combat), tally(results), `${combat.step.id} (${kind})`);
      }
    });
  });

  it('the part-way checks met every kind of step', () => {
    expect(requiredKinds.filter((k) => !kindsSeen.has(k))).toEqual([]);
  });
});
