import { unitAttackDice, type UnitDice } from '../dice';
import { keptOrder, type Kept } from '../plans';
import { freshUnsavedChance } from '../saves';
import type { Setup } from '../setup';
import { alive, engagedAlive, entryOf, isWarEngine, supportOf, type Role, type UnitState } from '../state';

/**
 * One side of an assault as the analysis counts it. Only directly engaged units can be hit in A4
 * and A5 (seed 003), so only they change; they are grouped into blocks: runs of units of one
 * entry with one engagement, next to each other in the list. Units of a block are alike and take
 * their places in the round robin together, so which of them stand does not matter, only how many
 * (a war engine is a block of its own, counted by its damage capacity left). A side's state is the
 * vector of its blocks' counts, numbered in mixed radix.
 */

export interface Block {
  /** The units (indices into the side's units) standing when the analysis starts. */
  units: number[];
  warEngine: boolean;
  /** Units standing, or the war engine's DC left, at the start: the block's count runs 0…size. */
  size: number;
  /** P(a fresh normal / Macro-weapon hit on one of its units is not saved). */
  unsavedNormal: number;
  unsavedMacro: number;
  inspiring: boolean;
  fearless: boolean;
  /** Dice each standing unit rolls in the First Strike and the main wave (the engine's own, dice.ts). */
  firstStrike: UnitDice[];
  main: UnitDice[];
}

export interface SideModel {
  role: Role;
  blocks: Block[];
  radix: number[];
  stride: number[];
  /** Number of states: the product of the radices. */
  states: number;
  /** The state the analysis starts from (every block full). */
  start: number;
  /** Units left (a war engine counts its DC left) of the units that are not directly engaged: they cannot be hit in A4/A5. */
  fixedUnits: number;
  fixedFearless: number;
  /** Inspiring supporting units (they cannot be hit). */
  supportInspiring: number;
  /** Inspiring engaged units at the start: the largest value that count can take. */
  maxInspiring: number;
  /** Units left at the start, counted as the result counts them. */
  units: number;
  /** The Fearless share of `units` at the start. */
  maxFearless: number;
}

/** `kept`: the side's allocation kept for the assault (plans.ts): its blocks take their places in each pass in that order. */
export function sideModel(setup: Setup, role: Role, units: readonly UnitState[], kept?: Kept): SideModel {
  const blocks: Block[] = [];
  let fixedUnits = 0;
  let fixedFearless = 0;
  // Units out of the round robin (destroyed, or not engaged) do not break a run: the units either
  // side of them are next to each other in it.
  let lastKey = '';
  // Blocks in the order hits reach them: base contact, then firefight (allocation.ts), or as the side's kept plan has it.
  keptOrder(setup, role, units, kept).forEach((i) => {
    const u = units[i]!;
    if (!alive(u)) return;
    const e = entryOf(setup, role, u);
    if (!engagedAlive(u)) {
      fixedUnits += u.left;
      if (e.fearless) fixedFearless += u.left;
      return;
    }
    const we = isWarEngine(e);
    const key = `${u.entry}|${u.engaged}`;
    const prev = blocks[blocks.length - 1];
    if (!we && prev && !prev.warEngine && key === lastKey) {
      prev.units.push(i);
      prev.size += 1;
      return;
    }
    lastKey = key;
    blocks.push({
      units: [i],
      warEngine: we,
      size: u.left,
      unsavedNormal: freshUnsavedChance(e, role, false),
      unsavedMacro: freshUnsavedChance(e, role, true),
      inspiring: e.inspiring,
      fearless: e.fearless,
      firstStrike: unitAttackDice(e, u.engaged, 'firstStrike'),
      main: unitAttackDice(e, u.engaged, 'main'),
    });
  });
  const radix = blocks.map((b) => b.size + 1);
  const stride: number[] = [];
  let states = 1;
  for (const r of radix) {
    stride.push(states);
    states *= r;
  }
  const start = blocks.reduce((n, b, k) => n + b.size * stride[k]!, 0);
  const engagedUnits = blocks.reduce((n, b) => n + b.size, 0);
  return {
    role,
    blocks,
    radix,
    stride,
    states,
    start,
    fixedUnits,
    fixedFearless,
    supportInspiring: supportOf(setup, role).reduce((n, s) => n + (s.inspiring ? s.count : 0), 0),
    maxInspiring: blocks.reduce((n, b) => n + (b.inspiring ? (b.warEngine ? 1 : b.size) : 0), 0),
    units: fixedUnits + engagedUnits,
    maxFearless: fixedFearless + blocks.reduce((n, b) => n + (b.fearless ? b.size : 0), 0),
  };
}

/** Block k's count in state x. */
export const countOf = (m: SideModel, x: number, k: number) => Math.floor(x / m.stride[k]!) % m.radix[k]!;

/** What the result and the immediate outcomes read from a state. */
export interface StateFacts {
  /** Units left, counting a war engine's DC left, engaged or not. */
  units: number;
  /** Directly engaged units standing. */
  engaged: number;
  inspiring: number;
  fearless: number;
}

export function factsOf(m: SideModel, x: number): StateFacts {
  let units = m.fixedUnits;
  let engaged = 0;
  let inspiring = 0;
  let fearless = m.fixedFearless;
  m.blocks.forEach((b, k) => {
    const c = countOf(m, x, k);
    units += c;
    const standing = b.warEngine ? (c > 0 ? 1 : 0) : c;
    engaged += standing;
    if (b.inspiring) inspiring += standing;
    if (b.fearless) fearless += c;
  });
  return { units, engaged, inspiring, fearless };
}
