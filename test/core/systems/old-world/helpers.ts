import { advance, startCombat, type Combat } from '../../../../core/combat/engine';
import type { ChooseStep, Input, OutcomeStep, RollStep, Step } from '../../../../core/combat/steps';
import { oldWorld, type Setup, type SetupInput, type State } from '../../../../core/systems/old-world';
import type { Profile } from '../../../../core/systems/old-world/setup';

/** Test helpers for old-world combats: terse setups and a driver that answers steps in order. */

type ProfileInput = Partial<Profile>;
type UnitInput = Omit<Partial<SetupInput['attacker']['units'][number]>, 'profile'> & { profile?: ProfileInput };

/** An ordinary human profile: M4 WS3 S3 T3 W1 I3 A1 Ld7, no armour. */
export const human: Profile = { movement: 4, weaponSkill: 3, strength: 3, toughness: 3, wounds: 1, initiative: 3, attacks: 1, leadership: 7, armour: 7, ward: null, troopType: 'infantry' };

export function unit(over: UnitInput = {}): SetupInput['attacker']['units'][number] {
  return { name: 'Unit', models: 10, rankWidth: 5, ...over, profile: { ...human, ...over.profile } };
}

export function setupOf(attacker: UnitInput[] | UnitInput, defender: UnitInput[] | UnitInput, extra: Partial<SetupInput> = {}, nearby: { attacker?: SetupInput['attacker']['nearby']; defender?: SetupInput['defender']['nearby'] } = {}): Setup {
  const list = (u: UnitInput[] | UnitInput, name: string) => (Array.isArray(u) ? u : [u]).map((x, i) => unit({ name: `${name}${i === 0 ? '' : ` ${i + 1}`}`, ...x }));
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
export function play(combat: OldWorldCombat, ...answers: Array<number[] | string>): OldWorldCombat {
  let c = combat;
  for (const answer of answers) {
    const step = c.step;
    let input: Input;
    if (Array.isArray(answer)) {
      input = { kind: 'roll', stepId: step.id, dice: answer, by: 'entered' };
    } else if (answer === 'go') {
      input = { kind: 'continue', stepId: step.id };
    } else {
      input = { kind: 'choose', stepId: step.id, option: answer };
    }
    const r = advance(oldWorld, c, input);
    if (!r.ok) throw new Error(`at "${step.title}": ${r.error.message}`);
    c = r.combat;
  }
  return c;
}

export function rollStep(c: OldWorldCombat): RollStep {
  if (c.step.kind !== 'roll') throw new Error(`expected a roll, got ${c.step.kind}: ${c.step.title}`);
  return c.step;
}
export function chooseStep(c: OldWorldCombat): ChooseStep {
  if (c.step.kind !== 'choose') throw new Error(`expected a choice, got ${c.step.kind}: ${c.step.title}`);
  return c.step;
}
export function outcomeStep(c: OldWorldCombat): OutcomeStep {
  if (c.step.kind !== 'outcome') throw new Error(`expected an outcome, got ${c.step.kind}: ${c.step.title}`);
  return c.step;
}

export const titleOf = (step: Step) => step.title;
export const lastLog = (c: OldWorldCombat) => c.state.log[c.state.log.length - 1]!;
export const n = (count: number, face: number) => Array.from({ length: count }, () => face);
