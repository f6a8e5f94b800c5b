import { parseDice, type DiceExpression } from '../../../dice/expression';
import { saveFaces } from '../abilities';
import { feelNoPainFor } from '../damage';
import { expectedValue } from '../damageRoll';
import type { DamageReroll, Setup, Weapon } from '../profiles';
import { modifiedDamage } from '../tables';
import { spend } from '../../../analysis/budget';
import { binomialThinning, convolve, diceDist, pointDist } from './distribution';
import { remembered } from './memo';
import { fnpThrough, savePass } from './rolls';
import type { TargetSpace } from './target';

/**
 * What one allocated wound (or one Devastating Wounds critical, or one mortal wound) does to the
 * model it is allocated to, per model group: `t[g·stride + j]` = P(j wounds get through), after
 * the saving throw and Feel No Pain; the model then loses min(j, its wounds left) — excess
 * damage from that attack is lost (seed 001).
 */
export interface EventKernel {
  /** Largest j with non-zero probability. */
  dmax: number;
  stride: number;
  t: Float64Array;
  /** tail[g·(stride+1) + x] = Σ_{j ≥ x} t[g·stride + j]. */
  tail: Float64Array;
}

function kernelFrom(perGroup: Float64Array[]): EventKernel {
  const dmax = Math.max(0, ...perGroup.map((d) => d.length - 1));
  const stride = dmax + 1;
  const t = new Float64Array(perGroup.length * stride);
  const tail = new Float64Array(perGroup.length * (stride + 1));
  perGroup.forEach((d, g) => {
    t.set(d, g * stride);
    for (let x = stride - 1; x >= 0; x--)
      tail[g * (stride + 1) + x] = tail[g * (stride + 1) + x + 1]! + t[g * stride + x]!;
  });
  return { dmax, stride, t, tail };
}

/**
 * The distribution of a weapon's Damage expression rolled with its damage re-roll
 * (WH40K10-MODIFIERS.md "Damage re-roll"), its value at least 0:
 *  - 'ones': each die showing 1 is re-rolled once, so a die shows 1 with probability 1/s² and any
 *    other face with 1/s + 1/s²;
 *  - 'all': a total strictly below the expression's expected value is re-rolled once and the second
 *    total stands: P(v) = P(T = v)·[v ≥ E] + P(T < E)·P(T = v).
 */
export function expressionDist(e: DiceExpression, policy: DamageReroll): Float64Array {
  if (e.count === 0) return pointDist(Math.max(0, e.modifier));
  const s = e.sides;
  const die = new Float64Array(s + 1);
  for (let f = 1; f <= s; f++) die[f] = policy === 'ones' ? (f === 1 ? 1 / (s * s) : 1 / s + 1 / (s * s)) : 1 / s;
  let sum: Float64Array = pointDist(0);
  for (let i = 0; i < e.count; i++) sum = convolve(sum, die);
  if (policy === 'all') {
    const average = expectedValue(e);
    let low = 0;
    sum.forEach((p, t) => (low += t + e.modifier < average ? p : 0));
    sum = sum.map((p, t) => (t + e.modifier >= average ? p : 0) + low * p);
  }
  const out = new Float64Array(Math.max(0, sum.length - 1 + e.modifier) + 1);
  sum.forEach((p, t) => (out[Math.max(0, t + e.modifier)]! += p));
  return out;
}

/** The distribution after the target's damage modifiers (halving, then −1 Damage): WH40K10-MODIFIERS.md steps 3–4. */
export function withDamageModifiers(setup: Setup, d: Float64Array): Float64Array {
  const { halfDamage, damageReduction } = setup.defender;
  if (!halfDamage && damageReduction === 0) return d;
  // The modifiers never raise a Damage and keep its order, so the largest value maps to the new largest.
  const out = new Float64Array(modifiedDamage(d.length - 1, setup.defender) + 1);
  d.forEach((p, v) => (out[modifiedDamage(v, setup.defender)]! += p));
  return out;
}

/**
 * The Damage of one attack of this weapon, in the order of WH40K10-MODIFIERS.md: the expression
 * with its re-roll, plus Melta X within half range (never re-rolled), halved, then −1 Damage.
 */
export function damageDist(setup: Setup, weapon: Weapon): Float64Array {
  return remembered(setup, `damage:${setup.attacker.weapons.indexOf(weapon)}`, () => {
    let d = expressionDist(parseDice(weapon.damage), weapon.damageReroll);
    if (setup.attacker.halfRange && weapon.abilities.melta !== null) d = convolve(d, diceDist(weapon.abilities.melta));
    return withDamageModifiers(setup, d);
  });
}

/** Damage still to come of an attack waiting for its damage re-roll: max(0, rest) + the Melta already rolled, then the target's modifiers. */
export function restDamageDist(setup: Setup, rest: string, plus: number): Float64Array {
  return withDamageModifiers(setup, convolve(diceDist(rest), pointDist(plus)));
}

/**
 * The armour or invulnerable save (the engine's faces: abilities.ts saveFaces, with AP reduction,
 * cover and the save modifier), the better one per attack (seed 001) or the one the defender chose
 * (`chosen`); returns P(pass), with the target's save re-roll unless the die is already a re-roll.
 */
export function savePassFor(
  setup: Setup,
  weapon: Weapon,
  group: number,
  chosen?: 'armour' | 'invulnerable',
  reroll = true,
): number {
  const g = setup.defender.models[group];
  if (!g) return 0;
  const f = saveFaces(setup, g, weapon);
  const face =
    chosen === 'armour' ? f.armour : chosen === 'invulnerable' ? f.invulnerable : Math.min(f.armour, f.invulnerable);
  return savePass(face, reroll ? setup.defender.saveReroll : 'none');
}

/**
 * A wound of this weapon reaching allocation: a saving throw (if `withSave`; `reroll`: the
 * target's save re-roll still allowed), then the damage, each point of which may be ignored by
 * Feel No Pain (one D6 per wound that would be lost). Without save it is a failed save awaiting
 * damage, or (`mortal`) a Devastating Wounds critical: D mortal wounds, excess lost, against the
 * Feel No Pain a model has against mortal wounds (seed 001; WH40K10-MODIFIERS.md).
 */
export function weaponKernel(
  setup: Setup,
  weapon: Weapon,
  withSave: boolean,
  chosen?: 'armour' | 'invulnerable',
  opts: { reroll?: boolean; mortal?: boolean } = {},
): EventKernel {
  const reroll = opts.reroll ?? true;
  const mortal = opts.mortal ?? false;
  return remembered(
    setup,
    `kernel:${setup.attacker.weapons.indexOf(weapon)}:${withSave}:${chosen ?? 'best'}:${reroll}:${mortal}`,
    () => buildWeaponKernel(setup, weapon, withSave, chosen, reroll, mortal),
  );
}

function buildWeaponKernel(
  setup: Setup,
  weapon: Weapon,
  withSave: boolean,
  chosen: 'armour' | 'invulnerable' | undefined,
  reroll: boolean,
  mortal: boolean,
): EventKernel {
  const dmg = damageDist(setup, weapon);
  return kernelFrom(
    setup.defender.models.map((group, g) => {
      const through = binomialThinning(dmg, fnpThrough(feelNoPainFor(group, mortal ? 'devastating' : 'attack')));
      const pass = withSave ? savePassFor(setup, weapon, g, chosen, reroll) : 0;
      for (let j = 0; j < through.length; j++) through[j] = through[j]! * (1 - pass);
      through[0]! += pass;
      return through;
    }),
  );
}

/** One ordinary mortal wound: 1 damage (never halved or reduced), Feel No Pain against mortal wounds; never excess, so it spills over. */
export function mortalKernel(setup: Setup): EventKernel {
  return remembered(setup, 'mortal', () => buildMortalKernel(setup));
}

function buildMortalKernel(setup: Setup): EventKernel {
  return kernelFrom(
    setup.defender.models.map((group) => {
      const q = fnpThrough(feelNoPainFor(group, 'mortal'));
      const d = pointDist(1);
      d[0] = 1 - q;
      d[1] = q;
      return d;
    }),
  );
}

/**
 * dst[lo .. min(hi+dmax, last)] := one event applied to src[lo..hi] (other entries of dst are not
 * touched). Returns the new upper end of the support. The last state (all destroyed) is absorbing.
 */
export function applyKernel(
  k: EventKernel,
  space: TargetSpace,
  src: Float64Array,
  srcOff: number,
  dst: Float64Array,
  dstOff: number,
  lo: number,
  hi: number,
): number {
  const last = space.totalWounds;
  const newHi = Math.min(last, hi + k.dmax);
  spend((hi - lo + 1) * (k.dmax + 1));
  dst.fill(0, dstOff + lo, dstOff + newHi + 1);
  const { t, tail, stride, dmax } = k;
  const groupAt = space.groupAt;
  const leftAt = space.leftAt;
  const tailStride = stride + 1;
  for (let L = lo; L <= hi; L++) {
    const p = src[srcOff + L]!;
    if (p === 0) continue;
    if (L === last) {
      dst[dstOff + L]! += p;
      continue;
    }
    const g = groupAt[L]!;
    const left = leftAt[L]!;
    const base = g * stride;
    const base2 = dstOff + L;
    if (left > dmax) {
      for (let j = 0; j <= dmax; j++) dst[base2 + j]! += p * t[base + j]!;
    } else {
      for (let j = 0; j < left; j++) dst[base2 + j]! += p * t[base + j]!;
      dst[base2 + left]! += p * tail[g * tailStride + left]!;
    }
  }
  return newHi;
}
