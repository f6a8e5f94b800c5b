import { describe, expect, it } from 'vitest';
import { analyzeRound, epicArmageddonAnalysis } from '../../../../../core/systems/epic-armageddon/analysis';
import { WORK_BUDGET, workParts } from '../../../../../core/systems/epic-armageddon/analysis/size';
import type { Setup, State } from '../../../../../core/systems/epic-armageddon';
import { MAX_FORMATION_UNITS } from '../../../../../core/systems/epic-armageddon/setup';
import { roundDriver } from '../../../../support/roundDriver';
import { epicArmageddonSystem } from '../../../../../core/systems/epic-armageddon/definition';
import { bansheesVsKnight, benchmarkAssault, lineFight, marinesVsOrks, parse } from './setups';

const { begin } = roundDriver<Setup, State>(epicArmageddonSystem);

/**
 * No setup the schema accepts may hang the host: the analysis refuses (tooLarge) what its cost
 * model (round.ts, size.ts) puts over budget, in words; real formations — alike units entered as
 * one entry with a count — are well within it.
 */

/** A formation of `n` different units (the worst case: nothing alike), a few with First Strike. */
const distinct = (n: number, firstStrike: number, prefix: string) =>
  Array.from({ length: n }, (_, i) => ({
    name: `${prefix} ${i + 1}`,
    armour: 4 + (i % 3),
    cc: 3 + (i % 3),
    ff: 4,
    ...(i < firstStrike
      ? { weapons: [{ name: 'Blades', use: 'cc' as const, extraAttacks: 1, firstStrike: true }] }
      : {}),
  }));

const assault = (attacker: ReturnType<typeof distinct>, defender: ReturnType<typeof distinct>, support = 0): Setup =>
  parse({
    attacker: {
      name: 'A',
      formation: 'a',
      units: attacker,
      support: Array.from({ length: support }, (_, i) => ({ name: `s${i}`, ff: 4 })),
    },
    defender: {
      name: 'D',
      formation: 'd',
      units: defender,
      support: Array.from({ length: support }, (_, i) => ({ name: `s${i}`, ff: 4 })),
    },
  });

describe('the size of an Epic analysis', () => {
  it('real formations, entered with counts, are well within budget — the biggest the schema takes too', () => {
    for (const setup of [marinesVsOrks, bansheesVsKnight, lineFight, benchmarkAssault]) {
      const state = begin(setup()).state;
      expect(epicArmageddonAnalysis.tooLarge!(state)).toBeNull();
      expect(workParts(state).total).toBeLessThan(WORK_BUDGET / 4);
    }
    // 40 units a side, in entries of 10 and 30, with First Strike and supporting fire.
    const big = parse({
      attacker: {
        name: 'Orks',
        formation: 'Horde',
        units: [
          {
            name: 'Nobz',
            count: 10,
            armour: 4,
            cc: 3,
            ff: 5,
            weapons: [{ name: 'Choppas', use: 'cc', extraAttacks: 1, firstStrike: true }],
          },
          { name: 'Boyz', count: 30, armour: 6, cc: 4, ff: 6 },
        ],
        support: [{ name: 'Big guns', count: 3, ff: 5 }],
      },
      defender: {
        name: 'Guard',
        formation: 'Company',
        units: [{ name: 'Guardsmen', count: MAX_FORMATION_UNITS, armour: 5, cc: 6, ff: 5, cover: 4 }],
        support: [{ name: 'Heavy weapons', count: 3, ff: 4 }],
      },
    });
    const state = begin(big).state;
    expect(epicArmageddonAnalysis.tooLarge!(state)).toBeNull();
    const odds = analyzeRound(state);
    expect(odds.win.attacker + odds.win.draw + odds.win.defender).toBeCloseTo(1, 9);
  });

  it('refuses, in words, formations of many different units whose odds cannot be counted in about a second', () => {
    const huge = begin(assault(distinct(20, 4, 'a'), distinct(20, 4, 'd'), 5)).state;
    const why = epicArmageddonAnalysis.tooLarge!(huge);
    expect(why).toMatch(
      /^Too many ways this assault can go to count exactly \(about \d+ million steps\): enter units that are alike as one entry with a count/,
    );
    expect(
      epicArmageddonAnalysis.tooLarge!(begin(assault(distinct(18, 0, 'a'), distinct(18, 0, 'd'))).state),
    ).not.toBeNull();
    // Many different units against few: only the units the few dice can reach vary, so it is counted.
    expect(
      epicArmageddonAnalysis.tooLarge!(begin(assault(distinct(30, 0, 'a'), distinct(10, 0, 'd'), 3)).state),
    ).toBeNull();
  });

  it('the largest accepted formations of different units are counted (the estimate bounds the work; the time is the bench’s)', () => {
    // The most different units a side that the budget takes, with and without First Strike and support.
    for (const [fs, support] of [
      [0, 0],
      [2, 3],
    ] as const) {
      let n = 4;
      while (
        epicArmageddonAnalysis.tooLarge!(
          begin(assault(distinct(n + 1, fs, 'a'), distinct(n + 1, fs, 'd'), support)).state,
        ) === null
      )
        n++;
      expect(n).toBeGreaterThanOrEqual(8);
      const state = begin(assault(distinct(n, fs, 'a'), distinct(n, fs, 'd'), support)).state;
      expect(workParts(state).total).toBeLessThanOrEqual(WORK_BUDGET);
      const odds = analyzeRound(state);
      expect(odds.win.attacker + odds.win.draw + odds.win.defender).toBeCloseTo(1, 9);
    }
  }, 120_000);
});
