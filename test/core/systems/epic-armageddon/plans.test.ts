import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { advance, rollForMe, startCombat, type Combat, type Input } from '../../../../core/combat';
import type { ChooseStep } from '../../../../core/combat/steps';
import { emptyGiven, slotsOf } from '../../../../core/systems/epic-armageddon/allocation';
import { epicArmageddon, type Setup } from '../../../../core/systems/epic-armageddon';
import { planGiven, planOrder, type Plan } from '../../../../core/systems/epic-armageddon/plans';
import { startingUnits, type Role } from '../../../../core/systems/epic-armageddon/state';
import { lineFight, marinesVsOrks } from './analysis/setups';
import { chooseStep, left, logText, play, setupOf, start, unit, type EpicCombat } from './helpers';

/**
 * Whole allocations (issue 22): a side is asked at most once per wave where its hits go, the
 * options being whole allocations — the rules' default (seed 003: base contact first, then the
 * next nearest), the best saves first, a kind of unit first or last — and "hit by hit…"; what it
 * chooses is kept for the later waves and rounds of the assault ("as before" in the log), and the
 * next round's counter-charge question offers to choose again. Nothing is asked where only one
 * allocation is legal.
 */

/** Blue: 3 Boyz (no save), a Nob (4+) and a Stompa (war engine, DC 3, 4+ Reinforced Armour), all in base contact. */
const orks = () =>
  setupOf(
    {
      units: [
        unit({
          name: 'Marines',
          count: 4,
          cc: 2,
          weapons: [{ name: 'Swords', use: 'cc', extraAttacks: 1, firstStrike: true }],
        }),
      ],
    },
    {
      units: [
        unit({ name: 'Boyz', count: 3, cc: 6 }),
        unit({ name: 'Nob', armour: 4, cc: 6 }),
        unit({ name: 'Stompa', type: 'war-engine', damageCapacity: 3, armour: 4, reinforcedArmour: true, cc: 6 }),
      ],
    },
  );

/** Plays to the end of the assault with the app's dice, `pick` answering every choice; the choices asked on the way. */
function playOut(
  combat: EpicCombat,
  seed: number,
  pick: (step: ChooseStep) => string,
): { end: EpicCombat; asked: Array<{ step: ChooseStep; round: number; wave: string; at: EpicCombat }> } {
  let c: EpicCombat = { ...combat, rng: startCombat(epicArmageddon, combat.state.setup, seed).rng };
  const asked: Array<{ step: ChooseStep; round: number; wave: string; at: EpicCombat }> = [];
  for (let guard = 0; guard < 500 && !(c.step.kind === 'outcome' && c.step.final); guard++) {
    const step = c.step;
    let input: Input;
    if (step.kind === 'roll') input = rollForMe(c as Combat);
    else if (step.kind === 'choose') {
      asked.push({
        step,
        round: c.state.round,
        wave: c.state.phase.at === 'wave' ? c.state.phase.wave.kind : c.state.phase.at,
        at: c,
      });
      input = { kind: 'choose', stepId: step.id, option: pick(step) };
    } else input = { kind: 'continue', stepId: step.id };
    const r = advance(epicArmageddon, c, input);
    if (!r.ok) throw new Error(`at "${step.title}": ${r.error.message}`);
    c = r.combat;
  }
  return { end: c, asked };
}

const allocations = (asked: ReturnType<typeof playOut>['asked']) =>
  asked.filter((a) => a.step.id.startsWith('allocate.'));

describe('one question per side per wave, whole allocations as options (issue 22)', () => {
  it('offers the rules’ default first (suggested), the best saves first, a kind spared, and hit by hit — the hits of each in words', () => {
    const c = play(start(orks()), [6, 6, 1, 1]); // First Strike: 2 hits on Blue
    const step = chooseStep(c);
    expect(step).toMatchObject({ actor: 'defender', title: 'Blue: allocate 2 hits' });
    expect(step.options.map((o) => [o.id, o.label, o.suggested ?? false])).toEqual([
      ['rest', 'Nearest first, as listed: Boyz #1, Boyz #2', true],
      ['toughest', 'Best saves first: Stompa ×2', false],
      ['spare:0', 'Boyz last: Nob, Stompa', false],
      ['byHand', 'Hit by hit…', false],
    ]);
    expect(step.options.every((o) => o.detail)).toBe(true);
    expect(step.why.map((r) => r.rule)).toEqual(['Allocating hits', 'Units equally near']);
  });

  it('a choice is kept for the later waves of the assault, said "as before" in the log, and the hits go where the plan puts them', () => {
    let c = play(start(orks()), [6, 6, 1, 1], 'toughest');
    expect(logText(c)).toContain(
      'Blue: allocate 2 hits: best saves first, kept for the rest of the assault: Stompa ×2',
    );
    expect(c.state.allocation).toEqual({ defender: { by: 'toughest' } });
    // The Stompa's saves (4+, Reinforced Armour) pass; the main wave: 4 Marines hit on 2+ (4 hits), Blue's CC 6+ all miss.
    c = play(c, [4, 4], [2, 2, 2, 2], [1, 1, 1, 1, 1, 1, 1]);
    // Nothing asked: the saves come next.
    expect(c.step.kind).toBe('roll');
    // Best saves first: the Stompa's 3 places, then the Nob (4+) before the Boyz (no save).
    expect(logText(c)).toContain('Blue: 4 hits allocated: as before, best saves first: Nob, Stompa ×3');
    expect(c.state.phase.at === 'wave' && c.state.phase.wave.on.defender.given).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
      [0, 1],
      [0, 3],
    ]);
  });

  it('whatever a side picks (but hit by hit), it is asked at most once in the whole assault; at most once per wave in any case', () => {
    for (const [name, setup] of [
      ['Marines v Orks', marinesVsOrks],
      ['a line fight', lineFight],
      ['Orks with a Stompa', orks],
    ] as const) {
      for (let seed = 1; seed <= 12; seed++) {
        // Each choice a different whole allocation by the seed, never "hit by hit" (and "as before" at a draw).
        const { asked } = playOut(start(setup()), seed, (step) => {
          const whole = step.options.filter((o) => o.id !== 'byHand' && o.id !== 'again' && o.id !== 'changed');
          return whole[(seed + step.options.length) % whole.length]!.id;
        });
        const perSide = new Map<Role, number>();
        for (const a of allocations(asked)) perSide.set(a.step.actor, (perSide.get(a.step.actor) ?? 0) + 1);
        for (const [role, n] of perSide) expect(n, `${name}, seed ${seed}: ${role} asked`).toBe(1);
      }
    }
  });

  it('hit by hit names the unit for each hit and allocates exactly those; the side is asked again in the next wave', () => {
    let c = play(start(orks()), [6, 6, 1, 1], 'byHand');
    expect(chooseStep(c).title).toBe('Blue: allocate 2 hits, hit by hit');
    c = play(c, 'unit:3'); // the Nob
    c = play(c, 'unit:4'); // the Stompa
    expect(logText(c).slice(1, 4)).toEqual([
      'Blue: allocate 2 hits: hit by hit',
      'Blue: allocate 2 hits, hit by hit: 1 hit to Nob',
      'Blue: allocate 1 hit, hit by hit: 1 hit to Stompa; all allocated: Nob, Stompa',
    ]);
    expect(c.state.phase.at === 'wave' && c.state.phase.wave.on.defender.saves!.map((h) => h.unit)).toEqual([3, 4]);
    expect(c.state.allocation).toEqual({ defender: { by: 'hand' } });
    // The Nob's save fails, the Stompa's passes; the main wave hits Blue 4 times: asked again, the whole question first.
    c = play(c, [1, 5], [2, 2, 2, 2], [1, 1, 1, 1, 1, 1]);
    expect(left(c, 'defender')).toEqual([3, 0, 3]);
    expect(chooseStep(c)).toMatchObject({ actor: 'defender', title: 'Blue: allocate 4 hits' });
    expect(chooseStep(c).options.at(-1)!.id).toBe('byHand');
  });

  it('not asked when only one allocation is legal: a unit in a firefight takes no hit while one in base contact is short of its hit (seed 003)', () => {
    let c = start(
      setupOf(
        { units: [unit({ name: 'Marines', cc: 2 })] },
        {
          units: [
            unit({ name: 'Boyz', cc: 6 }),
            unit({
              name: 'Stompa',
              type: 'war-engine',
              damageCapacity: 3,
              armour: 4,
              reinforcedArmour: true,
              engaged: 'firefight',
              ff: 6,
            }),
          ],
        },
      ),
    );
    c = play(c, [6], [1, 1, 1, 1]);
    expect(logText(c)).toContain('Blue: 1 hit allocated: Boyz');
    expect(c.state.allocation).toBeUndefined();
  });

  it('the next round’s counter-charge question offers to choose again; chosen, the plans are dropped and each side is asked anew', () => {
    let found = 0;
    for (let seed = 1; seed <= 200 && found < 3; seed++) {
      const { asked } = playOut(start(lineFight()), seed, (step) => {
        if (step.id.startsWith('allocate.'))
          return step.options.find((o) => o.id === 'toughest')?.id ?? step.options[1]!.id;
        return (step.options.find((o) => o.suggested) ?? step.options[0]!).id;
      });
      const a3 = asked.find((a) => a.step.id.startsWith('a3.'));
      const kept = allocations(asked).filter((a) => a.round === 1 && a.step.options[1]!.id !== 'byHand');
      if (!a3 || kept.length === 0) continue;
      found++;
      expect(a3.step.options.map((o) => o.id)).toEqual(['same', 'again', 'changed']);
      expect(a3.step.options[0]!.detail).toMatch(/^hits allocated as before \(\w+: best saves first/);
      // Kept: a side that chose in round 1 is not asked in round 2.
      const keepers = new Set(kept.map((a) => a.step.actor));
      expect(allocations(asked).filter((a) => a.round === 2 && keepers.has(a.step.actor))).toEqual([]);
      expect(play(a3.at, 'same').state.allocation).toEqual(a3.at.state.allocation);
      const again = play(a3.at, 'again');
      expect(again.state.allocation).toBeUndefined();
      expect(logText(again)).toContain(
        'Round 2: counter-charges (A3): every unit engaged as before; hits allocated anew',
      );
    }
    expect(found).toBeGreaterThan(0);
  });
});

describe('plans keep the rules of allocation (seed 003)', () => {
  const side = (): { setup: Setup; role: Role } => ({ setup: marinesVsOrks(), role: 'defender' });

  it('every plan gives no unit a second hit before every engaged unit has one, and hits only directly engaged units (property)', () => {
    const plans: Plan[] = [
      { by: 'nearest' },
      { by: 'toughest' },
      { by: 'first', entry: 2 },
      { by: 'spare', entry: 0 },
      { by: 'first', entry: 1 },
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 14 }),
        (k, macro, normal) => {
          const { setup, role } = side();
          const units = startingUnits(setup, role);
          const given = planGiven(setup, role, units, plans[k]!, emptyGiven(units.length), { macro, normal });
          const slots = slotsOf(setup, role, units);
          // Replayed hit by hit in the plan's order, each hit goes to a unit the rules allow next.
          const order = planOrder(setup, role, units, plans[k]!);
          expect([...order].sort()).toEqual(units.map((_, i) => i));
          const loads = given.map((g) => g[0] + g[1]);
          const passes = slots.map((s) => loads[s.unit]! / s.places);
          expect(Math.max(...passes) - Math.min(...passes)).toBeLessThanOrEqual(1);
          expect(given.reduce((n, g) => n + g[0], 0)).toBe(macro);
          expect(given.reduce((n, g) => n + g[1], 0)).toBe(normal);
          // Units not directly engaged are never hit.
          units.forEach((u, i) => {
            if (u.engaged === 'none') expect(given[i]).toEqual([0, 0]);
          });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('the default is nearest first as listed, base contact before firefight, whatever the list order (issue 25)', () => {
    const { setup, role } = side();
    const units = startingUnits(setup, role);
    // Boyz ×4 and the Nobz in base contact, the Battlefortress in a firefight.
    expect(planOrder(setup, role, units, { by: 'nearest' })).toEqual([0, 1, 2, 3, 4, 5]);
    // Best saves first among the units in base contact: the Nobz (4+) before the Boyz (5+ cover); the
    // Battlefortress (4+, re-rolled) is in a firefight: farther, so after every unit in base contact whatever the plan.
    expect(planOrder(setup, role, units, { by: 'toughest' })).toEqual([4, 0, 1, 2, 3, 5]);
    expect(planOrder(setup, role, units, { by: 'spare', entry: 0 })).toEqual([4, 0, 1, 2, 3, 5]);
    expect(planOrder(setup, role, units, { by: 'first', entry: 2 })).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
