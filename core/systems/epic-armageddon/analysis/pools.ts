import type { UnitDice } from '../dice';
import { passChance } from '../tables';
import { binomial, convolve } from './dice';
import { countOf, type SideModel } from './model';

/**
 * Attack dice and the hits they make (seed 003: a D6 against the value, no modifiers). Macro-weapon
 * hits and the others are counted apart (they are allocated and saved differently); being
 * different dice they are independent.
 */

export interface HitDist {
  /** P(k Macro-weapon hits) at k. */
  macro: number[];
  /** P(k other hits) at k. */
  normal: number[];
}

export interface PoolDie {
  value: number;
  macro: boolean;
  dice: number;
}

export const noHits: HitDist = { macro: [1], normal: [1] };

export function hitsOf(
  pool: readonly PoolDie[],
  known: { macro: number; normal: number } = { macro: 0, normal: 0 },
): HitDist {
  let macro = [...Array<number>(known.macro).fill(0), 1];
  let normal = [...Array<number>(known.normal).fill(0), 1];
  for (const d of pool) {
    const b = binomial(d.dice, passChance(d.value));
    if (d.macro) macro = convolve(macro, b);
    else normal = convolve(normal, b);
  }
  return { macro, normal };
}

/** The dice a side's standing engaged units roll in a wave, from its state (a war engine rolls its starting DC however damaged). */
export function poolOf(m: SideModel, x: number, wave: 'firstStrike' | 'main'): PoolDie[] {
  const byKey = new Map<string, PoolDie>();
  m.blocks.forEach((b, k) => {
    const c = countOf(m, x, k);
    if (c === 0) return;
    const units = b.warEngine ? 1 : c;
    for (const d of (wave === 'main' ? b.main : b.firstStrike) as UnitDice[]) {
      const key = `${d.value}|${d.macro}`;
      const had = byKey.get(key);
      if (had) had.dice += d.dice * units;
      else byKey.set(key, { value: d.value, macro: d.macro, dice: d.dice * units });
    }
  });
  return [...byKey.values()].sort((a, b) => a.value - b.value || Number(a.macro) - Number(b.macro));
}

export const poolKey = (pool: readonly PoolDie[]) =>
  pool.map((d) => `${d.value}${d.macro ? 'm' : ''}x${d.dice}`).join(',');
