import { neededAt } from '../saves';
import { isWarEngine } from '../state';
import { MAX_DICE_PER_STEP } from '../tables';
import { entryOf, type Role, type RollGroup, type SaveStage, type State, type Wave } from '../state';

/**
 * The rules' own fast dice rolling (seed 003: dice are rolled in batches): everything that happens
 * at the same moment is one roll step, its dice in groups where the score needed, the side or the
 * Macro-weapon differ — every attack die of a wave, both sides' saves of a wave. A step takes at
 * most 8 groups and 200 dice (the step protocol's bounds); more waits for the next step.
 */

export const MAX_GROUPS_PER_STEP = 8;

/** As saves.ts certainlyDestroyed, from a count: a unit with an unsaved hit, a war engine with as many as its DC left. */
const destroyedBy = (unit: Parameters<typeof isWarEngine>[0], left: number, unsaved: number) => (isWarEngine(unit) ? unsaved >= left : unsaved > 0);

/** The first groups, in order, that one step takes. */
export function takeGroups<T>(groups: readonly T[], dice: (g: T) => number): T[] {
  const out: T[] = [];
  let total = 0;
  for (const g of groups) {
    if (out.length === MAX_GROUPS_PER_STEP || (out.length > 0 && total + dice(g) > MAX_DICE_PER_STEP)) break;
    out.push(g);
    total += dice(g);
  }
  return out;
}

/** The attack dice the next step rolls. */
export const attackBatch = (wave: Wave): RollGroup[] => takeGroups(wave.groups, (g) => g.dice);

/** One group of save dice: one side's hits at one save stage needing one score. */
export interface SaveGroup {
  role: Role;
  stage: SaveStage;
  value: number;
  /** Indices into the side's saves, in order: die k of the group saves hit hits[k]. */
  hits: number[];
}

const stageOrder: SaveStage[] = ['first', 'reroll', 'invuln'];

/** Allocation and save order within a wave: hits on the defender first, then on the attacker. */
export const targetOrder: readonly Role[] = ['defender', 'attacker'];

/**
 * Every save still to roll in the wave, both sides, as groups (a unit already certain to be
 * destroyed rolls no more saves: they change nothing).
 */
export function openSaveGroups(state: State, wave: Wave): SaveGroup[] {
  const out: SaveGroup[] = [];
  for (const role of targetOrder) {
    const saves = wave.on[role].saves;
    if (!saves) continue;
    const units = state.units[role];
    const groups = new Map<string, SaveGroup>();
    // Unsaved hits per unit, counted once (a unit certain to be destroyed rolls no more saves).
    const unsaved = new Map<number, number>();
    for (const h of saves) if (h.stage === 'unsaved') unsaved.set(h.unit, (unsaved.get(h.unit) ?? 0) + 1);
    saves.forEach((h, i) => {
      if (!stageOrder.includes(h.stage)) return;
      const e = entryOf(state.setup, role, units[h.unit]!);
      if (destroyedBy(e, units[h.unit]!.left, unsaved.get(h.unit) ?? 0)) return;
      const value = neededAt(e, role, h);
      const key = `${h.stage}|${value}`;
      const g = groups.get(key) ?? { role, stage: h.stage, value, hits: [] };
      g.hits.push(i);
      groups.set(key, g);
    });
    const sorted = [...groups.values()].sort((a, b) => stageOrder.indexOf(a.stage) - stageOrder.indexOf(b.stage) || a.value - b.value);
    // A group of more dice than a step takes is rolled in parts.
    for (const g of sorted) for (let k = 0; k < g.hits.length; k += MAX_DICE_PER_STEP) out.push({ ...g, hits: g.hits.slice(k, k + MAX_DICE_PER_STEP) });
  }
  return out;
}

/** The save dice the next step rolls. */
export const saveBatch = (state: State, wave: Wave): SaveGroup[] => takeGroups(openSaveGroups(state, wave), (g) => g.hits.length);
