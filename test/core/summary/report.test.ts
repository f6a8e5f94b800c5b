import { describe, expect, it } from 'vitest';
import { buildReport, reportMarkdown, reportSchema, type Summary, type SummarySide } from '../../../core/summary';

const side = (
  role: 'attacker' | 'defender',
  name: string,
  roster: { id: string; name: string } | null,
  models: number,
  modelsLost: number,
): SummarySide => ({
  role,
  name,
  roster,
  profile: [],
  units: [{ name, models: [] }],
  models,
  modelsLost,
});

function combat(
  id: string,
  startedAt: string,
  attacker: SummarySide,
  defender: SummarySide,
  winner: Summary['winner'],
): Summary {
  return {
    id,
    title: `${attacker.name} vs ${defender.name}`,
    system: { id: 'wh40k-10e', name: 'Warhammer 40,000 10th edition' },
    startedAt,
    finishedAt: startedAt,
    seed: 1,
    finished: true,
    sides: { attacker, defender },
    steps: [],
    outcome: { title: 'Result', lines: [`${defender.name}: ${defender.modelsLost} destroyed`] },
    pending: null,
    winner,
    odds: null,
    oddsUnavailable: null,
  };
}

const marines = { id: 'r-um', name: 'Ultramarines' };
const orks = { id: 'r-goff', name: 'Goffs' };

describe('club-night report', () => {
  const late = combat(
    'c2',
    '2026-11-20T21:00:00.000Z',
    side('attacker', 'Boyz', orks, 10, 0),
    side('defender', 'Intercessors', marines, 5, 5),
    'attacker',
  );
  const early = combat(
    'c1',
    '2026-11-20T19:00:00.000Z',
    side('attacker', 'Intercessors', marines, 5, 0),
    side('defender', 'Boyz', orks, 10, 3),
    null,
  );
  const stray = combat(
    'c3',
    '2026-11-20T22:00:00.000Z',
    side('attacker', 'Hellblasters', null, 5, 0),
    side('defender', 'Boyz', orks, 7, 7),
    'attacker',
  );
  const report = buildReport([late, stray, early], {
    from: '2026-11-20T17:00:00.000Z',
    to: '2026-11-21T02:00:00.000Z',
  });

  it('lists the combats oldest first, with a contents entry each', () => {
    expect(reportSchema.safeParse(report).success).toBe(true);
    expect(report.combats.map((c) => c.id)).toEqual(['c1', 'c2', 'c3']);
    expect(report.contents.map((c) => [c.n, c.title, c.winner])).toEqual([
      [1, 'Intercessors vs Boyz', null],
      [2, 'Boyz vs Intercessors', 'Boyz'],
      [3, 'Hellblasters vs Boyz', 'Hellblasters'],
    ]);
  });

  it('tallies per roster the enemy models destroyed and the combats won, whichever side it played', () => {
    const byKey = Object.fromEntries(report.tally.map((t) => [t.key, t]));
    expect(byKey['r-um']).toMatchObject({
      name: 'Ultramarines',
      combats: 2,
      won: 0,
      lost: 1,
      drawn: 0,
      modelsDestroyed: 3,
      modelsLost: 5,
    });
    expect(byKey['r-goff']).toMatchObject({
      name: 'Goffs',
      combats: 3,
      won: 1,
      lost: 1,
      modelsDestroyed: 5,
      modelsLost: 10,
    });
    // A side not traced to a roster is tallied under its unit, not dropped.
    expect(byKey['unit:Hellblasters']).toMatchObject({ rosterId: null, combats: 1, won: 1, modelsDestroyed: 7 });
  });

  it('counts a draw for both, and a roster on both sides once', () => {
    const practice = combat(
      'c4',
      '2026-11-21T19:00:00.000Z',
      side('attacker', 'Intercessors', marines, 5, 1),
      side('defender', 'Hellblasters', marines, 5, 2),
      'draw',
    );
    const [row] = buildReport([practice]).tally;
    expect(row).toMatchObject({ key: 'r-um', combats: 1, drawn: 1, modelsDestroyed: 3, modelsLost: 3 });
  });

  it('renders as Markdown with the contents, the tally and every combat', () => {
    const md = reportMarkdown(report);
    expect(md).toContain('# Club-night report');
    expect(md).toMatch(/\| Goffs \| 3 \| 1 \| 1 \| 0 \| 5 \| 10 \|/);
    for (const c of report.combats) expect(md).toContain(`## ${c.title}`);
  });
});
