import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocationForced,
  completeDefault,
  emptyGiven,
  giveOne,
  hitsOnPlace,
  legalChoices,
  legalNext,
  settleAllocation,
  type Given,
  type Slot,
} from '../../../../core/systems/epic-armageddon/allocation';

/**
 * Hit allocation (seed 003: nearest first, no second hit before every engaged unit has one; a war
 * engine takes DC-left hits per pass; SCENARIOS §1: Macro-weapon hits first, round robin default).
 */

/**
 * Units nearest first: alike units share a kind and take one place a pass; a war engine (several
 * places a pass) is an entry of its own, so a kind of its own — as slotsOf builds them.
 */
const slotsArb = fc
  .array(
    fc.record({
      kind: fc.constantFrom('a', 'b', 'c'),
      places: fc.constantFrom(1, 1, 1, 2, 3),
      band: fc.constantFrom(0, 0, 1),
    }),
    { minLength: 1, maxLength: 4 },
  )
  // Base contact (band 0) before firefight (band 1), as slotsOf lists them; a kind is one engagement.
  .map((xs) =>
    [...xs]
      .sort((a, b) => a.band - b.band)
      .map((x, unit): Slot => ({
        unit,
        places: x.places,
        kind: x.places > 1 ? `engine ${unit}` : `${x.kind}|${x.band}`,
        band: x.band,
      })),
  );

/** Every final allocation a player can reach by legal single hits, up to alike units. */
function reachable(slots: readonly Slot[], given: Given, macro: number, normal: number): Set<string> {
  const out = new Set<string>();
  const walk = (g: Given, m: number, n: number) => {
    if (m + n === 0) return void out.add(canonical(slots, g));
    for (const s of legalNext(slots, g)) walk(giveOne(g, s.unit, m > 0), m > 0 ? m - 1 : 0, m > 0 ? n : n - 1);
  };
  walk(given, macro, normal);
  return out;
}
const canonical = (slots: readonly Slot[], g: Given) =>
  [...new Set(slots.map((s) => s.kind))]
    .map((k) =>
      slots
        .filter((s) => s.kind === k)
        .map((s) => `${s.places}:${g[s.unit]![0]},${g[s.unit]![1]}`)
        .sort()
        .join(' '),
    )
    .join(' | ');

describe('allocation (seed 003, SCENARIOS §1)', () => {
  it('the default is a round robin in list order: the closed form the analysis uses gives the same hits to every unit', () => {
    fc.assert(
      fc.property(slotsArb, fc.nat(8), fc.nat(12), (slots, macro, normal) => {
        const g = completeDefault(slots, emptyGiven(slots.length), { macro, normal });
        const perPass = slots.reduce((n, s) => n + s.places, 0);
        let place = 0;
        for (const s of slots) {
          let m = 0;
          let t = 0;
          for (let j = place; j < place + s.places; j++) {
            m += hitsOnPlace(macro, j, perPass);
            t += hitsOnPlace(macro + normal, j, perPass);
          }
          place += s.places;
          expect(g[s.unit]).toEqual([m, t - m]);
        }
      }),
    );
  });

  it('no unit takes a second hit before every unit has one; a war engine takes its DC left per pass', () => {
    const slots: Slot[] = [
      { unit: 0, places: 1, kind: 'boyz' },
      { unit: 1, places: 3, kind: 'stompa' },
      { unit: 2, places: 1, kind: 'grots' },
    ];
    expect(completeDefault(slots, emptyGiven(3), { macro: 0, normal: 4 })).toEqual([
      [0, 1],
      [0, 3],
      [0, 0],
    ]);
    expect(completeDefault(slots, emptyGiven(3), { macro: 2, normal: 5 })).toEqual([
      [1, 1],
      [1, 3],
      [0, 1],
    ]);
    const after = giveOne(emptyGiven(3), 0, false);
    expect(legalNext(slots, after).map((s) => s.unit)).toEqual([1, 2]);
  });

  it('seed 003: units in base contact take their hit of a pass before units in a firefight; the same distance in any order', () => {
    const slots: Slot[] = [
      { unit: 0, places: 1, kind: 'boyz|contact', band: 0 },
      { unit: 1, places: 1, kind: 'nob|contact', band: 0 },
      { unit: 2, places: 3, kind: 'stompa|firefight', band: 1 },
    ];
    expect(legalNext(slots, emptyGiven(3)).map((s) => s.unit)).toEqual([0, 1]);
    expect(legalNext(slots, giveOne(emptyGiven(3), 1, false)).map((s) => s.unit)).toEqual([0]);
    expect(legalNext(slots, giveOne(giveOne(emptyGiven(3), 1, false), 0, false)).map((s) => s.unit)).toEqual([2]);
    // 2 hits: the two in base contact, whatever is chosen — nothing to ask; 3 hits: the third to the Stompa.
    expect(allocationForced(slots, emptyGiven(3), { macro: 0, normal: 2 })).toBe(true);
    expect(settleAllocation(slots, emptyGiven(3), { macro: 0, normal: 3 })).toEqual({
      given: [
        [0, 1],
        [0, 1],
        [0, 1],
      ],
      choice: false,
    });
    // 1 hit: the Boyz or the Nob — a choice; never the Stompa.
    expect(settleAllocation(slots, emptyGiven(3), { macro: 0, normal: 1 }).choice).toBe(true);
  });

  it('asks only when the allocations a player can reach differ; "forced" exactly when one is reachable', () => {
    fc.assert(
      fc.property(slotsArb, fc.nat(3), fc.nat(5), fc.nat(3), (slots, macro, normal, pre) => {
        // Start part-way: a few hits already given by default.
        const given = completeDefault(slots, emptyGiven(slots.length), { macro: 0, normal: pre });
        const finals = reachable(slots, given, macro, normal);
        expect(allocationForced(slots, given, { macro, normal })).toBe(finals.size === 1);
        const settled = settleAllocation(slots, given, { macro, normal: normal + pre });
        expect(settled.choice).toBe(finals.size > 1);
        if (settled.choice) expect(legalChoices(slots, settled.given).length).toBeGreaterThan(1);
      }),
      { numRuns: 300 },
    );
  });
});
