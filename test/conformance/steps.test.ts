import { describe, expect, it } from 'vitest';
import { createCombatBackend } from '../../core/api/backends/combat';
import { rulesDeps } from '../../core/api/backends/rules';
import { stepSchema } from '../../core/combat/steps';
import { combatViewSchema } from '../../core/combat/view';
import { playThroughHost } from '../support/playThroughHost';
import { kitRegistry, systemsUnderTest } from './systems';

/**
 * Every system's combats through the host, as the wizard plays them: its example, its small and
 * its club-size combat, each played to its end by "Roll for me", the suggested option and going
 * on from every outcome — every step and view valid at the host boundary, a final outcome reached,
 * and every step taken back by undo to exactly the step before it.
 */
const combats = systemsUnderTest.flatMap(({ id, definition, conformance }) =>
  (
    [
      ['its example', definition.rules.exampleSetup],
      ['its small combat', conformance.combats.small],
      ['its club-size combat', conformance.combats.club],
    ] as const
  ).map(([what, setup]) => ({ id, what, setup: setup as Record<string, unknown> })),
);

describe.each(combats)('$id, $what', ({ id, setup }) => {
  it('is played to its end through the host, every step and view valid', async () => {
    const played = await playThroughHost(id, setup, 11, { registry: kitRegistry, byOdds: false });
    expect(played.finished).toBe(true);
    for (const snap of played.snapshots) {
      expect(stepSchema.safeParse(snap.step).success, snap.step.title).toBe(true);
      expect(combatViewSchema.safeParse(snap.view).success, snap.step.title).toBe(true);
    }
    const last = played.snapshots.at(-1)!.step;
    expect(last.kind === 'outcome' && last.final).toBe(true);
  });

  it('takes every step back with undo, to the very step and view it came from', async () => {
    const played = await playThroughHost(id, setup, 11, { registry: kitRegistry, byOdds: false, maxSteps: 40 });
    const b = createCombatBackend(rulesDeps(kitRegistry, { newId: () => 'undo', newSeed: () => 11 }));
    let snap = await b['combat.start']({ system: id, setup, seed: 11 });
    for (let i = 1; i < played.snapshots.length; i++) {
      const input = played.snapshots[i]!.inputs.at(-1)!;
      const after = await b['combat.advance']({ id: snap.id, input });
      expect(after.step).toEqual(played.snapshots[i]!.step);
      const back = await b['combat.undo']({ id: snap.id });
      expect([back.step, back.view]).toEqual([snap.step, snap.view]);
      snap = await b['combat.advance']({ id: snap.id, input });
    }
  });
});
