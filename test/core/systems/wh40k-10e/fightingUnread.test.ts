import { describe, expect, it } from 'vitest';
import { definitions } from '../../../../core/systems';
import { wh40k10eLayout } from '../../../../core/systems/wh40k-10e/setupLayout';
import { exampleSetup } from '../../../../core/systems/wh40k-10e/example';

const system = definitions['wh40k-10e']!;

/** The example as a fight (melee), with the target's Cover and Stealth set as given: its exact report. */
function fightReport(cover: boolean, stealth: boolean) {
  const setup = system.rules.setupSchema.parse({
    ...exampleSetup,
    attacker: { ...exampleSetup.attacker, ranged: false },
    defender: { ...exampleSetup.defender, cover, stealth },
  });
  return system.analysis!.report(system.rules.start(setup));
}

// Seed 001 "Benefit of Cover" and Stealth: both count against ranged attacks only. The setup screen
// hides them while fighting and keeps their values (shownWhen … unreadOtherwise): that is safe only
// because no rule reads them in a fight.
describe('10th edition: what Fighting mode does not ask for, no rule reads', () => {
  it('Cover and Stealth change nothing in a fight', () => {
    const plain = fightReport(false, false);
    expect(fightReport(true, false)).toEqual(plain);
    expect(fightReport(false, true)).toEqual(plain);
    expect(fightReport(true, true)).toEqual(plain);
  });

  it('while shooting they do count (the check above could fail)', () => {
    const shoot = (cover: boolean) =>
      system.analysis!.report(
        system.rules.start(
          system.rules.setupSchema.parse({
            ...exampleSetup,
            defender: { ...exampleSetup.defender, cover, stealth: cover },
          }),
        ),
      );
    expect(shoot(true)).not.toEqual(shoot(false));
  });

  it('the setup screen shows them only while shooting', () => {
    for (const field of ['defender.cover', 'defender.stealth'])
      expect(wh40k10eLayout.fields?.[field]?.shownWhen).toEqual({
        field: 'attacker.ranged',
        is: ['true'],
        unreadOtherwise: true,
      });
  });
});
