import { maxOf, parseDice } from '../../../dice/expression';
import { blastBonus } from '../abilities';
import type { Situation } from '../situation';
import { ANALYSIS_WORK_LIMIT } from '../../../analysis/budget';

/**
 * How big an exact 10th edition analysis is, before running it. The cost model of analyze.ts:
 *  - building a weapon's (wounds, criticals) joint is a convolution power over its A attacks, each
 *    step costing the joint's size (trimmed to its real spread: about 30·σ ≈ 30·per·√a wide) times
 *    one attack's outcomes: Σ_a w_n(a)·w_c(a)·J;
 *  - applying its N wounds to the target is a walk over the S = total wounds + 1 states, each step
 *    costing the damage's spread: N·S·(dmax + 1), times the waiting Devastating Wounds slices.
 * It is an upper estimate of the work units the meter counts (budget.ts), used to refuse at once a
 * setup that could never finish; setups near the limit are run and stopped by the meter instead.
 */

const per = (text: string | null) => (text === null ? 0 : maxOf(parseDice(text)));
const width = (a: number, perAttack: number) => Math.min(a * perAttack + 1, 30 * perAttack * Math.sqrt(a) + 1);

export interface Size10e {
  /** The most attacks the weapons still to resolve can make. */
  attacks: number;
  /** Models of the target still alive, and their wounds. */
  models: number;
  wounds: number;
  /** Work units the analysis would take, at most about. */
  work: number;
}

export function size10e(situation: Situation): Size10e {
  const { setup } = situation;
  const alive = situation.models.filter((m) => m.woundsLeft > 0);
  const wounds = alive.reduce((s, m) => s + m.woundsLeft, 0);
  const S = wounds + 1;
  const weapons = [...(situation.current ? [situation.current.weapon] : []), ...situation.nextWeapons];
  let attacks = 0;
  let work = 0;
  let devSlices = 1;
  for (const index of weapons) {
    const w = setup.attacker.weapons[index]!;
    const a = w.abilities;
    const rapid = setup.attacker.halfRange && a.rapidFire !== null ? per(a.rapidFire) : 0;
    const A = w.models * (per(w.attacks) + rapid + (a.blast ? blastBonus(setup) : 0));
    attacks += A;
    const hitsPerAttack = 1 + (a.sustainedHits === null ? 0 : per(a.sustainedHits));
    const critsPerAttack = a.devastatingWounds ? hitsPerAttack : 0;
    const J = (hitsPerAttack + 1) * (critsPerAttack + 1);
    for (let k = 1; k <= A; k += Math.max(1, Math.floor(A / 200)))
      work += width(k, hitsPerAttack) * width(k, critsPerAttack) * J * Math.max(1, Math.floor(A / 200));
    const dmax = per(w.damage) + (setup.attacker.halfRange ? per(a.melta) : 0);
    const N = Math.min(A * hitsPerAttack, width(A, hitsPerAttack));
    if (a.devastatingWounds) devSlices *= Math.min(A * critsPerAttack, width(A, critsPerAttack)) + 1;
    work += N * S * (dmax + 1) * devSlices;
  }
  return { attacks, models: alive.length, wounds, work };
}

/** A refusal in words when the analysis of this situation would be far beyond the budget; null otherwise. */
export function tooLarge10e(situation: Situation, limit = ANALYSIS_WORK_LIMIT): string | null {
  const size = size10e(situation);
  return size.work > 20 * limit ? sizeMessage(size) : null;
}

export function sizeMessage(size: Pick<Size10e, 'attacks' | 'models' | 'wounds'>): string {
  return `up to ${size.attacks} attacks against ${size.models} models with ${size.wounds} wounds in all: too many outcomes to count exactly in about a second`;
}
