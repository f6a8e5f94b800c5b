import { startCombat, type Combat } from '../../../../core/combat/engine';
import { playerFor } from '../../../support/drive';
import { wh40k7e, type Setup, type SetupInput, type State } from '../../../../core/systems/wh40k-7e';

/** Test helpers for 7th edition combats: terse setups and a driver that answers steps in order. */

export type GroupInput = SetupInput['attacker']['models'][number];
export type SideInput = Partial<Omit<SetupInput['attacker'], 'models'>> & { models: GroupInput[] };

/** A plain trooper: WS3 S3 T3 W1 I3 A1 Ld7, no save, a close combat weapon. */
export const trooper = (over: Partial<GroupInput> = {}): GroupInput => ({
  name: 'Trooper',
  count: 1,
  weaponSkill: 3,
  strength: 3,
  toughness: 3,
  wounds: 1,
  initiative: 3,
  attacks: 1,
  leadership: 7,
  save: null,
  ...over,
});

export function setupOf(
  attacker: SideInput,
  defender: SideInput,
  rules: Partial<Pick<SetupInput, 'sixthEditionFeelNoPain'>> = {},
): Setup {
  return wh40k7e.setupSchema.parse({
    system: 'wh40k-7e',
    attacker: { name: 'Red', ...attacker },
    defender: { name: 'Blue', ...defender },
    ...rules,
  });
}

export type W7 = Combat<Setup, State>;

export const start = (setup: Setup): W7 => startCombat(wh40k7e, setup, 1);

/** Answers the steps in order: dice for a roll, an option id for a choice, 'go' for an outcome. */
export const play = playerFor(wh40k7e);

/** The step's id without its counter ("save.7" → "save"). */
export const kindOf = (c: W7) => c.step.id.split('.')[0]!;

/** Wounds left of every model of a side, group by group. */
export const woundsOf = (c: W7, role: 'attacker' | 'defender') => c.state.wounds[role];

/** The last combat result, as its log line gives it: each side's arithmetic, then who won. */
export function resultOf(c: W7): string[] {
  const line = c.state.log.findLast((l) => l.title.endsWith(': combat result'));
  if (!line) throw new Error('no combat result yet');
  return [...(line.why ?? []).map((w) => w.detail), line.result];
}

/** The log's results, newest last. */
export const results = (c: W7) => c.state.log.map((l) => l.result);

export { chooseStep, n, outcomeStep, rollStep } from '../../../support/drive';
