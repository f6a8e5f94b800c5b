import { startCombat, type Combat } from '../../../../core/combat/engine';
import { playerFor } from '../../../support/drive';
import { collectDice } from '../../../../core/combat/rollGroups';
import type { RollStep, Step } from '../../../../core/combat/steps';
import { ninthAge, type Setup, type SetupInput, type State } from '../../../../core/systems/ninth-age';
import type { Profile } from '../../../../core/systems/ninth-age/setup';

/** Test helpers for Ninth Age melees: terse setups and a driver that answers steps in order. */

type UnitInput = SetupInput['attacker']['unit'];
type CharacterInput = NonNullable<UnitInput['characters']>[number];
export type UnitOver = Omit<Partial<UnitInput>, 'profile' | 'characters'> & {
  profile?: Partial<Profile>;
  characters?: Array<Omit<Partial<CharacterInput>, 'profile'> & { profile?: Partial<Profile> }>;
};

/** An ordinary foot soldier: OS 3 DS 3 S 3 AP 0 Agi 3 Att 1 HP 1 Res 3 Arm 0 Dis 7. */
export const soldier: Profile = {
  offensiveSkill: 3,
  defensiveSkill: 3,
  strength: 3,
  armourPenetration: 0,
  agility: 3,
  attacks: 1,
  healthPoints: 1,
  resilience: 3,
  armour: 0,
  discipline: 7,
  aegis: null,
  fortitude: null,
  hitModifier: 0,
};

export function unit(name: string, over: UnitOver = {}): UnitInput {
  return {
    name,
    models: 10,
    width: 5,
    ...over,
    profile: { ...soldier, ...over.profile },
    characters: (over.characters ?? []).map((c, i) => ({
      name: `Hero ${i}`,
      ...c,
      profile: { ...soldier, ...c.profile },
    })),
  };
}

export function setupOf(attacker: UnitOver, defender: UnitOver, extra: Partial<SetupInput> = {}): Setup {
  return ninthAge.setupSchema.parse({
    system: 'ninth-age',
    attacker: { name: 'Red', unit: unit('Knights', attacker) },
    defender: { name: 'Blue', unit: unit('Spearmen', defender) },
    ...extra,
  });
}

export type NaCombat = Combat<Setup, State>;

export const start = (setup: Setup): NaCombat => startCombat(ninthAge, setup, 1);

/** Answers the steps in order: dice for a roll, an option id for a choice, 'go' for an outcome. */
export const play = playerFor(ninthAge);

export const titleOf = (step: Step) => step.title;

/** Dice for a chained roll step: every die shows `face`, each group as many as the dice before it call for. */
export const allDice = (step: RollStep, face: number) =>
  collectDice(step, (_g, count) => Array.from({ length: count }, () => face)).flat();

/** The labels of a roll step's dice groups. */
export const groupLabels = (step: RollStep) => (step.groups ?? []).map((g) => g.label);
export const lastLog = (c: NaCombat) => c.state.log[c.state.log.length - 1]!;
export const logText = (c: NaCombat) => c.state.log.map((l) => `${l.title}: ${l.result}`);
export const lostOf = (c: NaCombat, key: string) => c.state.lost[key] ?? 0;

export { chooseStep, n, outcomeStep, rollStep } from '../../../support/drive';
