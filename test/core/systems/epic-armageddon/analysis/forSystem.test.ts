import { describe, expect, it } from 'vitest';
import {
  analyzeRound,
  epicArmageddonAnalysis,
  epicDistributions,
  epicReport,
  KILLS_MEASURE,
} from '../../../../../core/systems/epic-armageddon/analysis';
import { meanOf } from '../../../../../core/analysis/mean';
import { oddsFrom } from '../../../../../core/analysis/odds';
import { roundDriver } from '../../../../support/roundDriver';
import { epicArmageddonSystem } from '../../../../../core/systems/epic-armageddon/definition';
import type { Setup, State } from '../../../../../core/systems/epic-armageddon';
import { lineFight, marinesVsOrks } from './setups';

const { apply, begin, inputFor, trajectory } = roundDriver<Setup, State>(epicArmageddonSystem);

/** What `analyze` prints (SCENARIOS §1, exactly) and what the odds panel shows (distributions with a round baseline). */

describe('the Epic analysis as the CLI and the host use it', () => {
  it('reports exactly the figures of SCENARIOS §1, with their names', () => {
    const state = begin(marinesVsOrks()).state;
    const report = epicReport(state) as Record<string, unknown>;
    expect(Object.keys(report)).toEqual([
      'system',
      'attacker',
      'defender',
      'pAttackerWins',
      'pDraw',
      'pDefenderWins',
      'pAttackerWinsAtA4',
      'pDefenderWinsAtA4',
    ]);
    const odds = analyzeRound(state);
    for (const role of ['attacker', 'defender'] as const) {
      const side = report[role] as Record<string, unknown>;
      expect(Object.keys(side)).toEqual(['kills', 'meanKills', 'meanExtraHits', 'meanExtraLosses']);
      expect(side['kills']).toEqual(odds.kills[role]);
      expect(side['meanKills']).toBeCloseTo(meanOf(odds.kills[role]), 12);
    }
    expect(
      (report['pAttackerWins'] as number) + (report['pDraw'] as number) + (report['pDefenderWins'] as number),
    ).toBeCloseTo(1, 12);
    expect(report['pDefenderWinsAtA4'] as number).toBeLessThanOrEqual(report['pDefenderWins'] as number);
  });

  it('shows the attacker’s kills with the defender’s as secondary, the win chances as facts, against the round’s start', () => {
    const start = begin(marinesVsOrks());
    const d0 = epicDistributions(start.state);
    expect(d0.measure).toBe(`${KILLS_MEASURE}, round 1`);
    expect(d0.offset).toBe(0);
    expect(d0.main.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(d0.baseline!.main).toEqual(d0.main);
    expect(d0.facts!.map((f) => f.label)).toEqual([
      'Space Marines win the assault',
      'Draw (another round)',
      'Orks win the assault',
      'Space Marines win at once (A4)',
      'Orks win at once (A4)',
    ]);
    // After some dice the odds move; the baseline stays the round's start.
    const mid = trajectory(start, 3).find((c) => c.step.id.startsWith('save.'))!;
    const d1 = epicDistributions(mid.state);
    expect(d1.baseline!.main).toEqual(d0.main);
    expect(d1.main).not.toEqual(d0.main);
    const odds = oddsFrom(d0, d1);
    expect(odds.before).toEqual(d0.main);
    expect(odds.facts.map((f) => f.before)).toEqual(d0.facts!.map((f) => f.probability));
  });

  it('at the end of the assault the odds are certain, and the baseline is still the round’s start (before A7 made the loser Broken)', () => {
    const start = begin(marinesVsOrks());
    const d0 = epicDistributions(start.state);
    let c = start;
    for (let n = 0; n < 300 && !(c.step.kind === 'outcome' && c.step.final); n++) c = apply(c, inputFor(c));
    expect(c.state.broken.attacker || c.state.broken.defender).toBe(true);
    const d = epicDistributions(c.state);
    expect(d.baseline!.main).toEqual(d0.main);
    expect(d.baseline!.facts).toEqual(d0.facts);
    expect(d.main[c.state.kills.attacker]).toBe(1);
  });

  it('in a second round, the baseline is that round’s start, and the kills run on from the first', () => {
    for (let seed = 1; seed < 400; seed++) {
      const end = trajectory(begin(lineFight()), seed).at(-1)!;
      if (end.state.result?.winner !== 'draw') continue;
      let c = apply(end, inputFor(end));
      c = apply(c, inputFor(c)); // "as before": A4 of round 2 begins
      const d = epicDistributions(c.state);
      expect(d.measure).toBe(`${KILLS_MEASURE}, round 2`);
      expect(d.baseline!.main).toEqual(d.main);
      const made = c.state.kills.attacker;
      expect(d.main.slice(0, made).every((p) => p === 0)).toBe(true);
      return;
    }
    throw new Error('no draw found');
  });

  it('is registered with a size check', () => {
    expect(epicArmageddonAnalysis.systemId).toBe('epic-armageddon');
    expect(epicArmageddonAnalysis.tooLarge!(begin(marinesVsOrks()).state)).toBeNull();
  });
});
