import { describe, expect, it } from 'vitest';
import { runToEnd } from '../../../core/analysis/chunked';
import type { CombatView } from '../../../core/combat/view';
import {
  cellRequestsOf,
  combatSize,
  fastestFirst,
  matchupCells,
  pairInChunks,
  pairingPlanInChunks,
  planInChunks,
  tableOf,
  type MatchupSide,
} from '../../../core/matchups';
import { registry } from '../../../core/systems';
import { validProfiles } from '../store/fixtures';

const oldWorld = registry.definitionOf('old-world')!;

/** Old World infantry of `models` models (one wound each), a little better or worse at fighting by `skill`. */
const unit = (id: string, models: number, skill = 3) => ({
  id,
  name: `Unit ${id}`,
  profile: { ...structuredClone(validProfiles['old-world']), models, weaponSkill: skill, rankWidth: 5 },
});

const empire: MatchupSide = { name: 'Empire', units: [unit('big', 20, 4), unit('small', 5, 3), unit('mid', 10, 2)] };
const orcs: MatchupSide = { name: 'Orcs', units: [unit('mob', 15, 3), unit('few', 5, 4)] };

describe('cells fill fastest first (issue 37)', () => {
  it('orders by the work measure given, cheapest first, ties in the table’s order', () => {
    const work: Record<string, number> = { a: 5, b: 1, c: 5, d: 0, e: 3 };
    expect(fastestFirst(['a', 'b', 'c', 'd', 'e'], (x) => work[x]!)).toEqual(['d', 'b', 'e', 'a', 'c']);
    expect(fastestFirst([], () => 0)).toEqual([]);
  });

  it('plans in chunks, each request prepared once, and hands back the plan cheapest first', () => {
    const prepared: number[] = [];
    const requests = Array.from({ length: 20 }, (_, i) => i);
    // A fake work measure: the further from 10, the dearer.
    const plan = planInChunks(
      requests,
      (r) => {
        prepared.push(r);
        return { r, work: Math.abs(r - 10) };
      },
      (p) => p.work,
    );
    let chunks = 0;
    let step = plan.next();
    for (; !step.done; step = plan.next()) chunks++;
    expect(chunks).toBeGreaterThan(1);
    expect(prepared).toEqual(requests);
    expect(step.value.map((p) => p.r)).toEqual([10, 9, 11, 8, 12, 7, 13, 6, 14, 5, 15, 4, 16, 3, 17, 2, 18, 1, 19, 0]);
  });

  it('sizes a combat by the wounds each side can be left with, one side’s times the other’s', () => {
    const side = (wounds: number[]) => ({
      name: 'x',
      units: [
        {
          name: 'u',
          models: wounds.map((w, i) => ({
            id: `${i}`,
            name: 'm',
            wounds: 3,
            woundsLeft: w,
            destroyed: w === 0,
            tags: [],
          })),
        },
      ],
    });
    const view = { sides: { attacker: side([1, 1, 1]), defender: side([3, 2, 0]) }, log: [] } as unknown as CombatView;
    expect(combatSize(view)).toBe(4 * 6);
  });

  it('puts the pairings of small units first and the largest last', () => {
    const plan = runToEnd(pairingPlanInChunks(oldWorld, cellRequestsOf(empire, orcs, undefined)));
    const order = plan.map((p) => `${p.request.mine.id}-${p.request.theirs.id}`);
    expect(order[0]).toBe('small-few');
    expect(order[order.length - 1]).toBe('big-mob');
    const sizes = plan.map((p) => p.size);
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
    // Both ways of each pairing are prepared, and counted in its size.
    for (const p of plan) {
      expect(p.charging.ok && p.defending?.ok).toBe(true);
      if (p.charging.ok && p.defending?.ok) expect(p.size).toBe(p.charging.size + p.defending.size);
    }
  });

  it('gives the same table whatever the order its cells are worked out in', () => {
    const plan = runToEnd(pairingPlanInChunks(oldWorld, cellRequestsOf(empire, orcs, undefined)));
    const work = (pairs: typeof plan) => pairs.map((p) => runToEnd(pairInChunks(oldWorld, p)));
    const fastest = work(plan);
    const slowest = work(runToEnd(pairingPlanInChunks(oldWorld, cellRequestsOf(empire, orcs, undefined))).reverse());
    const table = (cells: typeof fastest) => tableOf('old-world', undefined, empire, orcs, cells);
    expect(table(slowest)).toEqual(table(fastest));
    expect(table(matchupCells(oldWorld, empire, orcs, undefined))).toEqual(table(fastest));
    expect(
      table(fastest)
        .rows.flatMap((r) => r.cells)
        .every((c) => c.odds && c.defending),
    ).toBe(true);
  });
});
