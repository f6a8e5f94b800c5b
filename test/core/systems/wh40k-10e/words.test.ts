import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { advance, rollForMe, type Combat } from '../../../../core/combat/engine';
import { drawDice, seedState } from '../../../../core/dice/prng';
import { wh40k10e } from '../../../../core/systems/wh40k-10e';
import { setupSchema, type Setup } from '../../../../core/systems/wh40k-10e/profiles';
import { start, type WCombat } from './helpers';
import { stepWords } from '../../../support/words';

/**
 * Words players use (issue 22): every step title, reason, option, outcome line and log line of a
 * 10th edition combat reads as players speak — no "1 models" or "(1 set)", no internal names or
 * sources ("seed", "RULES", "§", "m0", "savesToMake"), no float where a count is meant ("5.00"),
 * and a roll step's "needs" is a target, not arithmetic. Varied combats are played to the end with
 * the app's dice and choices drawn at random, so the branches beyond the suggested ones are read.
 */

/** Each kind of slip, with a name for the failure message. */
const SLIPS: Array<[string, RegExp]> = [
  [
    'a plural after 1',
    /(^|[^\d.,])1 (?!Devastating Wounds\b|Lethal\b|Sustained Hits\b|Feel No Pain\b)(models|units|wounds|attacks|hits|dice|sets|points|failed saves|mortal wounds|extra hits|Critical Hits|Critical Wounds)\b/,
  ],
  ['a count of one set', /\(1 set\)/],
  ['a source citation', /\bseed\b|\bRULES\b|§/],
  ['an internal name', /\b(undefined|null|NaN|Infinity)\b|\[object|\bm\d+\b|\bw\d+\b|\b[a-z]+[A-Z][a-zA-Z]*\b/],
  // An average may be a fraction ("D6+1: 4.5"); a count printed with padded decimals ("5.00", "3.0") is the slip.
  ['a float where a count is meant', /\b\d+\.\d*0\b(?!\s*%)/],
];

function slipsIn(text: string): string[] {
  return SLIPS.filter(([, re]) => re.test(text)).map(([what]) => `${what}: "${text}"`);
}

/** A roll step's target: "4+", "6", "cannot pass", dice ("D6 per model (3 models)"), or groups of dice — never a sum or a comparison. */
const NEEDS = /^(\d\+|\d|cannot pass|.*\bper\b.*|.*D\d.*)$/;

/** Plays to the end with the app's dice and random choices; every word shown on the way, and the needs of every roll step. */
function playedOut(setup: Setup, seed: number): { end: WCombat; words: string[]; needs: string[] } {
  let combat: WCombat = start(setup, seed);
  let picks = seedState(seed + 1000);
  const words: string[] = [];
  const needs: string[] = [];
  for (let taken = 0; taken < 3000 && !(combat.step.kind === 'outcome' && combat.step.final); taken++) {
    const step = combat.step;
    words.push(...stepWords(step));
    let input;
    if (step.kind === 'roll') {
      needs.push(step.needs);
      input = rollForMe(combat as Combat);
    } else if (step.kind === 'choose') {
      const draw = drawDice(picks, 1, step.options.length);
      picks = draw.state;
      input = { kind: 'choose' as const, stepId: step.id, option: step.options[draw.faces[0]! - 1]!.id };
    } else input = { kind: 'continue' as const, stepId: step.id };
    const next = advance(wh40k10e, combat, input);
    if (!next.ok) throw new Error(`at "${step.title}": ${next.error.message}`);
    combat = next.combat;
  }
  words.push(...stepWords(combat.step));
  const view = wh40k10e.view(combat.state);
  words.push(...view.log.flatMap((l) => [l.title, l.result, ...(l.why ?? []).flatMap((r) => [r.rule, r.detail])]));
  return { end: combat, words: words.filter((w) => w !== ''), needs };
}

const weaponArb = fc.record({
  name: fc.constantFrom('Bolt rifle', 'Melta gun', 'Choppa'),
  models: fc.integer({ min: 1, max: 5 }),
  attacks: fc.constantFrom('1', '2', 'D3', 'D6'),
  skill: fc.integer({ min: 2, max: 5 }),
  strength: fc.integer({ min: 3, max: 9 }),
  ap: fc.integer({ min: -3, max: 0 }),
  damage: fc.constantFrom('1', '2', 'D3', 'D6+1'),
  hitReroll: fc.constantFrom('none', 'ones', 'all'),
  woundReroll: fc.constantFrom('none', 'failed', 'all'),
  damageReroll: fc.constantFrom('none', 'ones', 'all'),
  abilities: fc.record({
    lethalHits: fc.boolean(),
    sustainedHits: fc.constantFrom(null, '1', 'D3'),
    devastatingWounds: fc.boolean(),
    torrent: fc.boolean(),
    blast: fc.boolean(),
    rapidFire: fc.constantFrom(null, '1', 'D3'),
    melta: fc.constantFrom(null, '2', 'D3'),
    precision: fc.boolean(),
    hazardous: fc.boolean(),
  }),
});
const groupArb = fc.record({
  name: fc.constantFrom('', 'Boy', 'Nob'),
  count: fc.integer({ min: 1, max: 6 }),
  toughness: fc.integer({ min: 3, max: 8 }),
  save: fc.integer({ min: 2, max: 7 }),
  invulnerable: fc.constantFrom(null, 4, 5),
  wounds: fc.integer({ min: 1, max: 4 }),
  feelNoPain: fc.constantFrom(null, 5, 6),
  feelNoPainMortal: fc.constantFrom(null, 4),
  deadlyDemise: fc.constantFrom(null, '1', 'D3'),
  character: fc.boolean(),
});
const setupArb = fc
  .record({
    weapons: fc.array(weaponArb, { minLength: 1, maxLength: 3 }),
    groups: fc.array(groupArb, { minLength: 1, maxLength: 3 }),
    halfRange: fc.boolean(),
    mortalWounds: fc.integer({ min: 0, max: 3 }),
    saveReroll: fc.constantFrom('none', 'ones', 'failed'),
    halfDamage: fc.boolean(),
  })
  .map((r) =>
    setupSchema.parse({
      system: 'wh40k-10e',
      attacker: { name: 'Intercessors', weapons: r.weapons, halfRange: r.halfRange, mortalWounds: r.mortalWounds },
      defender: { name: 'Boyz', models: r.groups, saveReroll: r.saveReroll, halfDamage: r.halfDamage },
    }),
  );

describe('10th edition speaks as players do', () => {
  it('the example combat, dice and choices from several seeds: no slips in any title, reason, option, outcome or log line', () => {
    const setup = setupSchema.parse(wh40k10e.exampleSetup);
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const { words, needs } = playedOut(setup, seed);
      expect(words.flatMap(slipsIn), `seed ${seed}`).toEqual([]);
      expect(
        needs.filter((n) => !NEEDS.test(n)),
        `seed ${seed}`,
      ).toEqual([]);
    }
  });

  it('varied combats (many weapons, random damage, Feel No Pain, Devastating Wounds, mortal wounds, Hazardous…): no slips', () => {
    fc.assert(
      fc.property(setupArb, fc.integer({ min: 1, max: 1000 }), (setup, seed) => {
        const { end, words, needs } = playedOut(setup, seed);
        expect(end.step.kind === 'outcome' && end.step.final).toBe(true);
        expect(words.flatMap(slipsIn)).toEqual([]);
        expect(needs.filter((n) => !NEEDS.test(n))).toEqual([]);
      }),
      { numRuns: 80, seed: 22 },
    );
  });

  it('the checks catch the slips they name', () => {
    for (const slip of [
      'Boyz (1 units)',
      '(1 set)',
      'Result: 5.00',
      'RULES §1',
      'seed 001',
      'allocated to m0',
      'savesToMake left',
    ])
      expect(slipsIn(slip), slip).not.toEqual([]);
    for (const fine of [
      '1 model destroyed',
      '3 hits (1 critical)',
      '1 Devastating Wounds Critical Wound',
      '20% become unsaved wounds',
    ])
      expect(slipsIn(fine), fine).toEqual([]);
    expect(NEEDS.test('D6 + I4')).toBe(true); // dice: a target by dice is allowed…
    expect(NEEDS.test('WS 4 vs 8')).toBe(false); // …a comparison is not
  });
});
