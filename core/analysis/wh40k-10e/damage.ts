import type { Setup, Weapon } from '../../systems/wh40k-10e/profiles';
import { armourSaveFace, coverBonus, invulnerableSaveFace } from '../../systems/wh40k-10e/tables';
import { spend } from '../budget';
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
    for (let x = stride - 1; x >= 0; x--) tail[g * (stride + 1) + x] = tail[g * (stride + 1) + x + 1]! + t[g * stride + x]!;
  });
  return { dmax, stride, t, tail };
}

/** The parts of the weapon's damage, each rolled on its own: D, then Melta X within half range (RULES §1). */
export function damageTexts(setup: Setup, weapon: Weapon): string[] {
  return setup.attacker.halfRange && weapon.abilities.melta !== null ? [weapon.damage, weapon.abilities.melta] : [weapon.damage];
}

/** The weapon's damage: D, plus Melta X within half range (RULES §1). */
export function damageDist(setup: Setup, weapon: Weapon): Float64Array {
  return damageTexts(setup, weapon)
    .map(diceDist)
    .reduce((a, b) => convolve(a, b));
}

/**
 * The better of armour (Sv worsened by AP, Benefit of Cover for ranged attacks) and invulnerable
 * save, chosen per attack (seed 001) — or the one the defender chose (`chosen`); returns P(pass).
 */
export function savePassFor(setup: Setup, weapon: Weapon, group: number, chosen?: 'armour' | 'invulnerable'): number {
  const g = setup.defender.models[group];
  if (!g) return 0;
  const bonus = coverBonus({
    cover: setup.defender.cover,
    ranged: setup.attacker.ranged,
    ignoresCover: weapon.abilities.ignoresCover,
    save: g.save,
    ap: weapon.ap,
  });
  const armour = armourSaveFace(g.save, weapon.ap, bonus);
  const invulnerable = invulnerableSaveFace(g.invulnerable);
  const face = chosen === 'armour' ? armour : chosen === 'invulnerable' ? invulnerable : Math.min(armour, invulnerable);
  return savePass(face);
}

/**
 * A wound of this weapon reaching allocation: a saving throw (if `withSave`), then the damage, each
 * point of which may be ignored by Feel No Pain (one D6 per wound that would be lost). Without
 * save it is a failed save awaiting damage, or a Devastating Wounds critical (D mortal wounds,
 * excess lost, FNP applies — seed 001).
 */
export function weaponKernel(setup: Setup, weapon: Weapon, withSave: boolean, chosen?: 'armour' | 'invulnerable'): EventKernel {
  return remembered(setup, `kernel:${setup.attacker.weapons.indexOf(weapon)}:${withSave}:${chosen ?? 'best'}`, () => buildWeaponKernel(setup, weapon, withSave, chosen));
}

function buildWeaponKernel(setup: Setup, weapon: Weapon, withSave: boolean, chosen?: 'armour' | 'invulnerable'): EventKernel {
  const dmg = damageDist(setup, weapon);
  return kernelFrom(
    setup.defender.models.map((group, g) => {
      const through = binomialThinning(dmg, fnpThrough(group.feelNoPain));
      const pass = withSave ? savePassFor(setup, weapon, g, chosen) : 0;
      for (let j = 0; j < through.length; j++) through[j] = through[j]! * (1 - pass);
      through[0]! += pass;
      return through;
    }),
  );
}

/** One ordinary mortal wound: 1 damage, Feel No Pain applies; never excess, so it spills over. */
export function mortalKernel(setup: Setup): EventKernel {
  return remembered(setup, 'mortal', () => buildMortalKernel(setup));
}

function buildMortalKernel(setup: Setup): EventKernel {
  return kernelFrom(
    setup.defender.models.map((group) => {
      const q = fnpThrough(group.feelNoPain);
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
export function applyKernel(k: EventKernel, space: TargetSpace, src: Float64Array, srcOff: number, dst: Float64Array, dstOff: number, lo: number, hi: number): number {
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
