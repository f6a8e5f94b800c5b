import { describe, expect, it } from 'vitest';
import type { ModelView } from '../../core/combat/view';
import { groupsOf, modelWords, summariseGroup } from '../../renderer/src/combat/modelGroups';
import { wh40k7e } from '../../core/systems/wh40k-7e';
import { marinesVsBoyz } from '../core/systems/wh40k-7e/analysis/setups';

/** The wizard's picture of groups of identical models, from the view alone (no page). */

const model = (id: string, over: Partial<ModelView> = {}): ModelView => ({
  id,
  name: id,
  wounds: 1,
  woundsLeft: 1,
  destroyed: false,
  character: false,
  tags: ['WS4', 'Sv 3+'],
  ...over,
});

describe('groups of identical models', () => {
  it('gathers each group of a 7th edition unit once, in the view order', () => {
    const view = wh40k7e.view(wh40k7e.start(marinesVsBoyz()));
    const groups = groupsOf(view.sides.defender.units[0]!.models);
    expect(groups.map((g) => [g.id, g.name, g.models.length])).toEqual([
      ['defender.0', 'Ork Boy', 19],
      ['defender.1', 'Ork Nob', 1],
    ]);
    expect(summariseGroup(groups[0]!)).toMatchObject({
      state: '19 of 19 standing',
      standing: 19,
      singled: [],
      wounded: [],
    });
    // The profile once, from the tags every model shares.
    expect(summariseGroup(groups[0]!).shared).toEqual(groups[0]!.models[0]!.tags);
    expect(summariseGroup(groups[1]!).state).toBe('2 of 2 wounds left');
  });

  it('counts the slain and names the wounded; a group of one says its own state', () => {
    const group = {
      id: 'g',
      name: 'Nob',
      models: [
        model('Nob 1', { wounds: 2, woundsLeft: 1 }),
        model('Nob 2', { wounds: 2, woundsLeft: 0, destroyed: true }),
        model('Nob 3', { wounds: 2, woundsLeft: 2 }),
      ],
    };
    const s = summariseGroup(group);
    expect(s.state).toBe('2 of 3 standing');
    expect(s.wounded.map((m) => m.name)).toEqual(['Nob 1']);
    expect(
      summariseGroup({ id: 'h', name: 'Boss', models: [model('Boss', { destroyed: true, woundsLeft: 0 })] }).state,
    ).toBe('slain');
    expect(summariseGroup({ id: 'h', name: 'Boss', models: [model('Boss')] }).state).toBe('standing');
    expect(group.models.map(modelWords)).toEqual(['1 of 2 wounds left', 'slain', '2 wounds']);
  });

  it('singles out a model with a tag of its own, and keeps models without a group apart', () => {
    const a = model('a', { group: { id: 'x', name: 'Guard' } });
    const b = model('b', { group: { id: 'x', name: 'Guard' }, tags: ['WS4', 'Sv 3+', 'carries the banner'] });
    const c = model('c');
    const groups = groupsOf([a, b, c]);
    expect(groups.map((g) => [g.id, g.name, g.models.length])).toEqual([
      ['x', 'Guard', 2],
      ['c', 'c', 1],
    ]);
    const s = summariseGroup(groups[0]!);
    expect(s.shared).toEqual(['WS4', 'Sv 3+']);
    expect(s.singled).toEqual([{ model: b, tags: ['carries the banner'] }]);
  });
});
