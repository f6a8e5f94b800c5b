import { describe, expect, it } from 'vitest';
import { casualtyRows } from '../../../core/summary/casualties';
import type { SummarySide } from '../../../core/summary/schema';

const model = (name: string, wounds: number, woundsLeft: number) => ({
  id: name,
  name,
  wounds,
  woundsLeft,
  destroyed: woundsLeft === 0,
  character: false,
  tags: [],
});
const side = (models: Array<ReturnType<typeof model> & { engagement?: 'support' }>): SummarySide => ({
  role: 'defender',
  name: 'Orcs',
  roster: null,
  profile: [],
  units: [{ name: 'Orc Boyz', models }],
  models: models.length,
  modelsLost: 0,
});

describe('casualty rows', () => {
  it('folds a run of identical numbered models into one row, and splits where wounds differ', () => {
    const rows = casualtyRows([
      side([
        model('Boy 1', 1, 1),
        model('Boy 2', 1, 1),
        model('Boy 3', 1, 1),
        model('Boy 4', 2, 1),
        model('Boy 5', 1, 0),
        model('Boy 6', 1, 0),
      ]),
    ]);
    expect(rows.map((r) => [r.models, r.count, r.woundsLeft, r.status])).toEqual([
      ['Boy 1–3', 3, 1, 'unharmed'],
      ['Boy 4', 1, 1, 'wounded'],
      ['Boy 5–6', 2, 0, 'destroyed'],
    ]);
  });

  it('keeps a model with its own name on its own row', () => {
    const rows = casualtyRows([side([model('Nob', 2, 2), model('Boy 1', 1, 1), model('Boy 2', 1, 1)])]);
    expect(rows.map((r) => r.models)).toEqual(['Nob', 'Boy 1–2']);
  });

  it('folds units numbered with "#" (Epic: "Boyz #1"), keeping the "#"', () => {
    const rows = casualtyRows([
      side([model('Boyz #1', 1, 0), model('Boyz #2', 1, 0), model('Boyz #3', 1, 1), model('Boyz #4', 1, 1)]),
    ]);
    expect(rows.map((r) => [r.models, r.count, r.status])).toEqual([
      ['Boyz #1–2', 2, 'destroyed'],
      ['Boyz #3–4', 2, 'unharmed'],
    ]);
  });

  it('leaves out supporting fire from another formation: it cannot be hit', () => {
    const rows = casualtyRows([
      side([model('Boyz', 1, 1), { ...model('Devastators', 1, 1), engagement: 'support' as const }]),
    ]);
    expect(rows.map((r) => r.models)).toEqual(['Boyz']);
  });

  it('does not fold numbers that do not follow on', () => {
    expect(casualtyRows([side([model('Boy 1', 1, 1), model('Boy 3', 1, 1)])]).map((r) => r.models)).toEqual([
      'Boy 1',
      'Boy 3',
    ]);
  });
});
