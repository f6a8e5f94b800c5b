import { afterFail, neededAt } from '../saves';
import { MAX_DICE_PER_STEP } from '../tables';
import {
  entryOf,
  isWarEngine,
  type Hit,
  type Role,
  type RollGroup,
  type SaveStage,
  type State,
  type UnitState,
  type Wave,
} from '../state';

/**
 * The rules' own fast dice rolling (seed 003: dice are rolled in batches): everything that happens
 * at the same moment is one roll step, its dice in groups where the score needed, the side or the
 * Macro-weapon differ — every attack die of a wave, both sides' saves of a wave. A step takes at
 * most 8 groups and 200 dice (the step protocol's bounds); more waits for the next step.
 */

export const MAX_GROUPS_PER_STEP = 8;

/** A save step's groups at most: a chain (saves, re-rolls, invulnerable saves) is up to three of them. */
export const MAX_SAVE_GROUPS_PER_STEP = 12;

/** As saves.ts certainlyDestroyed, from a count: a unit with an unsaved hit, a war engine with as many as its DC left. */
const destroyedBy = (unit: Parameters<typeof isWarEngine>[0], left: number, unsaved: number) =>
  isWarEngine(unit) ? unsaved >= left : unsaved > 0;

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

/**
 * The saves of one kind of hit rolled through, as players roll them (issue 22: everything that
 * happens at one moment is one step): the first save of every hit, then — chained, one die for
 * each failure — a Reinforced Armour re-roll, then an invulnerable save, as far as the hits have
 * them (RULES §4 Saves: Reinforced Armour re-rolls a failed save; an invulnerable save is a
 * further 6+ after a failed save). Hits of one side whose saves go the same way are one chain.
 */
export interface SaveChain {
  role: Role;
  /** The saves each hit gets in turn while it fails, and the score each needs. */
  stages: Array<{ stage: SaveStage; value: number }>;
  /** Indices into the side's saves, in order: die k of the chain's first group saves hit hits[k]. */
  hits: number[];
}

const stageOrder: SaveStage[] = ['first', 'reroll', 'invuln'];

/** Allocation and save order within a wave: hits on the defender first, then on the attacker. */
export const targetOrder: readonly Role[] = ['defender', 'attacker'];

/** The saves a hit at this stage still gets, in turn, while it fails. */
function stagesOf(unit: Parameters<typeof neededAt>[0], role: Role, hit: Hit): SaveChain['stages'] {
  const out: SaveChain['stages'] = [];
  for (
    let h: Pick<Hit, 'macro' | 'stage'> = hit;
    stageOrder.includes(h.stage);
    h = { macro: h.macro, stage: afterFail(unit, h) }
  )
    out.push({ stage: h.stage, value: neededAt(unit, role, h) });
  return out;
}

/** One side's chains, in order (a chain of more dice than a step takes in parts). */
function sideChains(state: State, role: Role, saves: readonly Hit[]): SaveChain[] {
  const units = state.units[role];
  const chains = new Map<string, SaveChain>();
  // Unsaved hits per unit, counted once (a unit certain to be destroyed rolls no more saves).
  const unsaved = new Map<number, number>();
  for (const h of saves) if (h.stage === 'unsaved') unsaved.set(h.unit, (unsaved.get(h.unit) ?? 0) + 1);
  // Hits of one unit, kind and stage go the same way: their saves worked out once.
  const paths = new Map<string, { key: string; stages: SaveChain['stages'] } | null>();
  saves.forEach((h, i) => {
    if (!stageOrder.includes(h.stage)) return;
    const at = `${h.unit}|${h.macro}|${h.stage}`;
    let path = paths.get(at);
    if (path === undefined) {
      const e = entryOf(state.setup, role, units[h.unit]!);
      const stages = destroyedBy(e, units[h.unit]!.left, unsaved.get(h.unit) ?? 0) ? null : stagesOf(e, role, h);
      path = stages && { key: stages.map((x) => `${x.stage}${x.value}`).join('>'), stages };
      paths.set(at, path);
    }
    if (!path) return;
    const c = chains.get(path.key) ?? { role, stages: path.stages, hits: [] };
    c.hits.push(i);
    chains.set(path.key, c);
  });
  const first = (c: SaveChain) => c.stages[0]!;
  const sorted = [...chains.values()].sort(
    (a, b) =>
      stageOrder.indexOf(first(a).stage) - stageOrder.indexOf(first(b).stage) ||
      first(a).value - first(b).value ||
      a.stages.length - b.stages.length,
  );
  const out: SaveChain[] = [];
  for (const c of sorted) {
    const per = Math.floor(MAX_DICE_PER_STEP / c.stages.length);
    for (let k = 0; k < c.hits.length; k += per) out.push({ ...c, hits: c.hits.slice(k, k + per) });
  }
  return out;
}

/**
 * Remembers a side's chains for its saves and units as they stand (both never change in place: a
 * new state has new arrays), so the several readers of one state share one count — thousands of
 * hits in the largest assaults. A cache only remembers: the result is a function of its inputs.
 */
const remembered = new WeakMap<readonly Hit[], WeakMap<readonly UnitState[], SaveChain[]>>();

/**
 * Every save still to roll in the wave, both sides, as chains (a unit already certain to be
 * destroyed rolls no more saves: they change nothing). A chain of more dice than a step takes is
 * rolled in parts.
 */
export function openSaveGroups(state: State, wave: Wave): SaveChain[] {
  const out: SaveChain[] = [];
  for (const role of targetOrder) {
    const saves = wave.on[role].saves;
    if (!saves) continue;
    const units = state.units[role];
    let byUnits = remembered.get(saves);
    if (!byUnits) remembered.set(saves, (byUnits = new WeakMap()));
    let chains = byUnits.get(units);
    if (!chains) byUnits.set(units, (chains = sideChains(state, role, saves)));
    out.push(...chains);
  }
  return out;
}

/** Most dice a chain can take: every hit failing every save but the last. */
export const chainDice = (c: SaveChain) => c.hits.length * c.stages.length;

/** The save chains the next step rolls: up to MAX_SAVE_GROUPS_PER_STEP groups and 200 dice at most. */
export function saveBatch(state: State, wave: Wave): SaveChain[] {
  const out: SaveChain[] = [];
  let groups = 0;
  let dice = 0;
  for (const c of openSaveGroups(state, wave)) {
    if (
      out.length > 0 &&
      (groups + c.stages.length > MAX_SAVE_GROUPS_PER_STEP || dice + chainDice(c) > MAX_DICE_PER_STEP)
    )
      break;
    out.push(c);
    groups += c.stages.length;
    dice += chainDice(c);
  }
  return out;
}
