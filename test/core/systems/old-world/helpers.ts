import { startCombat, type Combat } from '../../../../core/combat/engine';
import { playerFor } from '../../../support/drive';
import type { Step } from '../../../../core/combat/steps';
import { oldWorld, type Setup, type SetupInput, type State } from '../../../../core/systems/old-world';
import type { Profile } from '../../../../core/systems/old-world/setup';

/** Test helpers for old-world combats: terse setups and a driver that answers steps in order. */

type ProfileInput = Partial<Profile>;
type UnitInput = Omit<Partial<SetupInput['attacker']['units'][number]>, 'profile'> & { profile?: ProfileInput };

/** An ordinary human profile: M4 WS3 S3 T3 W1 I3 A1 Ld7, no armour. */
export const human: Profile = {
  movement: 4,
  weaponSkill: 3,
  strength: 3,
  toughness: 3,
  wounds: 1,
  initiative: 3,
  attacks: 1,
  leadership: 7,
  armour: 7,
  ward: null,
  troopType: 'infantry',
};

export function unit(over: UnitInput = {}): SetupInput['attacker']['units'][number] {
  return { name: 'Unit', models: 10, rankWidth: 5, ...over, profile: { ...human, ...over.profile } };
}

export function setupOf(
  attacker: UnitInput[] | UnitInput,
  defender: UnitInput[] | UnitInput,
  extra: Partial<SetupInput> = {},
  nearby: { attacker?: SetupInput['attacker']['nearby']; defender?: SetupInput['defender']['nearby'] } = {},
): Setup {
  const list = (u: UnitInput[] | UnitInput, name: string) =>
    (Array.isArray(u) ? u : [u]).map((x, i) => unit({ name: `${name}${i === 0 ? '' : ` ${i + 1}`}`, ...x }));
  return oldWorld.setupSchema.parse({
    system: 'old-world',
    attacker: { name: 'Red', units: list(attacker, 'Swordsmen'), nearby: nearby.attacker ?? [] },
    defender: { name: 'Blue', units: list(defender, 'Spearmen'), nearby: nearby.defender ?? [] },
    ...extra,
  });
}

export type OldWorldCombat = Combat<Setup, State>;

export const start = (setup: Setup): OldWorldCombat => startCombat(oldWorld, setup, 1);

/** Answers the steps in order: dice for a roll, an option id for a choice, 'go' for an outcome. */
export const play = playerFor(oldWorld);

export const titleOf = (step: Step) => step.title;
export const lastLog = (c: OldWorldCombat) => c.state.log[c.state.log.length - 1]!;

export { chooseStep, n, outcomeStep, rollStep } from '../../../support/drive';
