import type { Reason } from '../../combat/steps';
import type { Unit } from './setup';
import { INVULNERABLE_SAVE, passChance } from './tables';
import { isWarEngine, type Hit, type Role, type SaveStage, type UnitState } from './state';

/**
 * Saving throws against a hit (RULES §4 Saves; SCENARIOS §1 Saves). A normal hit: D6 ≥ armour, or
 * ≥ cover for infantry of the DEFENDING formation when that is better (seed 003: charging infantry
 * leave cover); Reinforced Armour re-rolls a failure; then an invulnerable save is a further 6+.
 * A Macro-weapon hit gets no save, except Reinforced Armour (one armour roll: no cover, no
 * re-roll) and the invulnerable 6+.
 */

export interface FirstSave {
  value: number;
  rule: string;
  detail: string;
}

/** The first save a hit gets, or null when it gets none but perhaps the invulnerable save. */
export function firstSave(unit: Unit, role: Role, macro: boolean): FirstSave | null {
  if (macro) {
    if (unit.reinforcedArmour && unit.armour !== null) {
      return {
        value: unit.armour,
        rule: 'Reinforced Armour against a Macro-weapon',
        detail: `one armour save ${unit.armour}+: no cover, no re-roll`,
      };
    }
    return null;
  }
  const coverCounts = role === 'defender' && unit.type === 'infantry' && unit.cover !== null;
  if (coverCounts && (unit.armour === null || unit.cover! < unit.armour)) {
    return {
      value: unit.cover!,
      rule: 'Cover save',
      detail: `defending infantry in cover: ${unit.cover}+ cover${unit.armour === null ? ', no armour save' : ` better than ${unit.armour}+ armour`}`,
    };
  }
  if (unit.armour === null) return null;
  const detail =
    role === 'attacker' && unit.type === 'infantry' && unit.cover !== null
      ? `Sv ${unit.armour}+ (charging infantry get no cover save)`
      : `Sv ${unit.armour}+`;
  return { value: unit.armour, rule: 'Armour save', detail };
}

/** Where a fresh hit starts. */
export function initialStage(unit: Unit, role: Role, macro: boolean): SaveStage {
  if (firstSave(unit, role, macro)) return 'first';
  return unit.invulnerable ? 'invuln' : 'unsaved';
}

/** The score a hit at this stage needs. */
export function neededAt(unit: Unit, role: Role, hit: Pick<Hit, 'macro' | 'stage'>): number {
  if (hit.stage === 'invuln') return INVULNERABLE_SAVE;
  const first = firstSave(unit, role, hit.macro);
  if (!first) throw new Error('a hit without a save has no save to roll');
  return first.value;
}

/** After a failed roll at this stage. */
export function afterFail(unit: Unit, hit: Pick<Hit, 'macro' | 'stage'>): SaveStage {
  if (hit.stage === 'first' && !hit.macro && unit.reinforcedArmour) return 'reroll';
  if ((hit.stage === 'first' || hit.stage === 'reroll') && unit.invulnerable) return 'invuln';
  return 'unsaved';
}

/** P(a hit at this stage ends unsaved), walking the saves still to come. */
export function unsavedChance(unit: Unit, role: Role, hit: Pick<Hit, 'macro' | 'stage'>): number {
  switch (hit.stage) {
    case 'saved':
      return 0;
    case 'unsaved':
      return 1;
    default:
      return (
        (1 - passChance(neededAt(unit, role, hit))) *
        unsavedChance(unit, role, { macro: hit.macro, stage: afterFail(unit, hit) })
      );
  }
}

/** P(a fresh hit ends unsaved). */
export const freshUnsavedChance = (unit: Unit, role: Role, macro: boolean) =>
  unsavedChance(unit, role, { macro, stage: initialStage(unit, role, macro) });

/**
 * A unit already certain to be destroyed by this wave's hits: a unit with an unsaved hit, a war
 * engine with as many unsaved hits as damage capacity left. Its other save dice change nothing,
 * so they are not rolled.
 */
export function certainlyDestroyed(unit: Unit, state: UnitState, hits: readonly Hit[], index: number): boolean {
  const unsaved = hits.filter((h) => h.unit === index && h.stage === 'unsaved').length;
  return isWarEngine(unit) ? unsaved >= state.left : unsaved > 0;
}

/** Why a save step asks for what it asks. */
export function saveReasons(unit: Unit, role: Role, hit: Pick<Hit, 'macro' | 'stage'>): Reason[] {
  if (hit.stage === 'invuln')
    return [
      {
        rule: 'Invulnerable save',
        detail: `a further ${INVULNERABLE_SAVE}+ save after a failed save, even against a Macro-weapon`,
      },
    ];
  const first = firstSave(unit, role, hit.macro)!;
  if (hit.stage === 'reroll')
    return [
      {
        rule: 'Reinforced Armour',
        detail: `re-roll a failed save: ${first.value}+ again (not against Macro-weapon hits)`,
      },
    ];
  return [{ rule: first.rule, detail: first.detail }];
}
