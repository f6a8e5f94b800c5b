import { describe, expect, it } from 'vitest';
import { rulesDeps } from '../../../core/api/backends/rules';
import { advance, startCombat, type Combat } from '../../../core/combat';
import { registry, systems } from '../../../core/systems';
import { buildCombatSummary, summaryMarkdown, summarySchema, type StoredCombatRecord } from '../../../core/summary';
import {
  atLeastText,
  estimatedFiguresNote,
  estimateNote,
  wholeCombatLine,
  wholeCombatRows,
} from '../../../core/summary/wholeCombat';
import { autoInput } from '../../support/drive';
import { conformance as oldWorld } from '../../../core/systems/old-world/conformance';
import { conformance as ninthAge } from '../../../core/systems/ninth-age/conformance';
import { conformance as wh40k10e } from '../../../core/systems/wh40k-10e/conformance';

/** Print and Markdown: the whole combat's odds before any die and where the fight ended, and a line of "at least" odds. */

const rules = rulesDeps(registry, { newId: () => 'x', newSeed: () => 1 });
const deps = { systems: rules.systems, analyze: rules.analyze, wholeCombat: rules.wholeCombat! };

function playedRecord(): StoredCombatRecord {
  const parsed = systems['old-world']!.setupSchema.parse(oldWorld.combats.small);
  let c: Combat = startCombat(systems['old-world']!, parsed, 11);
  while (!(c.step.kind === 'outcome' && c.step.final))
    c = (advance(systems['old-world']!, c, autoInput(c)) as { combat: Combat }).combat;
  return {
    id: 'w',
    system: 'old-world',
    title: 'Empire vs Orcs',
    startedAt: '2026-11-20T19:30:00.000Z',
    finishedAt: '2026-11-20T19:41:00.000Z',
    seed: 11,
    rosterIds: [],
    setup: parsed,
    inputs: c.log.inputs,
  };
}

describe('the whole combat in a summary', () => {
  it('before any die (exact) and where it ended (certain): the winner as the summary names it', () => {
    const summary = summarySchema.parse(buildCombatSummary(playedRecord(), deps));
    const whole = summary.wholeCombat!;
    expect(whole.start.exact).toBe(true);
    expect(whole.start.pAttackerWins).toBeGreaterThan(0);
    expect(whole.start.pAttackerWins).toBeLessThan(1);
    const ended =
      summary.winner === 'attacker'
        ? whole.end.pAttackerWins
        : summary.winner === 'defender'
          ? whole.end.pDefenderWins
          : whole.end.pDraw;
    expect(ended).toBeCloseTo(1, 12);
    const md = summaryMarkdown(summary);
    expect(md).toContain('## Odds of the whole combat');
    expect(md).toContain('| Empire win the combat |');
    expect(md).toContain('| Draw | 0.0% | 0.0% |');
  }, 60_000);

  it('the other units and characters get a row for each fate that can befall them; the main units are not said twice', () => {
    const base = {
      exact: true,
      fromRound: 1,
      maxRounds: 10,
      pAttackerWins: 0.6,
      pDefenderWins: 0.4,
      pDraw: 0,
      pUnfinished: 0,
      rounds: [1],
    };
    const side = (s: string, unit: string, pDestroyed = 0) => ({ side: s, unit, pDestroyed, pFlees: 0, pCaught: 0 });
    const odds = {
      ...base,
      attacker: side('Empire', 'Halberdiers', 0.4),
      defender: side('Orcs', 'Orc Boyz', 0.6),
      units: [
        { role: 'attacker' as const, ...side('Empire', 'Halberdiers', 0.4) },
        { role: 'attacker' as const, ...side('Empire', 'Captain', 0.25) },
        { role: 'defender' as const, ...side('Orcs', 'Orc Boyz', 0.6) },
      ],
    };
    const labels = wholeCombatRows(odds, odds).map((r) => r.label);
    expect(labels).toContain('Captain: destroyed');
    expect(labels).not.toContain('Captain: breaks and gets away');
    expect(labels.filter((l) => l.startsWith('Halberdiers: destroyed'))).toHaveLength(1);
  });

  it('left out without the whole-combat deps (a report of many combats), and for a one-round system', () => {
    expect(
      buildCombatSummary(playedRecord(), { systems: rules.systems, analyze: rules.analyze }).wholeCombat,
    ).toBeUndefined();
    expect(buildCombatSummary(wh40k10e.stored.record as StoredCombatRecord, deps).wholeCombat).toBeUndefined();
  }, 60_000);

  it('estimates are marked "≈ … ± …" in the rows', () => {
    const summary = buildCombatSummary(playedRecord(), deps);
    const estimated = { ...summary.wholeCombat!.start, exact: false, standardError: 0.012, playouts: 900 };
    const rows = wholeCombatRows(estimated, summary.wholeCombat!.end);
    expect(rows[0]!.start).toMatch(/^≈\u00a0\d+%\u00a0±\u00a01%$/);
    expect(rows[0]!.end).toMatch(/^\d+\.\d%$/);
  }, 60_000);

  it('an estimate says how it was made, in players\u2019 words: the rounds counted exactly, if any, and how far the rest may be off', () => {
    const odds = buildCombatSummary(playedRecord(), deps).wholeCombat!.start;
    expect(estimateNote({ ...odds, exact: false, playouts: 2000, exactRounds: 0, standardError: 0.012 })).toBe(
      'too many positions to count exactly in about a second, so estimated, ±\u00a01%.',
    );
    expect(
      estimateNote({ ...odds, exact: false, playouts: 292, fromRound: 1, exactRounds: 3, standardError: 0.009 }),
    ).toBe(
      'too many positions to count the whole combat exactly in about a second. Rounds 1 to 3 are counted exactly; what follows is estimated, ±\u00a01%.',
    );
    expect(estimateNote({ ...odds, exact: false, playouts: 400, fromRound: 2, exactRounds: 1 })).toContain(
      'Round 2 is counted exactly;',
    );
  }, 60_000);

  it('print and Markdown note the estimated columns, and the rounds each counted exactly', () => {
    const odds = buildCombatSummary(playedRecord(), deps).wholeCombat!.start;
    const exact = { ...odds, exact: true };
    expect(estimatedFiguresNote(exact, exact, true)).toBeNull();
    expect(
      estimatedFiguresNote(
        { ...odds, exact: false, playouts: 2000, exactRounds: 0, standardError: 0.012 },
        exact,
        true,
      ),
    ).toBe('Figures marked ≈ are estimated, ±\u00a01%.');
    expect(
      estimatedFiguresNote(
        { ...odds, exact: false, playouts: 292, fromRound: 1, exactRounds: 3, standardError: 0.004 },
        { ...odds, exact: false, playouts: 400, fromRound: 2, exactRounds: 1, standardError: 0.02 },
        false,
      ),
    ).toBe(
      'Figures marked ≈ are estimated, ±\u00a02%; before any die, rounds 1 to 3 counted exactly; now, round 2 counted exactly, and only what follows estimated.',
    );
  }, 60_000);

  it('"at least" odds in one line, for the headline measure', () => {
    expect(atLeastText([0.25, 0.5, 0.25])).toBe('1+: 75.0% · 2+: 25.0%');
    const md = summaryMarkdown(
      buildCombatSummary(ninthAge.stored.record as StoredCombatRecord, {
        systems: rules.systems,
        analyze: rules.analyze,
      }),
    );
    expect(md).toMatch(/At least \(before any die\): -?\d+\+: \d+\.\d%/);
  }, 60_000);

  it('in one line for a fight of one round: who was likely to win the combat before any die, and now if it goes on', () => {
    const summary = buildCombatSummary(playedRecord(), deps);
    const { start, end } = summary.wholeCombat!;
    const line = wholeCombatLine(start, end, true);
    expect(line).toContain(
      `The whole combat, before any die: ${start.attacker.side} win ${(100 * start.pAttackerWins).toFixed(1)}%, ${start.defender.side} win ${(100 * start.pDefenderWins).toFixed(1)}%`,
    );
    expect(line).toMatch(/most likely over in round \d+ \(\d+\.\d%\)\.$/);
    expect(line).not.toContain('Now:');
    const goingOn = wholeCombatLine(start, { ...start, exact: false, standardError: 0.012, playouts: 900 }, false);
    expect(goingOn).toMatch(/ Now: .* win ≈\u00a0\d+%\u00a0±\u00a01%, .* win ≈\u00a0\d+%\u00a0±\u00a01%\.$/);
  }, 60_000);
});
