import type { Reason } from '../../combat/steps';
import { parseDice, type DiceExpression } from '../../dice/expression';
import type { ModelGroup, Reroll, Setup, Weapon } from './profiles';
import type { ModelState } from './situation';
import {
  armourSaveFace,
  bestSave,
  capModifier,
  coverBonus,
  effectiveAp,
  faceNeeded,
  invulnerableSaveFace,
  woundTarget,
} from './tables';

/**
 * The numbers one weapon profile needs at each roll, with the reasons shown to the players. Rules:
 * seed 001, RULES.md §1 and WH40K10-MODIFIERS.md; a reason names the rule as players know it and
 * keeps the arithmetic.
 */

/** "+1", "−1", "0" (a real minus sign, as rulebooks print it). */
export const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

/**
 * The modifiers of a hit or wound roll in words: "Stealth −1, Heavy +1 → net 0", and how the ±1
 * cap (seed 001) limited them: "hit modifier +2 → net +2, capped at ±1 → +1".
 */
export function modifierText(parts: Array<[number, string, string?]>): { total: number; capped: number; text: string } {
  const used = parts.filter(([n]) => n !== 0);
  const total = used.reduce((a, [n]) => a + n, 0);
  const capped = capModifier(total);
  if (used.length === 0) return { total, capped, text: 'no modifier' };
  const listed = used.map(([n, what, why]) => `${what} ${signed(n)}${why ? ` (${why})` : ''}`).join(', ');
  return {
    total,
    capped,
    text: `${listed} → net ${signed(total)}${capped !== total ? `, capped at ±1 → ${signed(capped)}` : ''}`,
  };
}

const criticalWords = (on: number) => (on === 6 ? 'an unmodified 6' : `an unmodified ${on}+`);

/**
 * Hit roll (seed 001): BS/WS, modifiers capped at ±1 — Heavy +1 if the unit remained stationary,
 * Stealth −1 against ranged attacks (WH40K10-MODIFIERS.md) — and a Critical Hit on the unmodified
 * `criticalHitOn`+ (always hits; an unmodified 1 always fails). `face` is the unmodified face that
 * hits, criticals included.
 */
export function hitTest(setup: Setup, w: Weapon): { face: number; criticalOn: number; why: Reason[] } {
  const ranged = setup.attacker.ranged;
  const heavy = w.abilities.heavy && setup.attacker.remainedStationary ? 1 : 0;
  const stealth = setup.defender.stealth && ranged ? -1 : 0;
  const mod = modifierText([
    [w.hitModifier, 'hit modifier'],
    [stealth, 'Stealth'],
    [heavy, 'Heavy', 'remained stationary'],
  ]);
  const modified = faceNeeded(w.skill, mod.total);
  const criticalOn = w.criticalHitOn;
  const face = Math.min(modified, criticalOn);
  const why: Reason[] = [
    {
      rule: 'Hit roll — Making Attacks',
      detail: `${ranged ? 'BS' : 'WS'} ${w.skill}+; ${mod.text} → ${modified}+; ${criticalWords(criticalOn)} is a Critical Hit and always hits, an unmodified 1 always fails`,
    },
  ];
  if (criticalOn < modified)
    why.push({
      rule: 'Critical Hit',
      detail: `Critical Hit on ${criticalOn}+: ${criticalOn}+ hits whatever the modifiers → ${face}+`,
    });
  return { face, criticalOn, why };
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

/**
 * The unmodified wound roll that is a Critical Wound (WH40K10-MODIFIERS.md): the lowest of the
 * weapon's `criticalWoundOn` and, against a target with its keyword, Anti-KEYWORD X+.
 */
export function criticalWoundOn(setup: Setup, w: Weapon): { on: number; anti: boolean } {
  const anti = w.abilities.anti;
  const antiApplies = anti !== null && setup.defender.keywords.includes(anti.keyword);
  const on = antiApplies ? Math.min(w.criticalWoundOn, anti.threshold) : w.criticalWoundOn;
  return { on, anti: antiApplies && anti.threshold < w.criticalWoundOn };
}

/** Wound roll (seed 001, RULES §1 table), Lance +1 if the bearer charged, Critical Wounds (Anti-KEYWORD X+, criticalWoundOn). */
export function woundTest(
  setup: Setup,
  models: readonly ModelState[],
  w: Weapon,
): { face: number; criticalOn: number; why: Reason[] } {
  const t = targetToughness(setup, models);
  const base = woundTarget(w.strength, t);
  const lance = w.abilities.lance && setup.attacker.charged ? 1 : 0;
  const mod = modifierText([
    [w.woundModifier, 'wound modifier'],
    [lance, 'Lance', 'charged'],
  ]);
  const face = faceNeeded(base, mod.total);
  const critical = criticalWoundOn(setup, w);
  const why: Reason[] = [
    {
      rule: 'Wound roll — Making Attacks',
      detail: `S${w.strength} vs T${t}: ${woundRow(w.strength, t)} → ${base}+; ${mod.text} → ${face}+; ${criticalWords(critical.on)} is a Critical Wound and always wounds, an unmodified 1 always fails`,
    },
  ];
  const anti = w.abilities.anti;
  if (critical.anti && anti)
    why.push({
      rule: `Anti-${anti.keyword} ${anti.threshold}+`,
      detail: `against ${anti.keyword.toUpperCase()}, an unmodified ${anti.threshold}+ is a Critical Wound and always wounds`,
    });
  else if (critical.on < 6)
    why.push({ rule: 'Critical Wound', detail: `Critical Wound on ${critical.on}+: it always wounds` });
  return { face: Math.min(face, critical.on), criticalOn: critical.on, why };
}

function woundRow(s: number, t: number): string {
  if (s >= 2 * t) return 'S ≥ 2×T';
  if (s > t) return 'S > T';
  if (s === t) return 'S = T';
  if (2 * s <= t) return 'S ≤ T/2';
  return 'S < T';
}

/**
 * RULES §1 Blast: +1 attack per 5 models in the target unit, counted when the unit was selected as
 * the target — models slain by the unit's earlier weapons still count. The whole target unit is
 * selected at the start of the attack, so this is the setup's model count.
 */
export function blastBonus(setup: Setup): number {
  return Math.floor(setup.defender.models.reduce((n, g) => n + g.count, 0) / 5);
}

/** The re-roll a stage allows: Twin-linked re-rolls failed wound rolls (RULES §1). */
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

/** The weapon's Damage expression and its Melta X within half range (RULES §1), each rolled on its own. */
export function damageDice(setup: Setup, w: Weapon): { damage: DiceExpression; melta: DiceExpression | null } {
  return {
    damage: parseDice(w.damage),
    melta: w.abilities.melta !== null && setup.attacker.halfRange ? parseDice(w.abilities.melta) : null,
  };
}

/** The two saves a model may use against this weapon, as unmodified faces (7 = cannot pass). */
export interface SaveFaces {
  armour: number;
  invulnerable: number;
  /** Benefit of Cover applies (0 or 1). */
  cover: number;
  /** The attack's AP after AP reduction. */
  ap: number;
}

/**
 * Saving throws against this weapon (seed 001; WH40K10-MODIFIERS.md "Saving throw"): armour Sv
 * with the effective AP, improved by cover plus the save modifier (at most +1 in all); the
 * invulnerable save with the save modifier only.
 */
export function saveFaces(setup: Setup, g: ModelGroup, w: Weapon): SaveFaces {
  const d = setup.defender;
  const ap = effectiveAp(w.ap, d.apReduction);
  const cover = coverBonus({
    cover: d.cover,
    ranged: setup.attacker.ranged,
    ignoresCover: w.abilities.ignoresCover,
    save: g.save,
    ap,
  });
  return {
    armour: armourSaveFace(g.save, ap, cover + d.saveModifier),
    invulnerable: invulnerableSaveFace(g.invulnerable, d.saveModifier),
    cover,
    ap,
  };
}

/** The reasons for a saving throw: the save with its arithmetic, Benefit of Cover where it is in play, the re-roll. */
export function saveReasons(
  setup: Setup,
  g: ModelGroup,
  w: Weapon,
  f: SaveFaces,
  kind: 'armour' | 'invulnerable',
): Reason[] {
  const d = setup.defender;
  const why: Reason[] = [];
  if (kind === 'invulnerable') {
    const mod = d.saveModifier !== 0 ? `, save modifier ${signed(d.saveModifier)}` : '';
    why.push({
      rule: 'Invulnerable save',
      detail: `${g.invulnerable ?? 7}++, never modified by AP or cover${mod} → ${faceText(f.invulnerable)}; an unmodified 1 fails`,
    });
  } else {
    const ap =
      f.ap !== w.ap ? `AP ${signed(w.ap)} reduced by ${d.apReduction} → AP ${signed(f.ap)}` : `AP ${signed(f.ap)}`;
    const parts: Array<[number, string]> = [
      [f.cover, 'Benefit of Cover'],
      [d.saveModifier, 'save modifier'],
    ];
    const used = parts.filter(([n]) => n !== 0);
    const sum = used.reduce((a, [n]) => a + n, 0);
    const improvement =
      used.length === 0
        ? ''
        : `; ${used.map(([n, what]) => `${what} ${signed(n)}`).join(', ')}${sum > 1 ? ` → ${signed(sum)}, capped at +1` : ''}`;
    why.push({
      rule: 'Saving throw',
      detail: `Sv ${g.save}+, ${ap}${improvement} → ${faceText(f.armour)}; an unmodified 1 fails`,
    });
    if (d.cover && setup.attacker.ranged) {
      const detail = w.abilities.ignoresCover
        ? 'none: the weapon has Ignores Cover'
        : f.cover > 0
          ? '+1 to the armour saving throw against a ranged attack'
          : `none: Sv ${g.save}+ or better against AP 0${f.ap !== w.ap ? ' (after AP reduction)' : ''}`;
      why.push({ rule: 'Benefit of Cover', detail });
    }
  }
  if (d.saveReroll !== 'none') why.push(saveRerollReason(d.saveReroll));
  return why;
}

export function saveRerollReason(policy: 'ones' | 'failed'): Reason {
  return {
    rule: 'Save re-roll',
    detail:
      policy === 'ones'
        ? 'a saving throw of an unmodified 1 is re-rolled once, needing the same'
        : 'a failed saving throw is re-rolled once, needing the same',
  };
}

export const faceText = (face: number) => (face >= 7 ? 'cannot pass' : `${face}+`);

/** The better save for this attack: the lower face; ties go to armour (tables.ts bestSave). */
export function bestSaveOf(f: { armour: number; invulnerable: number }): 'armour' | 'invulnerable' {
  return bestSave(f.armour, f.invulnerable);
}
