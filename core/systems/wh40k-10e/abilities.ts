import type { Reason } from '../../combat/steps';
import { parseDice, type DiceExpression } from '../../dice/expression';
import type { ModelGroup, Reroll, Setup, Weapon } from './profiles';
import type { ModelState } from './situation';
import { armourSaveFace, bestSave, capModifier, coverBonus, faceNeeded, invulnerableSaveFace, woundTarget } from './tables';

/** The numbers one weapon profile needs at each roll, with the reasons shown to the players. */

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

function modifierText(parts: Array<[number, string]>): { total: number; text: string } {
  const used = parts.filter(([n]) => n !== 0);
  const total = used.reduce((a, [n]) => a + n, 0);
  const listed = used.map(([n, what]) => `${signed(n)} (${what})`).join(', ');
  const capped = capModifier(total) !== total ? `, capped at ±1 → ${signed(capModifier(total))}` : '';
  return { total, text: used.length === 0 ? 'no modifier' : `modifier ${listed}${capped}` };
}

/** Hit roll (seed 001): BS/WS, modifiers capped at ±1, Heavy +1 if the unit remained stationary. */
export function hitTest(setup: Setup, w: Weapon): { face: number; why: Reason[] } {
  const skillName = setup.attacker.ranged ? 'BS' : 'WS';
  const heavy = w.abilities.heavy && setup.attacker.remainedStationary ? 1 : 0;
  const mod = modifierText([
    [w.hitModifier, 'hit modifier'],
    [heavy, 'Heavy, unit remained stationary'],
  ]);
  const face = faceNeeded(w.skill, mod.total);
  return {
    face,
    why: [
      {
        rule: 'Hit roll (seed 001, RULES §1)',
        detail: `${skillName} ${w.skill}+, ${mod.text} → ${face}+; an unmodified 6 is a Critical Hit and always hits, an unmodified 1 always fails`,
      },
    ],
  };
}

/**
 * The Toughness an attack uses (RULES §1): the highest Toughness among the alive non-CHARACTER
 * models (an attached Leader uses its Bodyguard's T); if only CHARACTER models are left, the
 * highest Toughness among them.
 */
export function targetToughness(setup: Setup, models: readonly ModelState[]): number {
  const alive = models.filter((m) => m.woundsLeft > 0).map((m) => setup.defender.models[m.group]!);
  const bodyguard = alive.filter((g) => !g.character);
  const pool = bodyguard.length > 0 ? bodyguard : alive;
  return Math.max(1, ...pool.map((g) => g.toughness));
}

/** Wound roll (seed 001, RULES §1 table), Lance +1 if the bearer charged, Anti-KEYWORD X+. */
export function woundTest(setup: Setup, models: readonly ModelState[], w: Weapon): { face: number; criticalOn: number; why: Reason[] } {
  const t = targetToughness(setup, models);
  const base = woundTarget(w.strength, t);
  const lance = w.abilities.lance && setup.attacker.charged ? 1 : 0;
  const mod = modifierText([
    [w.woundModifier, 'wound modifier'],
    [lance, 'Lance, bearer charged'],
  ]);
  const face = faceNeeded(base, mod.total);
  const anti = w.abilities.anti;
  const antiApplies = anti !== null && setup.defender.keywords.includes(anti.keyword);
  const criticalOn = antiApplies ? anti.threshold : 6;
  const why: Reason[] = [
    { rule: 'Wound roll (seed 001, RULES §1 table)', detail: `S${w.strength} vs T${t}: ${woundRow(w.strength, t)} → ${base}+; ${mod.text} → ${face}+` },
  ];
  if (antiApplies) {
    why.push({ rule: `Anti-${anti.keyword} ${anti.threshold}+ (RULES §1)`, detail: `an unmodified ${anti.threshold}+ is a Critical Wound and always wounds` });
  }
  return { face: Math.min(face, criticalOn), criticalOn, why };
}

function woundRow(s: number, t: number): string {
  if (s >= 2 * t) return 'S ≥ 2×T';
  if (s > t) return 'S > T';
  if (s === t) return 'S = T';
  if (2 * s <= t) return 'S ≤ T/2';
  return 'S < T';
}

/** The re-roll a stage allows: Twin-linked re-rolls failed wound rolls (RULES §1). */
/**
 * RULES §1 Blast: +1 attack per 5 models in the target unit, counted when the unit was selected as
 * the target — models slain by the unit's earlier weapons still count. The whole target unit is
 * selected at the start of the attack, so this is the setup's model count.
 */
export function blastBonus(setup: Setup): number {
  return Math.floor(setup.defender.models.reduce((n, g) => n + g.count, 0) / 5);
}

export function rerollOf(w: Weapon, stage: 'hit' | 'wound'): Reroll {
  if (stage === 'hit') return w.hitReroll;
  if (w.abilities.twinLinked && (w.woundReroll === 'none' || w.woundReroll === 'ones')) return 'failed';
  return w.woundReroll;
}

/** Re-rolling successes only makes sense when critical results are worth more than plain ones. */
export function fishingMatters(w: Weapon, stage: 'hit' | 'wound'): boolean {
  if (stage === 'hit') return w.abilities.lethalHits || w.abilities.sustainedHits !== null;
  return w.abilities.devastatingWounds;
}

/** Damage of one attack: D, plus Melta X within half range (RULES §1). Each part rolled on its own. */
export function damageParts(setup: Setup, w: Weapon): DiceExpression[] {
  const parts = [parseDice(w.damage)];
  if (w.abilities.melta !== null && setup.attacker.halfRange) parts.push(parseDice(w.abilities.melta));
  return parts;
}

export function fixedDamage(setup: Setup, w: Weapon): number | null {
  const parts = damageParts(setup, w);
  return parts.every((p) => p.count === 0) ? parts.reduce((a, p) => a + Math.max(0, p.modifier), 0) : null;
}

/** The two saves a model may use against this weapon, as unmodified faces (7 = cannot pass). */
export function saveFaces(setup: Setup, g: ModelGroup, w: Weapon): { armour: number; invulnerable: number; bonus: number } {
  const bonus = coverBonus({ cover: setup.defender.cover, ranged: setup.attacker.ranged, ignoresCover: w.abilities.ignoresCover, save: g.save, ap: w.ap });
  return { armour: armourSaveFace(g.save, w.ap, bonus), invulnerable: invulnerableSaveFace(g.invulnerable), bonus };
}

/**
 * Armour or invulnerable (seed 001: the controlling player chooses, per attack). A real choice
 * only when both can be passed and they differ; otherwise the usable/better one is taken.
 */
export function saveChoiceNeeded(f: { armour: number; invulnerable: number }): boolean {
  return f.armour <= 6 && f.invulnerable <= 6 && f.armour !== f.invulnerable;
}

export function saveReason(g: ModelGroup, w: Weapon, f: { armour: number; invulnerable: number; bonus: number }, kind: 'armour' | 'invulnerable'): Reason {
  if (kind === 'invulnerable') {
    return { rule: 'Invulnerable save (seed 001)', detail: `${g.invulnerable ?? 7}++, never modified by AP → ${faceText(f.invulnerable)}; an unmodified 1 fails` };
  }
  const cover = f.bonus > 0 ? ', +1 Benefit of Cover' : '';
  return { rule: 'Armour save (seed 001, RULES §1)', detail: `Sv ${g.save}+, AP ${w.ap}${cover} → ${faceText(f.armour)}; an unmodified 1 fails` };
}

export const faceText = (face: number) => (face >= 7 ? 'cannot pass' : `${face}+`);

/** The better save for this attack: the lower face; ties go to armour (tables.ts bestSave). */
export function bestSaveOf(f: { armour: number; invulnerable: number }): 'armour' | 'invulnerable' {
  return bestSave(f.armour, f.invulnerable);
}
