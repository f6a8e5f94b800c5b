import { describe, expect, it } from 'vitest';
import { advance, rollForMe, startCombat, type Combat } from '../../../../core/combat/engine';
import type { Step } from '../../../../core/combat/steps';
import { drawDice, seedState } from '../../../../core/dice/prng';
import { epicArmageddon, type Setup } from '../../../../core/systems/epic-armageddon';
import { inputFor } from '../../../support/drive';
import { bansheesVsKnight, benchmarkAssault, lineFight, marinesVsOrks } from './analysis/setups';
import { setupOf, unit } from './helpers';
import { stepWords } from '../../../support/words';

/**
 * Words players use (issue 22 item 7): every step title, prompt, reason, option, outcome line and
 * log line of several assaults played to their end, the app's dice and random choices, read for
 * the slips a player would stumble on: "1 units", "(1 set)", a bare float where a count is meant,
 * the project's sources, words from the code, a needs line that is arithmetic instead of a target.
 */

const SLIPS: Array<[string, RegExp]> = [
  [
    'a singular count with a plural noun',
    /(?<![\d.])1 (units|hits|dice|kills|saves|Blast markers|extra hits|Macro-weapon hits|damages)\b/,
  ],
  [
    'a plural count with a singular noun',
    /(?<![\d.+])(0|[2-9]|\d{2,}) (unit|hit|die|kill|save|Blast marker|extra hit|Macro-weapon hit)(?![\w-])/,
  ],
  ['"(1 set)"', /\(\d+ sets?\)/],
  ['a float where a count is meant', /\b\d+\.\d+\b/],
  ['the project’s sources', /\bseed\b|\bRULES\b|§|SCENARIOS/i],
  [
    'words from the code',
    /\b(undefined|null|NaN|Infinity|true|false|firstStrike|macroWeapon|knowNoFear|damageCapacity|macro|reroll|invuln|firefight\.|contact\|)\b|\[object/,
  ],
];

/** An assault played to its end with the app's dice and random choices; every word it showed. */
function playedOut(setup: Setup, seed: number): { steps: Step[]; words: string[]; ended: boolean } {
  let combat = startCombat(epicArmageddon, setup, seed);
  let picks = seedState(seed + 1000);
  const steps: Step[] = [];
  for (let taken = 0; taken < 400 && !(combat.step.kind === 'outcome' && combat.step.final); taken++) {
    const step = combat.step;
    steps.push(step);
    let input;
    if (step.kind === 'roll') input = rollForMe(combat as Combat);
    else if (step.kind === 'outcome') input = inputFor(step, 'go');
    else {
      const draw = drawDice(picks, 1, step.options.length);
      picks = draw.state;
      input = inputFor(step, step.options[draw.faces[0]! - 1]!.id);
    }
    const next = advance(epicArmageddon, combat, input);
    if (!next.ok) throw new Error(`at "${step.title}": ${next.error.message}`);
    combat = next.combat;
  }
  steps.push(combat.step);
  const view = epicArmageddon.view(combat.state);
  const words = [
    ...steps.flatMap(stepWords),
    ...view.log.flatMap((l) => [l.title, l.result, ...(l.why ?? []).flatMap((r) => [r.rule, r.detail])]),
    ...(view.status ?? []),
    ...(['attacker', 'defender'] as const).flatMap((r) => [
      ...(view.sides[r].notes ?? []),
      ...view.sides[r].units.flatMap((u) => [u.name, ...(u.notes ?? [])]),
    ]),
  ];
  return { steps, words, ended: combat.step.kind === 'outcome' && combat.step.final };
}

const setups: Array<[string, () => Setup]> = [
  ['Marines v Orks', marinesVsOrks],
  ['Banshees v Knight', bansheesVsKnight],
  ['a line fight', lineFight],
  ['a large assault', benchmarkAssault],
  [
    'They Shall Know No Fear, a Broken supporter',
    () =>
      setupOf(
        {
          knowNoFear: true,
          blastMarkers: 3,
          units: [unit({ name: 'Marines', count: 2, armour: 4, cc: 4 })],
          support: [{ name: 'Devastators', ff: 3, broken: true } as never],
        },
        { units: [unit({ name: 'Boyz', count: 6, armour: 6, cc: 4 })] },
      ),
  ],
];

describe.each(setups)('%s speaks as players do', (_, setup) => {
  it.each([1, 2, 3, 4])('played to its end with random choices (seed %i): no slips', (seed) => {
    const { words, steps, ended } = playedOut(setup(), seed);
    expect(ended).toBe(true);
    for (const [what, slip] of SLIPS)
      expect(
        words.filter((w) => slip.test(w)),
        what,
      ).toEqual([]);
    // A roll says what it needs as a target, never as arithmetic.
    for (const step of steps)
      if (step.kind === 'roll')
        expect(step.needs, step.title).toMatch(
          /^(\d\+|the highest of 2D6|the highest of each side’s 2D6|each group its own score: \d\+( \/ \d\+)*)$/,
        );
  });
});

describe('the slips are caught (the test can fail)', () => {
  it.each([
    ['1 units left', 0],
    ['Result: 5.00 models', 3],
    ['5 unharmed (1 set)', 2],
    ['RULES §4', 4],
    ['2 hit on Orks', 1],
  ])('"%s"', (text, slip) => {
    expect(SLIPS[slip as number]![1].test(text as string)).toBe(true);
  });
});
