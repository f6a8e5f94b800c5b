import type { Reason } from '../../combat/steps';
import type { Setup } from './setup';
import { armourNeed, passChance, specialSaveNeed, toHitBase, toHitNeed, toWoundNeed } from './tables';
import { poolName, profileOf, type PoolRef, type Stage } from './state';

/**
 * The attack sequence of one part's attacks at one health pool (seed 004, "Standard Melee
 * Attacks"; RULES §5): to hit, to wound, armour, then one special save. Each test says what a die
 * needs and why, in the words players use. Pure functions of the setup: shared by the engine and
 * the analysis, so they can never disagree.
 */

/** A D6 test: each die passes on `need` or more; null: no roll (no save possible). */
export interface Test {
  need: number | null;
  why: Reason[];
}

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

/** Seed 004: OS − DS on the to-hit table, then the attacker's to-hit modifier; a natural 1 fails and a natural 6 hits. */
export function hitTest(setup: Setup, part: PoolRef, target: PoolRef): Test {
  const a = profileOf(setup, part);
  const d = profileOf(setup, target);
  const base = toHitBase(a.offensiveSkill, d.defensiveSkill);
  const need = toHitNeed(a.offensiveSkill, d.defensiveSkill, a.hitModifier);
  const modifier = a.hitModifier === 0 ? '' : `, ${signed(a.hitModifier)} to hit → ${need}+`;
  return {
    need,
    why: [
      {
        rule: 'To-hit table',
        detail: `OS ${a.offensiveSkill} − DS ${d.defensiveSkill} = ${signed(a.offensiveSkill - d.defensiveSkill)} → ${base}+${modifier} (a natural 1 always fails, a natural 6 always hits)`,
      },
    ],
  };
}

/** RULES §5: Strength − Resilience on the to-wound table. */
export function woundTest(setup: Setup, part: PoolRef, target: PoolRef): Test {
  const s = profileOf(setup, part).strength;
  const r = profileOf(setup, target).resilience;
  const need = toWoundNeed(s, r);
  return {
    need,
    why: [
      {
        rule: 'To-wound table',
        detail: `S ${s} − Res ${r} = ${signed(s - r)} → ${need}+ (a natural 1 always fails, a natural 6 always wounds)`,
      },
    ],
  };
}

/** RULES §5: the armour save needs 7 − (Armour − AP): 5 or more → 2+ (a natural 1 fails); 0 or less → none. */
export function armourTest(setup: Setup, part: PoolRef, target: PoolRef): Test {
  const ap = profileOf(setup, part).armourPenetration;
  const arm = profileOf(setup, target).armour;
  const need = armourNeed(arm, ap);
  const value = arm - ap;
  const detail =
    need === null
      ? `Armour ${arm} − AP ${ap} = ${signed(value)}: no armour save`
      : value >= 5
        ? `Armour ${arm} − AP ${ap} = ${value}, 5 or more → 2+ (a natural 1 always fails)`
        : `7 − (Armour ${arm} − AP ${ap}) = ${need} → ${need}+`;
  return { need, why: [{ rule: 'Armour save', detail }] };
}

/** RULES §5: the better of Aegis and Fortitude, rolled after a failed (or no) armour save. */
export function specialTest(setup: Setup, target: PoolRef): Test & { name: string } {
  const p = profileOf(setup, target);
  const save = specialSaveNeed(p.aegis, p.fortitude);
  if (!save)
    return {
      need: null,
      name: 'special save',
      why: [{ rule: 'Special save', detail: `${poolName(setup, target)} have no Aegis or Fortitude save` }],
    };
  const other = save.name === 'Aegis' ? p.fortitude : p.aegis;
  const better = other === null ? '' : ` (better than ${save.name === 'Aegis' ? 'Fortitude' : 'Aegis'} ${other}+)`;
  return {
    need: save.need,
    name: `${save.name} save`,
    why: [
      { rule: `${save.name} save`, detail: `${save.name} ${save.need}+${better}, after a failed or no armour save` },
    ],
  };
}

/** The stage after `stage` that rolls dice (seed 004's sequence), or null: what passed are unsaved wounds. */
export function nextStage(setup: Setup, part: PoolRef, target: PoolRef, stage: Stage): Stage | null {
  const order: Stage[] = ['hit', 'wound', 'armour', 'special'];
  for (const s of order.slice(order.indexOf(stage) + 1)) {
    if (s === 'armour' && armourTest(setup, part, target).need === null) continue;
    if (s === 'special' && specialTest(setup, target).need === null) continue;
    return s;
  }
  return null;
}

/** The test of a stage. */
export function testOf(setup: Setup, part: PoolRef, target: PoolRef, stage: Stage): Test {
  switch (stage) {
    case 'hit':
      return hitTest(setup, part, target);
    case 'wound':
      return woundTest(setup, part, target);
    case 'armour':
      return armourTest(setup, part, target);
    case 'special':
      return specialTest(setup, target);
  }
}

/** Saves pass for the defender: the dice that go on are those that fail. */
export const isSave = (stage: Stage) => stage === 'armour' || stage === 'special';

/** The needs of the four stages as numbers (null: no such roll), without the words: what the odds read. */
export function needsOf(
  setup: Setup,
  part: PoolRef,
  target: PoolRef,
): { hit: number; wound: number; armour: number | null; special: number | null } {
  const a = profileOf(setup, part);
  const d = profileOf(setup, target);
  return {
    hit: toHitNeed(a.offensiveSkill, d.defensiveSkill, a.hitModifier),
    wound: toWoundNeed(a.strength, d.resilience),
    armour: armourNeed(d.armour, a.armourPenetration),
    special: specialSaveNeed(d.aegis, d.fortitude)?.need ?? null,
  };
}

/**
 * P(one die still to roll at `stage` ends as an unsaved wound): that stage and every one after
 * it, as the engine walks them. Each Ninth Age attack is independent and an unsaved wound is
 * 1 HP, so a part's unsaved wounds at one pool are Binomial(dice, this).
 */
export function unsavedChance(setup: Setup, part: PoolRef, target: PoolRef, stage: Stage): number {
  const needs = needsOf(setup, part, target);
  const hit = passChance(needs.hit);
  const wound = passChance(needs.wound);
  const armour = 1 - passChance(needs.armour);
  const special = 1 - passChance(needs.special);
  switch (stage) {
    case 'hit':
      return hit * wound * armour * special;
    case 'wound':
      return wound * armour * special;
    case 'armour':
      return armour * special;
    case 'special':
      return special;
  }
}
