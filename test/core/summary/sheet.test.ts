import { describe, expect, it } from 'vitest';
import { rulesDeps } from '../../../core/api/backends/rules';
import { registry } from '../../../core/systems';
import {
  buildCombatSummary,
  combatSheet,
  condensedReasons,
  summaryMarkdown,
  WHY_LENGTH,
  type StoredCombatRecord,
  type Summary,
  type SummaryStep,
} from '../../../core/summary';
import { conformance as ninthAge } from '../../../core/systems/ninth-age/conformance';
import { conformance as wh40k10e } from '../../../core/systems/wh40k-10e/conformance';

/** The combat's sheet: what print and the Markdown copy both say, decided once. */

const rules = rulesDeps(registry, { newId: () => 'id', newSeed: () => 1 });
const deps = { systems: rules.systems, analyze: rules.analyze };
const summaryOf = (record: unknown) => buildCombatSummary(record as StoredCombatRecord, deps);

function step(n: number, patch: Partial<SummaryStep>): SummaryStep {
  return {
    n,
    stepId: `s${n}`,
    kind: 'roll',
    actor: 'attacker',
    actorName: 'Red',
    title: `step ${n}`,
    needs: null,
    dice: null,
    rolledBy: null,
    successes: null,
    criticals: null,
    choice: null,
    result: '',
    lines: [],
    why: [],
    ...patch,
  };
}

describe('the sheet of a combat', () => {
  it('the Markdown copy says what the sheet says, in the sheet’s order', () => {
    for (const record of [ninthAge.stored.record, wh40k10e.stored.record]) {
      const summary = summaryOf(record);
      const sheet = combatSheet(summary);
      const md = summaryMarkdown(summary);
      for (const line of sheet.outcome.lines ?? []) expect(md).toContain(`- ${line}`);
      for (const side of sheet.sides) for (const p of side.profile) expect(md).toContain(`- ${p.label}: ${p.text}`);
      for (const row of sheet.steps && sheet.steps.form !== 'empty' ? sheet.steps.rows : [])
        expect(md).toContain(`| ${row.n ?? ''} | ${row.who ?? ''} | ${row.title} |`);
      for (const side of sheet.casualties.sides)
        for (const r of side.rows) expect(md).toContain(`| ${side.name} | ${r.models} |`);
      if (sheet.odds) expect(md).toContain(`## ${sheet.odds.heading}`);
      const at = (text: string) => md.indexOf(text);
      expect(at('## Outcome')).toBeLessThan(at('## Steps'));
      expect(at('## Steps')).toBeLessThan(at(`## ${sheet.casualties.heading}`));
    }
  }, 60_000);

  it('names the seed only where the app rolled: dice all entered replay without it', () => {
    const summary = summaryOf(wh40k10e.stored.record);
    const entered: Summary = {
      ...summary,
      steps: summary.steps.map((s) => ({ ...s, rolledBy: s.dice ? 'entered' : null })),
    };
    const rolled: Summary = {
      ...summary,
      steps: summary.steps.map((s) => ({ ...s, rolledBy: s.dice ? 'rolled' : null })),
    };
    expect(combatSheet(entered).byline.join('')).not.toContain('seed');
    expect(combatSheet(rolled).byline).toContain(` · seed ${summary.seed}`);
    expect(combatSheet(rolled).byline).toContainEqual({ date: summary.startedAt });
  }, 60_000);

  it('in one line a step: what the rules did right after a roll is said in that roll’s row; a choice and a worked-out result read across', () => {
    const summary = summaryOf(wh40k10e.stored.record);
    const steps = [
      step(1, { title: 'Hits', dice: [6, 5, 1], result: '2 hits', successes: 2 }),
      step(2, { kind: 'auto', title: 'Casualties', result: '1 model removed' }),
      step(3, { kind: 'choose', title: 'Pursue?', choice: 'Pursue', result: 'Pursue; Red pursue' }),
      step(4, { kind: 'outcome', title: 'Round 1', result: 'Red win', lines: ['Red win', 'Red: 3', '  +1 Charge'] }),
    ];
    const compact = combatSheet({ ...summary, steps }, { steps: 'compact' }).steps;
    expect(compact?.form).toBe('compact');
    const rows = compact && compact.form !== 'empty' ? compact.rows : [];
    expect(rows.map((r) => [r.n, r.across])).toEqual([
      [1, null],
      [3, 'choice'],
      [4, 'lines'],
    ]);
    expect(rows[0]!.result.text).toBe('2 hits · Casualties: 1 model removed');
    expect(rows[1]!.result).toMatchObject({ choice: 'Pursue', text: 'Red pursue' });
    expect(rows[2]!.result.lines).toEqual([
      { text: 'Red: 3', setIn: false },
      { text: '+1 Charge', setIn: true },
    ]);
    // In full (the default) too: one row a step, the roll's reasons in one line under it.
    const full = combatSheet({ ...summary, steps }).steps;
    const fullRows = full && full.form !== 'empty' ? full.rows : [];
    expect(fullRows.map((r) => [r.n, r.across])).toEqual([
      [1, null],
      [3, 'choice'],
      [4, 'lines'],
    ]);
    expect(fullRows[0]!.result.text).toBe('2 hits · Casualties: 1 model removed');
    expect(combatSheet({ ...summary, steps: [] }).steps).toEqual({ form: 'empty', text: 'No step was taken.' });
    expect(combatSheet(summary, { steps: 'none' }).steps).toBeNull();
  }, 60_000);

  it('numbers the steps as the app counts them: what the rules did by themselves goes unnumbered, in the row of the step it followed', () => {
    const summary = summaryOf(ninthAge.stored.record);
    const inputs = ninthAge.stored.record.inputs.length;
    for (const form of ['full', 'compact'] as const) {
      const sheet = combatSheet(summary, { steps: form }).steps;
      const rows = sheet && sheet.form !== 'empty' ? sheet.rows : [];
      const numbers = rows.flatMap((r) => (r.n === null ? [] : [r.n]));
      // 1 … the steps taken, each once, in order: "finished after N steps" numbers N rows.
      expect(numbers).toEqual(Array.from({ length: inputs }, (_, i) => i + 1));
    }
    expect(summary.steps.length).toBeGreaterThan(inputs);
  }, 60_000);

  it('gives a roll’s reasons in one run, each said once in the log, a repeated note in brackets said only the first time', () => {
    const natural = '(a natural 1 always fails, a natural 6 always hits)';
    const why = [
      { rule: 'To hit', detail: `OS 6 − DS 3 = +3 → 3+ ${natural}` },
      { rule: 'To hit', detail: `OS 5 − DS 4 = +1 → 3+ ${natural}` },
      { rule: 'Order', detail: 'each player rolls their own models' },
      { rule: 'Order', detail: 'each player rolls their own models' },
    ];
    expect(condensedReasons(why)).toBe(
      `OS 6 − DS 3 = +3 → 3+ ${natural} · OS 5 − DS 4 = +1 → 3+ · each player rolls their own models`,
    );
    expect(condensedReasons([])).toBeNull();
    // A long run (a break test listing every point of both scores) keeps to about three printed lines.
    const many = Array.from({ length: 30 }, (_, i) => ({
      rule: 'Score',
      detail: `+1 point number ${i + 1} of the score`,
    }));
    const long = condensedReasons(many)!;
    expect(long.length).toBeLessThanOrEqual(WHY_LENGTH + 20);
    expect(long).toMatch(/^\+1 point number 1 of the score · .* · … \(\+\d+ more\)$/);
    const shown = long.split(' · ').length - 1;
    expect(long).toContain(`(+${30 - shown} more)`);
    const summary = summaryOf(wh40k10e.stored.record);
    const later = { rule: 'Order', detail: 'saves are rolled by the defender' };
    const steps = [
      step(1, { title: 'Hits', dice: [6], why, taken: 1 }),
      step(2, { kind: 'choose', why, taken: 2 }),
      step(3, { title: 'Hits again', dice: [6], why: [...why, later], taken: 3 }),
    ];
    const full = combatSheet({ ...summary, steps }).steps;
    const rows = full && full.form !== 'empty' ? full.rows : [];
    // A choice's figures per option stay on screen; a reason the log gave already is not repeated; the compact log prints none.
    expect(rows.map((r) => r.why)).toEqual([condensedReasons(why), null, 'saves are rolled by the defender']);
    const compact = combatSheet({ ...summary, steps }, { steps: 'compact' }).steps;
    expect(compact && compact.form !== 'empty' && compact.rows.map((r) => r.why)).toEqual([null, null, null]);
  });

  it('says why a combat without models at risk has no casualty tables, and how an unfinished combat stands', () => {
    const summary = summaryOf(wh40k10e.stored.record);
    const noUnits = { ...summary.sides.attacker, units: [] };
    const sheet = combatSheet({
      ...summary,
      sides: { attacker: noUnits, defender: { ...summary.sides.defender, units: [] } },
      outcome: null,
      winner: null,
      pending: 'Wound roll',
    });
    expect(sheet.casualties).toMatchObject({ sides: [], none: 'No models were at risk.' });
    // One side with no models (a 10th edition attacker is its weapons): its table is left out, never printed empty.
    const oneSide = combatSheet({ ...summary, sides: { ...summary.sides, attacker: noUnits } });
    expect(oneSide.casualties.sides.map((s) => s.role)).toEqual(['defender']);
    expect(oneSide.casualties.sides.every((s) => s.rows.length > 0)).toBe(true);
    expect(sheet.outcome).toMatchObject({
      lines: null,
      winner: null,
      unfinished: 'Unfinished: the combat waits at “Wound roll”.',
    });
  }, 60_000);
});
