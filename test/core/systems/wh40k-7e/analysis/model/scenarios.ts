import { wh40k7e, type Setup, type SetupInput, type State } from '../../../../../../core/systems/wh40k-7e';
import example from '../../../../../../examples/wh40k-7e-marines-vs-boyz.json';
import { conformance as declared } from '../../../../../../core/systems/wh40k-7e/conformance';
import { nobWithKlaw, orkBoy, parse, sergeantWithFist, spaceMarine } from '../setups';

/** Combats for the round model's tests and bench (core/systems/wh40k-7e/analysis/model). */

type Group = SetupInput['attacker']['models'][number];
type Side = Partial<SetupInput['attacker']> & { models: Group[] };

/** A fresh setup object each call (the model remembers per setup: a fresh one starts cold). */
export const startOf = (setup: Setup): State => wh40k7e.start(setup);

/** The example (examples/wh40k-7e-marines-vs-boyz.json) without its seed. */
export function exampleSetup(): Setup {
  const { seed: _seed, ...setup } = example as Record<string, unknown>;
  return wh40k7e.setupSchema.parse(setup);
}

/**
 * The club-size combat: 20 Ork Boyz and a Nob with a power klaw charge 10 Space Marines, a Sergeant
 * with a power fist among them (And They Shall Know No Fear): the Boyz break and are swept, the
 * Marines break but are never destroyed by a Sweeping Advance.
 */
export function clubSize(): Setup {
  return parse({
    attacker: { name: 'Ork Boyz', charged: true, models: [orkBoy(20), nobWithKlaw] },
    defender: { name: 'Tactical Squad', atsknf: true, models: [spaceMarine(9), sergeantWithFist] },
  });
}

/** The small combat the system declares (its conformance.ts): one Marine charging two Boyz, both Fearless. */
export const small = (): Setup => wh40k7e.setupSchema.parse(declared.combats.small);

/** The small combat with its sides' rules changed (Fearless off: Morale checks, flight and Sweeping Advance). */
export function smallWith(attacker: Partial<Side>, defender: Partial<Side>): Setup {
  const base = declared.combats.small as { attacker: Side; defender: Side };
  return parse({
    attacker: { ...base.attacker, ...attacker } as SetupInput['attacker'],
    defender: { ...base.defender, ...defender } as SetupInput['defender'],
  });
}

/** Small variants of the small combat, each with a rule the model must carry (the rule in its name). */
export const smallVariants: Record<string, () => Setup> = {
  'Morale checks, falling back and Sweeping Advance (nobody Fearless)': () =>
    smallWith({ fearless: false }, { fearless: false }),
  'And They Shall Know No Fear: caught Marines stay locked in combat': () =>
    smallWith({ fearless: false, atsknf: true }, { fearless: false }),
  'Stubborn: Morale on unmodified Leadership': () =>
    smallWith({ fearless: false }, { fearless: false, stubborn: true }),
  'a character: a Sergeant first in the allocation order, followed on his own': () =>
    smallWith(
      { fearless: false, models: [spaceMarine(1, { name: 'Sergeant', attacks: 2, leadership: 9 }), spaceMarine(1)] },
      { fearless: false },
    ),
  'a two-wound Nob behind the Boyz, and a power fist (Instant Death, Unwieldy)': () =>
    smallWith(
      {
        fearless: false,
        models: [spaceMarine(1, { weapon: { name: 'Power fist', strength: 'x2', ap: 2, unwieldy: true } })],
      },
      { fearless: false, models: [orkBoy(1), { ...nobWithKlaw, attacks: 2 }] },
    ),
};
