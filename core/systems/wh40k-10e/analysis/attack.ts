import type { Setup, Weapon } from '../profiles';
import type { WeaponProgress } from '../situation';
import { faceNeeded, woundTarget } from '../tables';
import { blastBonus, criticalWoundOn, hitTest } from '../abilities';
import { convolve, convolvePower, diceDist, pointDist } from './distribution';
import { convolveJoint, mixJoints, pointJoint, powerJoint, randomSumJoint, trimJoint, type Joint } from './joint';
import { remembered } from './memo';
import { rollOutcome, type RollOutcome } from './rolls';

/**
 * Per-attack outcome probabilities of one weapon (seed 001, RULES §1), as joint distributions of
 * (n = wounds reaching a save, c = Devastating Wounds criticals). Everything an attack does up to
 * the saving throw is independent of the target's state once the Toughness is fixed, so a weapon's
 * (n, c) is a convolution of independent per-attack pairs.
 */
export interface WeaponModel {
  setup: Setup;
  weapon: Weapon;
  devastating: boolean;
  /** Hit roll, with the weapon's re-roll; Torrent: always a (non-critical) hit. */
  hit: RollOutcome;
  /** A pending hit re-roll: the new die, never re-rolled again. */
  hitNoReroll: RollOutcome;
  /** Sustained Hits X: distribution of X, or null. */
  sustained: Float64Array | null;
}

export function weaponModel(setup: Setup, weaponIndex: number): WeaponModel {
  return remembered(setup, `model:${weaponIndex}`, () => buildWeaponModel(setup, weaponIndex));
}

function buildWeaponModel(setup: Setup, weaponIndex: number): WeaponModel {
  const weapon = setup.attacker.weapons[weaponIndex];
  if (!weapon) throw new Error(`no weapon ${weaponIndex} in the setup`);
  const a = weapon.abilities;
  // The engine's hit roll (abilities.ts hitTest): Heavy +1, Stealth −1 against ranged attacks, the
  // net modifier capped at ±1; a Critical Hit on the unmodified criticalHitOn+ (always hits).
  const test = hitTest(setup, weapon);
  const torrent: RollOutcome = { crit: 0, normal: 1, fail: 0 };
  return {
    setup,
    weapon,
    devastating: a.devastatingWounds,
    // Torrent has no hit roll, hence no Critical Hits.
    hit: a.torrent ? torrent : rollOutcome(test.face, test.criticalOn, weapon.hitReroll),
    hitNoReroll: a.torrent ? torrent : rollOutcome(test.face, test.criticalOn, 'none'),
    sustained: a.sustainedHits === null ? null : diceDist(a.sustainedHits),
  };
}

/**
 * One Wound roll against Toughness `toughness`: needs woundTarget(S, T) with the wound modifier
 * (+1 for Lance if the bearer charged), capped ±1; Critical Wound on the unmodified criticalWoundOn+,
 * or on the Anti X+ threshold if the target has the keyword and it is lower. Twin-linked re-rolls failed wound rolls. A
 * Critical Wound of a Devastating Wounds weapon skips the save (c += 1); any other success is a
 * normal wound (n += 1).
 */
export function woundJoint(m: WeaponModel, toughness: number, rerollAllowed: boolean): Joint {
  const { weapon, setup } = m;
  const a = weapon.abilities;
  const needed = faceNeeded(
    woundTarget(weapon.strength, toughness),
    weapon.woundModifier + (a.lance && setup.attacker.charged ? 1 : 0),
  );
  // Critical Wound: the lowest of criticalWoundOn and Anti-KEYWORD X+ against its keyword (WH40K10-MODIFIERS.md).
  const critical = criticalWoundOn(setup, weapon).on;
  const reroll = !rerollAllowed
    ? 'none'
    : a.twinLinked && (weapon.woundReroll === 'none' || weapon.woundReroll === 'ones')
      ? 'failed'
      : weapon.woundReroll;
  const o = rollOutcome(needed, critical, reroll);
  return mixJoints([
    [o.fail, pointJoint(0, 0)],
    [o.normal, pointJoint(1, 0)],
    [o.crit, m.devastating ? pointJoint(0, 1) : pointJoint(1, 0)],
  ]);
}

/** The X extra hits of one Critical Hit with Sustained Hits X, each rolling to wound. */
export function sustainedJoint(m: WeaponModel, wound: Joint): Joint {
  return m.sustained === null ? pointJoint(0, 0) : randomSumJoint(m.sustained, wound);
}

/**
 * One attack from its Hit roll: a miss does nothing; a hit rolls to wound; a Critical Hit with
 * Lethal Hits wounds automatically (a normal wound, not a Critical Wound), and with Sustained
 * Hits X scores X more hits that roll to wound.
 */
export function attackJoint(m: WeaponModel, hit: RollOutcome, wound: Joint, sustained: Joint): Joint {
  const a = m.weapon.abilities;
  let crit = a.lethalHits ? pointJoint(1, 0) : wound;
  if (m.sustained !== null) crit = convolveJoint(crit, sustained);
  return mixJoints([
    [hit.fail, pointJoint(0, 0)],
    [hit.normal, wound],
    [hit.crit, crit],
  ]);
}

/**
 * Attacks of one model: A (dice), + Rapid Fire X within half range, + Blast: one per 5 models in
 * the target unit as it was when selected (abilities.ts blastBonus, the engine's own rule).
 */
export function attacksPerModel(m: WeaponModel): Float64Array {
  const { weapon, setup } = m;
  let d = diceDist(weapon.attacks);
  if (setup.attacker.halfRange && weapon.abilities.rapidFire !== null)
    d = convolve(d, diceDist(weapon.abilities.rapidFire));
  if (weapon.abilities.blast) d = convolve(d, pointDist(blastBonus(setup)));
  return d;
}

/** A weapon not started yet: all its models' attacks, against Toughness `toughness` (worked out once per weapon and Toughness). */
export function weaponStartJoint(m: WeaponModel, toughness: number): Joint {
  return remembered(m, `start:${toughness}`, () => buildStartJoint(m, toughness));
}

function buildStartJoint(m: WeaponModel, toughness: number): Joint {
  const wound = woundJoint(m, toughness, true);
  const attack = attackJoint(m, m.hit, wound, sustainedJoint(m, wound));
  const count = convolvePower(attacksPerModel(m), m.weapon.models);
  return randomSumJoint(count, attack);
}

/**
 * The rest of a weapon part-way (situation.ts WeaponProgress): every pool of dice still to roll,
 * each die independent, so the total is the convolution of the pools. `damageToApply` is not in
 * here (those wounds already failed their saves; the caller applies them first). As the engine
 * starts a weapon (flow.ts startWeapon), Blast and a fixed Rapid Fire X are already counted in
 * `hitsToRoll`: the `attackRollsPending` models add only their Attacks dice, and the
 * `rapidFireRollsPending` models their Rapid Fire X dice.
 */
export function weaponRestJoint(m: WeaponModel, progress: WeaponProgress, toughness: number): Joint {
  const wound = woundJoint(m, toughness, true);
  const woundNoReroll = woundJoint(m, toughness, false);
  const sustained = sustainedJoint(m, wound);
  const attack = attackJoint(m, m.hit, wound, sustained);
  const attackNoReroll = attackJoint(m, m.hitNoReroll, wound, sustained);
  const pools: Joint[] = [
    pointJoint(progress.savesToMake, 0),
    powerJoint(wound, progress.woundsToRoll),
    powerJoint(woundNoReroll, progress.woundRerollsPending),
    powerJoint(sustained, progress.sustainedRollsPending),
    powerJoint(attack, progress.hitsToRoll),
    powerJoint(attackNoReroll, progress.hitRerollsPending),
  ];
  const rapidFire = m.weapon.abilities.rapidFire;
  const rapidPending = progress.rapidFireRollsPending ?? 0;
  if (progress.attackRollsPending > 0 || rapidPending > 0) {
    let count = convolvePower(diceDist(m.weapon.attacks), progress.attackRollsPending);
    if (rapidPending > 0 && rapidFire !== null)
      count = convolve(count, convolvePower(diceDist(rapidFire), rapidPending));
    pools.push(randomSumJoint(count, attack));
  }
  return pools.reduce((acc, j) => trimJoint(convolveJoint(acc, j)));
}
