import { describe, expect, it } from 'vitest';
import { modelsOf, pickerRows } from '../../renderer/src/combat/setup/pickerUnits';

const unit = (id: string, name: string, points: number | null, profile: Record<string, unknown>) => ({
  id,
  rosterId: 'r1',
  name,
  points,
  profile,
});

describe('roster picker: each unit told apart', () => {
  it('numbers namesakes in roster order and leaves a unique name as it is', () => {
    const squad = { models: [{ count: 1 }, { count: 4 }] };
    const rows = pickerRows([
      unit('a', 'Assault Intercessor Squad', 80, squad),
      unit('b', 'Captain', 80, { models: [{ count: 1 }] }),
      unit('c', 'Assault Intercessor Squad', 75, { models: [{ count: 1 }, { count: 9 }] }),
    ]);
    expect(rows.map((r) => r.title)).toEqual([
      'Assault Intercessor Squad #1',
      'Captain',
      'Assault Intercessor Squad #2',
    ]);
    expect(rows.map((r) => r.detail)).toEqual(['5 models · 80 pts', '1 model · 80 pts', '10 models · 75 pts']);
    expect(rows.map((r) => r.testId)).toEqual([
      'pick-Assault Intercessor Squad',
      'pick-Captain',
      'pick-Assault Intercessor Squad #2',
    ]);
    expect(rows[2]!.unit.id).toBe('c');
  });

  it('counts the units of a formation, and says nothing it does not know', () => {
    expect(modelsOf({ units: [{ count: 6 }, { count: 2 }] })).toBe('8 units');
    // A rank-and-file unit's models are one number.
    expect(modelsOf({ models: 20 })).toBe('20 models');
    expect(modelsOf({ models: 1 })).toBe('1 model');
    expect(modelsOf({ models: [] })).toBeNull();
    expect(modelsOf({ weapons: [] })).toBeNull();
    expect(modelsOf({ models: [{ count: 'five' }] })).toBeNull();
    expect(pickerRows([unit('a', 'Hero', null, {})])[0]!.detail).toBe('');
  });
});
